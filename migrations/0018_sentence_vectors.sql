ALTER TABLE "document_passages" ADD COLUMN "sentence_vectors" "bytea";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "meaning_indexed_at" timestamp (3) with time zone;