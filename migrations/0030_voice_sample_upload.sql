ALTER TABLE "voices" ALTER COLUMN "sample_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "sample_key" text;--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_one_sample" CHECK (("voices"."sample_url" is null) <> ("voices"."sample_key" is null));