CREATE TABLE "corpus_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"key" integer GENERATED ALWAYS AS IDENTITY (sequence name "corpus_documents_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" text,
	"url" text NOT NULL,
	"title" text,
	"text" text NOT NULL,
	"word_count" integer NOT NULL,
	"token_count" integer NOT NULL,
	"content_hash" text NOT NULL,
	"scheme" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corpus_documents_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "corpus_fingerprints" (
	"hash" bigint NOT NULL,
	"doc_key" integer NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corpus_documents" ADD CONSTRAINT "corpus_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corpus_fingerprints" ADD CONSTRAINT "corpus_fingerprints_doc_key_corpus_documents_key_fk" FOREIGN KEY ("doc_key") REFERENCES "public"."corpus_documents"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corpus_documents_public_url_idx" ON "corpus_documents" USING btree ("url") WHERE account_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "corpus_documents_account_url_idx" ON "corpus_documents" USING btree ("account_id","url") WHERE account_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "corpus_fingerprints_hash_idx" ON "corpus_fingerprints" USING btree ("hash","doc_key","pos");--> statement-breakpoint
CREATE INDEX "corpus_fingerprints_doc_idx" ON "corpus_fingerprints" USING btree ("doc_key");