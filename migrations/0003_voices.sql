CREATE TABLE "voices" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"sample_url" text NOT NULL,
	"error" text,
	"profile" jsonb,
	"settings" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voices_account_idx" ON "voices" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "voices_status_idx" ON "voices" USING btree ("status","created_at");