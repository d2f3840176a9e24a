DROP INDEX "deployments_site_idx";--> statement-breakpoint
CREATE INDEX "deployments_site_created_idx" ON "deployments" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sites_account_idx" ON "sites" USING btree ("account_id");