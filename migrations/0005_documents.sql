CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "document_passages" (
	"document_id" text NOT NULL,
	"account_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer NOT NULL,
	"row_end" integer,
	"heading" text,
	"content" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "document_passages_document_id_ordinal_pk" PRIMARY KEY("document_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "document_rows" (
	"document_id" text NOT NULL,
	"account_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"cells" text[] NOT NULL,
	CONSTRAINT "document_rows_document_id_row_number_pk" PRIMARY KEY("document_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"filename" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"kind" text NOT NULL,
	"blob_key" text NOT NULL,
	"search_config" text NOT NULL,
	"page_count" integer NOT NULL,
	"passage_count" integer NOT NULL,
	"columns" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_passages" ADD CONSTRAINT "document_passages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_rows" ADD CONSTRAINT "document_rows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_passages_tsv_idx" ON "document_passages" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "document_passages_trgm_idx" ON "document_passages" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_account_idx" ON "documents" USING btree ("account_id","created_at");