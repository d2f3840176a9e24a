CREATE TABLE "deploy_hooks" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"site_id" text NOT NULL,
	"name" text,
	"environment" text DEFAULT 'production' NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_triggered_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "archive_key" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "promoted_from" text;--> statement-breakpoint
ALTER TABLE "deploy_hooks" ADD CONSTRAINT "deploy_hooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_hooks" ADD CONSTRAINT "deploy_hooks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deploy_hooks_site_idx" ON "deploy_hooks" USING btree ("site_id","created_at");