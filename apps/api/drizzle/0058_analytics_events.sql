CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"subject" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_subject_pk" PRIMARY KEY("day","metric","subject")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"anonymous_id" text,
	"user_id" text,
	"properties" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_metric_idx" ON "analytics_daily" USING btree ("metric","day");--> statement-breakpoint
CREATE INDEX "analytics_events_user_idx" ON "analytics_events" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_anonymous_idx" ON "analytics_events" USING btree ("anonymous_id","received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");