CREATE TABLE "range_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'checked' NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	"lines" integer NOT NULL,
	"changing" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"refused" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"products_done" integer DEFAULT 0 NOT NULL,
	"changes" jsonb NOT NULL,
	"refusals" jsonb NOT NULL,
	"locked_until" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "range_imports_due_idx" ON "range_imports" USING btree ("status") WHERE "range_imports"."status" in ('queued', 'applying');--> statement-breakpoint
CREATE INDEX "range_imports_actor_idx" ON "range_imports" USING btree ("actor_user_id");