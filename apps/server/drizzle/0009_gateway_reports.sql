ALTER TABLE "computer_controllers" ADD COLUMN "gateway_report" jsonb;--> statement-breakpoint
ALTER TABLE "computer_controllers" ADD COLUMN "gateway_reported_at" timestamp with time zone;