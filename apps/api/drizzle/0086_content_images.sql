-- A row per picture staff upload for pages, so the clean-up can find those no kept version uses (content-image-rules.ts), and a
-- record of each clean-up. Pictures uploaded before this have no row and are never removed by it.
CREATE TABLE "content_image_cleanups" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" text,
	"by_name" text NOT NULL,
	"removed" text[] NOT NULL,
	"removed_bytes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_images" (
	"id" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "content_image_cleanups_at_idx" ON "content_image_cleanups" USING btree ("at");--> statement-breakpoint
CREATE INDEX "content_image_cleanups_by_user_idx" ON "content_image_cleanups" USING btree ("by_user_id");--> statement-breakpoint
CREATE INDEX "content_images_uploaded_at_idx" ON "content_images" USING btree ("uploaded_at");