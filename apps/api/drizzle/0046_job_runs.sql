CREATE TABLE "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_failed_at" timestamp with time zone,
	"last_failure" text
);
