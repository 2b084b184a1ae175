CREATE TABLE "maintenance_reminders" (
	"task_id" integer NOT NULL,
	"machine_group_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "maintenance_reminders_task_id_machine_group_id_cycle_pk" PRIMARY KEY("task_id","machine_group_id","cycle"),
	CONSTRAINT "maintenance_reminders_state" CHECK ("maintenance_reminders"."state" in ('dueSoon', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "machine_jobs" ADD COLUMN "board_local_at" timestamp;--> statement-breakpoint
ALTER TABLE "maintenance_reminders" ADD CONSTRAINT "maintenance_reminders_task_id_maintenance_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."maintenance_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_reminders" ADD CONSTRAINT "maintenance_reminders_machine_group_id_machine_groups_id_fk" FOREIGN KEY ("machine_group_id") REFERENCES "public"."machine_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_reminders_group_idx" ON "maintenance_reminders" USING btree ("machine_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_jobs_board_line_unique" ON "machine_jobs" USING btree ("controller_id","board_local_at","file_name");