ALTER TABLE "document_passages" ADD COLUMN "sentence_vectors" "bytea";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "meaning_indexed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "documents_unindexed_idx" ON "documents" USING btree ("created_at") WHERE meaning_indexed_at IS NULL AND kind <> 'csv' AND search_config = 'english';