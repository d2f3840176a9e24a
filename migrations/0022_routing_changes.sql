CREATE TABLE "routing_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "routing_changes_created_at_idx" ON "routing_changes" USING btree ("created_at");--> statement-breakpoint
-- Hand-written: every change to what a host serves leaves a row edges read incrementally (see src/hosting/edge/site-routes.ts).
CREATE FUNCTION "record_routing_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		INSERT INTO "routing_changes" ("kind", "key") VALUES (TG_ARGV[0], to_jsonb(OLD) ->> TG_ARGV[1]);
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (to_jsonb(OLD) ->> TG_ARGV[1]) IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[1])) THEN
		INSERT INTO "routing_changes" ("kind", "key") VALUES (TG_ARGV[0], to_jsonb(NEW) ->> TG_ARGV[1]);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "live_deployments_routing_change" AFTER INSERT OR UPDATE OR DELETE ON "live_deployments" FOR EACH ROW EXECUTE FUNCTION "record_routing_change"('live', 'site_id');
--> statement-breakpoint
CREATE TRIGGER "domains_routing_change" AFTER INSERT OR DELETE OR UPDATE OF "domain", "site_id", "status", "ssl", "paired_with", "redirects" ON "domains" FOR EACH ROW EXECUTE FUNCTION "record_routing_change"('domain', 'domain');
--> statement-breakpoint
CREATE TRIGGER "certificates_routing_change" AFTER INSERT OR UPDATE OR DELETE ON "certificates" FOR EACH ROW EXECUTE FUNCTION "record_routing_change"('certificate', 'hostname');
