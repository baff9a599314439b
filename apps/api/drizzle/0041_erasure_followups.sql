CREATE TABLE "erasure_followups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_reference" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"gateway" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "erasure_followups_kind_check" CHECK ("erasure_followups"."kind" in ('file', 'payment_customer'))
);
--> statement-breakpoint
CREATE INDEX "erasure_followups_request_idx" ON "erasure_followups" USING btree ("request_reference");--> statement-breakpoint
CREATE INDEX "erasure_followups_due_idx" ON "erasure_followups" USING btree ("next_attempt_at") WHERE "erasure_followups"."done_at" is null;