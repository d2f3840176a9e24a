ALTER TABLE "domains" ADD COLUMN "ssl_problem" jsonb;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "paired_with" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "redirects" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "ownership_domain" text;