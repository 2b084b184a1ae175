CREATE TABLE "machine_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"controller_id" integer NOT NULL,
	"machine_group_id" integer,
	"finished_at" timestamp with time zone NOT NULL,
	"file_name" text NOT NULL,
	"print_seconds" integer,
	"filament_mm" numeric(12, 1),
	"outcome" varchar(16),
	"source" varchar(16) NOT NULL,
	CONSTRAINT "machine_jobs_outcome" CHECK ("machine_jobs"."outcome" in ('completed', 'cancelled', 'interrupted')),
	CONSTRAINT "machine_jobs_source" CHECK ("machine_jobs"."source" in ('live', 'statistics')),
	CONSTRAINT "machine_jobs_amounts" CHECK ("machine_jobs"."print_seconds" >= 0 and "machine_jobs"."filament_mm" >= 0)
);
--> statement-breakpoint
CREATE TABLE "maintenance_done" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_done_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"machine_group_id" integer NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"done_by" integer,
	"note" text DEFAULT '' NOT NULL,
	"parts" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_overrides" (
	"machine_group_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"every_hours" integer,
	"every_jobs" integer,
	"every_metres" integer,
	"every_days" integer,
	CONSTRAINT "maintenance_overrides_machine_group_id_task_id_pk" PRIMARY KEY("machine_group_id","task_id"),
	CONSTRAINT "maintenance_overrides_some_interval" CHECK (coalesce("maintenance_overrides"."every_hours", "maintenance_overrides"."every_jobs", "maintenance_overrides"."every_metres", "maintenance_overrides"."every_days") is not null)
);
--> statement-breakpoint
CREATE TABLE "maintenance_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"machine_type_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"instruction" text DEFAULT '' NOT NULL,
	"link" text,
	"every_hours" integer,
	"every_jobs" integer,
	"every_metres" integer,
	"every_days" integer,
	CONSTRAINT "maintenance_tasks_some_interval" CHECK (coalesce("maintenance_tasks"."every_hours", "maintenance_tasks"."every_jobs", "maintenance_tasks"."every_metres", "maintenance_tasks"."every_days") is not null)
);
--> statement-breakpoint
ALTER TABLE "machine_groups" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_jobs" ADD CONSTRAINT "machine_jobs_controller_id_computer_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."computer_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_jobs" ADD CONSTRAINT "machine_jobs_machine_group_id_machine_groups_id_fk" FOREIGN KEY ("machine_group_id") REFERENCES "public"."machine_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_done" ADD CONSTRAINT "maintenance_done_task_id_maintenance_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."maintenance_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_done" ADD CONSTRAINT "maintenance_done_machine_group_id_machine_groups_id_fk" FOREIGN KEY ("machine_group_id") REFERENCES "public"."machine_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_done" ADD CONSTRAINT "maintenance_done_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_overrides" ADD CONSTRAINT "maintenance_overrides_machine_group_id_machine_groups_id_fk" FOREIGN KEY ("machine_group_id") REFERENCES "public"."machine_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_overrides" ADD CONSTRAINT "maintenance_overrides_task_id_maintenance_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."maintenance_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_tasks" ADD CONSTRAINT "maintenance_tasks_machine_type_id_machine_types_id_fk" FOREIGN KEY ("machine_type_id") REFERENCES "public"."machine_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machine_jobs_job_unique" ON "machine_jobs" USING btree ("controller_id","finished_at","file_name");--> statement-breakpoint
CREATE INDEX "machine_jobs_group_idx" ON "machine_jobs" USING btree ("machine_group_id","finished_at");--> statement-breakpoint
CREATE INDEX "maintenance_done_group_task_idx" ON "maintenance_done" USING btree ("machine_group_id","task_id","done_at");--> statement-breakpoint
CREATE INDEX "maintenance_overrides_task_idx" ON "maintenance_overrides" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "maintenance_tasks_type_idx" ON "maintenance_tasks" USING btree ("machine_type_id");