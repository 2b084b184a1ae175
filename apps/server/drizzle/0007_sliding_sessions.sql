CREATE TABLE "portal_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"session_max_hours" integer NOT NULL,
	CONSTRAINT "portal_settings_one_row" CHECK ("portal_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "absolute_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "renewal_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_renewal_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "renewed_at" timestamp with time zone;