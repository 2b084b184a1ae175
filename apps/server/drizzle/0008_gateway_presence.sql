ALTER TABLE "computer_controllers" ADD COLUMN "gateway_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "computer_controllers" ADD COLUMN "gateway_version" varchar(64);