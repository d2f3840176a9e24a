CREATE TABLE "installation_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"recorded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
