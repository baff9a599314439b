CREATE TABLE "content_global_items" (
	"id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_global_items_schedule_check" CHECK ("content_global_items"."starts_at" is null or "content_global_items"."ends_at" is null or "content_global_items"."ends_at" > "content_global_items"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"draft_revision" integer NOT NULL,
	"published_revision" integer,
	"published_at" timestamp with time zone,
	"scheduled_revision" integer,
	"scheduled_for" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_pages_schedule_check" CHECK (("content_pages"."scheduled_revision" is null) = ("content_pages"."scheduled_for" is null)),
	CONSTRAINT "content_pages_published_check" CHECK (("content_pages"."published_revision" is null) = ("content_pages"."published_at" is null))
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"subject" text NOT NULL,
	"revision" integer NOT NULL,
	"action" text NOT NULL,
	"document" jsonb NOT NULL,
	"publish_at" timestamp with time zone,
	"by_user_id" text,
	"by_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_revisions_subject_revision_pk" PRIMARY KEY("subject","revision")
);
--> statement-breakpoint
CREATE INDEX "content_revisions_by_user_idx" ON "content_revisions" USING btree ("by_user_id");