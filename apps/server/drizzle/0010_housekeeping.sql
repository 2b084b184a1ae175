CREATE TABLE "housekeeping_runs" (
	"task" varchar(64) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);
