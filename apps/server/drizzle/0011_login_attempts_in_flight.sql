ALTER TABLE "login_failures" ADD COLUMN "in_flight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "in_flight_until" timestamp with time zone;