ALTER TABLE "document_passages" ADD COLUMN "sentence_vectors_model" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "meaning_model" text;--> statement-breakpoint
CREATE INDEX "documents_meaning_model_idx" ON "documents" USING btree ("meaning_model") WHERE kind <> 'csv' AND search_config = 'english';--> statement-breakpoint
UPDATE "documents" SET "meaning_model" = 'local:use-lite' WHERE "meaning_indexed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "document_passages" SET "sentence_vectors_model" = 'local:use-lite' WHERE "sentence_vectors" IS NOT NULL;
