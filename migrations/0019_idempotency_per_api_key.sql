-- Hand-written: a row from before cannot say which API key sent it, so it is forgotten (24 hours of replays at most).
DELETE FROM "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_account_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "api_key_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_api_key_id_key_pk" PRIMARY KEY("account_id","api_key_id","key");
