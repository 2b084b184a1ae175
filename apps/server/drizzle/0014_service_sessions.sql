CREATE TABLE "service_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer,
	"controller_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"reason" text NOT NULL,
	"hours" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"comment" text,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	CONSTRAINT "service_sessions_state" CHECK ("service_sessions"."state" in ('requested', 'accepted', 'rejected', 'withdrawn', 'ended')),
	CONSTRAINT "service_sessions_hours" CHECK ("service_sessions"."hours" between 1 and 168)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "service_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_controller_id_computer_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."computer_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_sessions_controller_idx" ON "service_sessions" USING btree ("controller_id","requester_id");--> statement-breakpoint
CREATE INDEX "service_sessions_ticket_idx" ON "service_sessions" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "service_sessions_business_idx" ON "service_sessions" USING btree ("business_id","state");--> statement-breakpoint
CREATE INDEX "activity_records_ticket_idx" ON "activity_records" USING btree ("ticket_id","seq");