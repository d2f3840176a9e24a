ALTER TABLE "plans" ALTER COLUMN "quota_text_tokens" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "quota_images_generated" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "quota_audio_seconds" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "quota_file_chats" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE "plans" SET "name" = CASE "id" WHEN 'free' THEN 'Free' WHEN 'pro' THEN 'Pro' WHEN 'business' THEN 'Business' ELSE "name" END WHERE "name" IS NULL;
