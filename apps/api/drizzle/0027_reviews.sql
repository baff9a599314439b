CREATE TABLE "product_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text,
	"help_reference" text,
	"asker_name" text NOT NULL,
	"customer_id" text,
	"question" text NOT NULL,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"review_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_helpful_votes" (
	"review_id" uuid NOT NULL,
	"voter_key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_helpful_votes_review_id_voter_key_pk" PRIMARY KEY("review_id","voter_key")
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"review_id" uuid NOT NULL,
	"file_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_summaries" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"quality_sum" integer DEFAULT 0 NOT NULL,
	"quality_count" integer DEFAULT 0 NOT NULL,
	"value_sum" integer DEFAULT 0 NOT NULL,
	"value_count" integer DEFAULT 0 NOT NULL,
	"fitting_sum" integer DEFAULT 0 NOT NULL,
	"fitting_count" integer DEFAULT 0 NOT NULL,
	"recommend_yes" integer DEFAULT 0 NOT NULL,
	"recommend_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_summaries_count_check" CHECK ("review_summaries"."count" = "review_summaries"."stars_1" + "review_summaries"."stars_2" + "review_summaries"."stars_3" + "review_summaries"."stars_4" + "review_summaries"."stars_5")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"source" text NOT NULL,
	"customer_id" text,
	"email_address" text,
	"display_name" text NOT NULL,
	"town" text,
	"order_id" uuid,
	"order_line_position" integer,
	"rating" integer NOT NULL,
	"quality_rating" integer,
	"value_rating" integer,
	"fitting_rating" integer,
	"would_recommend" boolean,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"published_title" text,
	"published_text" text,
	"edited" boolean DEFAULT false NOT NULL,
	"shop_reply" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"held_reason" text,
	"rejection_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"photo_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"moderated_at" timestamp with time zone,
	"moderated_by" text,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_sub_ratings_check" CHECK (coalesce("reviews"."quality_rating", 1) between 1 and 5
        and coalesce("reviews"."value_rating", 1) between 1 and 5
        and coalesce("reviews"."fitting_rating", 1) between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "product_questions" ADD CONSTRAINT "product_questions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_summaries" ADD CONSTRAINT "review_summaries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_questions_product_published_idx" ON "product_questions" USING btree ("product_id","created_at") WHERE "product_questions"."status" = 'published';--> statement-breakpoint
CREATE INDEX "product_questions_status_idx" ON "product_questions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_questions_help_reference_idx" ON "product_questions" USING btree ("help_reference") WHERE "product_questions"."help_reference" is not null;--> statement-breakpoint
CREATE INDEX "review_events_review_idx" ON "review_events" USING btree ("review_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_photos_position_idx" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_author_idx" ON "reviews" USING btree ("product_id","customer_id") WHERE "reviews"."customer_id" is not null and "reviews"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_order_line_idx" ON "reviews" USING btree ("order_id","order_line_position") WHERE "reviews"."order_id" is not null and "reviews"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "reviews_product_published_idx" ON "reviews" USING btree ("product_id","created_at") WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_sku_idx" ON "reviews" USING btree ("sku","created_at");