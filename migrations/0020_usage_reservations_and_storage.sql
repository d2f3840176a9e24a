CREATE TABLE "account_storage" (
	"account_id" text PRIMARY KEY NOT NULL,
	"file_bytes" bigint DEFAULT 0 NOT NULL,
	"site_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_claims" (
	"account_id" text NOT NULL,
	"object_id" text NOT NULL,
	"kind" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_claims_account_id_object_id_pk" PRIMARY KEY("account_id","object_id")
);
--> statement-breakpoint
CREATE TABLE "usage_reservations" (
	"source_id" text NOT NULL,
	"metric" text NOT NULL,
	"account_id" text NOT NULL,
	"period_start" date NOT NULL,
	"quantity" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_reservations_source_id_metric_pk" PRIMARY KEY("source_id","metric")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "storage_bytes" bigint DEFAULT 104857600 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_totals" ADD COLUMN "reserved" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_storage" ADD CONSTRAINT "account_storage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_claims" ADD CONSTRAINT "storage_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_reservations" ADD CONSTRAINT "usage_reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_claims_file_age_idx" ON "storage_claims" USING btree ("created_at") WHERE kind = 'file';--> statement-breakpoint
-- Hand-written: the paid plans' storage allowances, and what accounts already store charged to them.
UPDATE "plans" SET "storage_bytes" = CASE "id" WHEN 'pro' THEN 10737418240 WHEN 'business' THEN 107374182400 ELSE "storage_bytes" END;--> statement-breakpoint
INSERT INTO "storage_claims" ("account_id", "object_id", "kind", "bytes") SELECT "account_id", "id", 'file', "size_bytes" FROM "documents" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "storage_claims" ("account_id", "object_id", "kind", "bytes") SELECT d."account_id", 'blob:' || f."hash", 'site', max(f."size") FROM "deployment_files" f JOIN "deployments" d ON d."id" = f."deployment_id" GROUP BY d."account_id", f."hash" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "account_storage" ("account_id", "file_bytes", "site_bytes") SELECT "account_id", coalesce(sum("bytes") FILTER (WHERE "kind" = 'file'), 0), coalesce(sum("bytes") FILTER (WHERE "kind" = 'site'), 0) FROM "storage_claims" GROUP BY "account_id";
