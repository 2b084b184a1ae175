CREATE TABLE "machine_readiness" (
	"machine_group_id" integer PRIMARY KEY NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_queue_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_queue_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"library_file_id" integer,
	"file_name" varchar(255) NOT NULL,
	"machine_group_id" integer,
	"machine_type_id" integer,
	"location" varchar(100),
	"copies" integer NOT NULL,
	"copies_started" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"state" varchar(16) DEFAULT 'waiting' NOT NULL,
	"queued_by" integer,
	"queued_at" timestamp with time zone NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "print_queue_jobs_one_target" CHECK (("print_queue_jobs"."machine_group_id" is null) <> ("print_queue_jobs"."machine_type_id" is null) and ("print_queue_jobs"."location" is null or "print_queue_jobs"."machine_type_id" is not null)),
	CONSTRAINT "print_queue_jobs_copies" CHECK ("print_queue_jobs"."copies" between 1 and 100 and "print_queue_jobs"."copies_started" between 0 and "print_queue_jobs"."copies"),
	CONSTRAINT "print_queue_jobs_state" CHECK ("print_queue_jobs"."state" in ('waiting', 'printing', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "print_queue_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_queue_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"machine_group_id" integer NOT NULL,
	"copy" integer NOT NULL,
	"state" varchar(16) DEFAULT 'starting' NOT NULL,
	"board_file" varchar(510) NOT NULL,
	"started_by" integer,
	"automatic" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"reason" varchar(500),
	CONSTRAINT "print_queue_runs_state" CHECK ("print_queue_runs"."state" in ('starting', 'printing', 'paused', 'finished', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "print_queue_auto_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_readiness" ADD CONSTRAINT "machine_readiness_machine_group_id_machine_groups_id_fk" FOREIGN KEY ("machine_group_id") REFERENCES "public"."machine_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_readiness" ADD CONSTRAINT "machine_readiness_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_jobs" ADD CONSTRAINT "print_queue_jobs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_jobs" ADD CONSTRAINT "print_queue_jobs_library_file_id_library_files_id_fk" FOREIGN KEY ("library_file_id") REFERENCES "public"."library_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_jobs" ADD CONSTRAINT "print_queue_jobs_machine_group_id_machine_groups_id_fk" FOREIGN KEY ("machine_group_id") REFERENCES "public"."machine_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_jobs" ADD CONSTRAINT "print_queue_jobs_machine_type_id_machine_types_id_fk" FOREIGN KEY ("machine_type_id") REFERENCES "public"."machine_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_jobs" ADD CONSTRAINT "print_queue_jobs_queued_by_users_id_fk" FOREIGN KEY ("queued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_jobs" ADD CONSTRAINT "print_queue_jobs_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_runs" ADD CONSTRAINT "print_queue_runs_job_id_print_queue_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."print_queue_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_runs" ADD CONSTRAINT "print_queue_runs_machine_group_id_machine_groups_id_fk" FOREIGN KEY ("machine_group_id") REFERENCES "public"."machine_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_queue_runs" ADD CONSTRAINT "print_queue_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_queue_jobs_business_idx" ON "print_queue_jobs" USING btree ("business_id","state","position");--> statement-breakpoint
CREATE UNIQUE INDEX "print_queue_runs_one_active" ON "print_queue_runs" USING btree ("machine_group_id") WHERE "print_queue_runs"."state" in ('starting', 'printing', 'paused');--> statement-breakpoint
CREATE INDEX "print_queue_runs_job_idx" ON "print_queue_runs" USING btree ("job_id");