CREATE TABLE "deployment_upload_blobs" (
	"deployment_id" text NOT NULL,
	"hash" text NOT NULL,
	"size" bigint,
	CONSTRAINT "deployment_upload_blobs_deployment_id_hash_pk" PRIMARY KEY("deployment_id","hash")
);
--> statement-breakpoint
CREATE TABLE "deployment_uploads" (
	"deployment_id" text PRIMARY KEY NOT NULL,
	"files" jsonb NOT NULL,
	"active_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deployment_upload_blobs" ADD CONSTRAINT "deployment_upload_blobs_deployment_id_deployment_uploads_deployment_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployment_uploads"("deployment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_uploads" ADD CONSTRAINT "deployment_uploads_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deployment_upload_blobs_hash_idx" ON "deployment_upload_blobs" USING btree ("hash");