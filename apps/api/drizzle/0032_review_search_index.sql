CREATE SEQUENCE "public"."review_changes" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
DROP INDEX "reviews_status_highest_idx";--> statement-breakpoint
DROP INDEX "reviews_status_lowest_idx";--> statement-breakpoint
DROP INDEX "reviews_status_helpful_idx";--> statement-breakpoint
DROP INDEX "reviews_highest_idx";--> statement-breakpoint
DROP INDEX "reviews_lowest_idx";--> statement-breakpoint
DROP INDEX "reviews_helpful_idx";--> statement-breakpoint
DROP INDEX "reviews_words_trgm_idx";--> statement-breakpoint
DROP INDEX "reviews_pending_words_trgm_idx";--> statement-breakpoint
DROP INDEX "reviews_rejected_words_trgm_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "changed_seq" bigint DEFAULT nextval('review_changes') NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_changed_idx" ON "reviews" USING btree ("changed_seq");
--> statement-breakpoint
-- Written by hand (drizzle-kit does not manage triggers): every change to a review takes a new
-- number, so staff search's in-memory index finds what changed since it last looked.
CREATE FUNCTION "note_review_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_seq := nextval('review_changes');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_changed" BEFORE UPDATE ON "reviews" FOR EACH ROW EXECUTE FUNCTION "note_review_change"();
