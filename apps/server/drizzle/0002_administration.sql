CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"surname" varchar(100) DEFAULT '' NOT NULL,
	"country" varchar(100) NOT NULL,
	"province" varchar(100) DEFAULT '' NOT NULL,
	"city" varchar(100) NOT NULL,
	"street" varchar(200) NOT NULL,
	"cap" integer NOT NULL,
	CONSTRAINT "addresses_cap_range" CHECK ("addresses"."cap" between 0 and 99999)
);
--> statement-breakpoint
CREATE TABLE "board_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "computer_controllers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "computer_controllers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"type_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"license_id" integer,
	"key_hash" text,
	"key_created_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "computer_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "computer_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"surname" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"expiry_ms" bigint NOT NULL,
	"activation" timestamp with time zone,
	CONSTRAINT "licenses_expiry_positive" CHECK ("licenses"."expiry_ms" > 0)
);
--> statement-breakpoint
CREATE TABLE "machine_group_users" (
	"machine_group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "machine_group_users_machine_group_id_user_id_pk" PRIMARY KEY("machine_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "machine_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"location" varchar(100) DEFAULT '' NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"machine_type_id" integer NOT NULL,
	"board_type_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"computer_controller_id" integer NOT NULL,
	"firmware" numeric(2, 1) DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_groups_firmware_known" CHECK ("machine_groups"."firmware" in (0, 3.4, 3.5, 3.6))
);
--> statement-breakpoint
CREATE TABLE "machine_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ticket_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "machine_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "computer_controllers" ADD CONSTRAINT "computer_controllers_type_id_computer_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."computer_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "computer_controllers" ADD CONSTRAINT "computer_controllers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "computer_controllers" ADD CONSTRAINT "computer_controllers_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_group_users" ADD CONSTRAINT "machine_group_users_machine_group_id_machine_groups_id_fk" FOREIGN KEY ("machine_group_id") REFERENCES "public"."machine_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_group_users" ADD CONSTRAINT "machine_group_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_groups" ADD CONSTRAINT "machine_groups_machine_type_id_machine_types_id_fk" FOREIGN KEY ("machine_type_id") REFERENCES "public"."machine_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_groups" ADD CONSTRAINT "machine_groups_board_type_id_board_types_id_fk" FOREIGN KEY ("board_type_id") REFERENCES "public"."board_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_groups" ADD CONSTRAINT "machine_groups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_groups" ADD CONSTRAINT "machine_groups_computer_controller_id_computer_controllers_id_fk" FOREIGN KEY ("computer_controller_id") REFERENCES "public"."computer_controllers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "computer_controllers_license_unique" ON "computer_controllers" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "computer_controllers_business_idx" ON "computer_controllers" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "contacts_user_idx" ON "contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "licenses_business_idx" ON "licenses" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "machine_group_users_user_idx" ON "machine_group_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_groups_controller_unique" ON "machine_groups" USING btree ("computer_controller_id");--> statement-breakpoint
CREATE INDEX "machine_groups_business_idx" ON "machine_groups" USING btree ("business_id");