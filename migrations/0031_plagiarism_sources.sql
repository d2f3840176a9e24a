ALTER TABLE "plans" ADD COLUMN "quota_plagiarism_checks" bigint DEFAULT 100;--> statement-breakpoint
ALTER TABLE "corpus_documents" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "corpus_documents" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "corpus_documents" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
CREATE INDEX "corpus_documents_account_created_idx" ON "corpus_documents" USING btree ("account_id","created_at","id") WHERE account_id IS NOT NULL;--> statement-breakpoint
-- Hand-written: each plan's plagiarism checks per billing period (operators may change them later).
UPDATE "plans" SET "quota_plagiarism_checks" = CASE "id" WHEN 'free' THEN 100 WHEN 'pro' THEN 10000 WHEN 'business' THEN 100000 ELSE "quota_plagiarism_checks" END;
