CREATE TABLE "site_traffic" (
	"account_id" text NOT NULL,
	"site_id" text NOT NULL,
	"period_start" date NOT NULL,
	"proxied_bytes" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_traffic_account_id_period_start_site_id_pk" PRIMARY KEY("account_id","period_start","site_id")
);
--> statement-breakpoint
ALTER TABLE "site_traffic" ADD CONSTRAINT "site_traffic_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;