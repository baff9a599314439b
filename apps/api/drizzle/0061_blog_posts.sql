ALTER TABLE "content_pages" ADD COLUMN "kind" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "content_pages" SET "first_published_at" = "published_at";--> statement-breakpoint
ALTER TABLE "content_pages" DROP CONSTRAINT "content_pages_pkey";--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_kind_slug_pk" PRIMARY KEY("kind","slug");--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_kind_check" CHECK ("content_pages"."kind" in ('page', 'post'));
