ALTER TABLE "audit_events" ADD COLUMN "actor_kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_key_prefix" text;--> statement-breakpoint
CREATE INDEX "audit_events_account_actor_idx" ON "audit_events" USING btree ("account_id","actor_id","id");--> statement-breakpoint
UPDATE "audit_events" SET
  "actor_kind" = CASE WHEN "actor_user_id" IS NOT NULL THEN 'user' WHEN "actor" = 'deploy hook' THEN 'deploy_hook' WHEN "actor" LIKE 'API key %' THEN 'api_key' ELSE 'cli' END,
  "actor_id" = CASE WHEN "actor_user_id" IS NOT NULL THEN "actor_user_id" WHEN "actor" LIKE 'API key %' THEN substr("actor", 9) WHEN "actor" = 'deploy hook' THEN "target" END;
