CREATE TABLE "gateway_pairing_limits" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"requests" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_pairings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_pairings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"address" varchar(100) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"controller_id" integer,
	"board" varchar(300),
	"webcam" varchar(300)
);
--> statement-breakpoint
ALTER TABLE "gateway_pairings" ADD CONSTRAINT "gateway_pairings_controller_id_computer_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."computer_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_pairings_code_unique" ON "gateway_pairings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gateway_pairings_expires_idx" ON "gateway_pairings" USING btree ("expires_at");