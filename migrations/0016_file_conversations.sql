CREATE TABLE "file_conversation_turns" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"account_id" text NOT NULL,
	"question" text NOT NULL,
	"standalone" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"file_ids" text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_conversation_turns" ADD CONSTRAINT "file_conversation_turns_conversation_id_file_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."file_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_conversation_turns" ADD CONSTRAINT "file_conversation_turns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_conversations" ADD CONSTRAINT "file_conversations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_conversation_turns_conversation_idx" ON "file_conversation_turns" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "file_conversations_account_idx" ON "file_conversations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "file_conversations_expiry_idx" ON "file_conversations" USING btree ("expires_at");