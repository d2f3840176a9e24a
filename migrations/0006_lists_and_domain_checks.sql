ALTER TABLE "domains" ADD COLUMN "last_check" jsonb;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "next_check_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "deployments_account_idx" ON "deployments" USING btree ("account_id","created_at");