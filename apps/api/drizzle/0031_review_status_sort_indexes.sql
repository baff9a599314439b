DROP INDEX "reviews_status_idx";--> statement-breakpoint
CREATE INDEX "reviews_status_highest_idx" ON "reviews" USING btree ("status","rating" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_status_lowest_idx" ON "reviews" USING btree ("status","rating","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_status_helpful_idx" ON "reviews" USING btree ("status","helpful_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);