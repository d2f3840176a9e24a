ALTER TABLE "deployment_uploads" ADD COLUMN "missing" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deployment_uploads" ADD COLUMN "received_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "deployment_upload_blobs_missing_idx" ON "deployment_upload_blobs" USING btree ("deployment_id","hash") WHERE "deployment_upload_blobs"."size" IS NULL;--> statement-breakpoint
UPDATE "deployment_uploads" u SET "missing" = (SELECT count(*) FROM "deployment_upload_blobs" b WHERE b."deployment_id" = u."deployment_id" AND b."size" IS NULL), "received_bytes" = (SELECT coalesce(sum(b."size"), 0) FROM "deployment_upload_blobs" b WHERE b."deployment_id" = u."deployment_id");
