CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"tier" text NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "bundle_components" (
	"bundle_product_id" integer NOT NULL,
	"offering_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bundle_components_bundle_product_id_offering_id_pk" PRIMARY KEY("bundle_product_id","offering_id")
);
--> statement-breakpoint
CREATE TABLE "category_facets" (
	"category_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"display_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_facets_category_id_identifier_pk" PRIMARY KEY("category_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "essential_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"bundle_product_id" integer,
	"item_offering_id" integer NOT NULL,
	"requirement" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"compatibility_rule" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"listing_type" integer NOT NULL,
	"category_id" integer,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	CONSTRAINT "listings_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"label" text NOT NULL,
	"width_mm" integer,
	"finish" text,
	"handing" text,
	"pack_qty" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offerings_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"offering_id" integer PRIMARY KEY NOT NULL,
	"vat_rate_code" text NOT NULL,
	"price_inc_vat" integer NOT NULL,
	"price_ex_vat" integer NOT NULL,
	"was_price_inc_vat" integer,
	"was_price_ex_vat" integer,
	"discount_percentage" integer GENERATED ALWAYS AS (case when was_price_inc_vat > price_inc_vat then ((was_price_inc_vat - price_inc_vat) * 100 / was_price_inc_vat) else 0 end) STORED,
	CONSTRAINT "prices_positive_check" CHECK ("prices"."price_inc_vat" > 0 and "prices"."price_ex_vat" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_badges" (
	"product_id" integer NOT NULL,
	"badge" text NOT NULL,
	CONSTRAINT "product_badges_product_id_badge_pk" PRIMARY KEY("product_id","badge")
);
--> statement-breakpoint
CREATE TABLE "product_facet_values" (
	"product_id" integer NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "product_facet_values_product_id_facet_value_pk" PRIMARY KEY("product_id","facet","value")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"offering_id" integer,
	"url" text NOT NULL,
	"alt_text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"family" text NOT NULL,
	"is_bundle" boolean DEFAULT false NOT NULL,
	"guarantee_years" integer DEFAULT 1 NOT NULL,
	"is_weee" boolean DEFAULT false NOT NULL,
	"delivery_class" text NOT NULL,
	"specifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rating_tenths" integer DEFAULT 0 NOT NULL,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"questions_count" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "user_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"consent_given" boolean NOT NULL,
	"moderation_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"basis_points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"sku" text PRIMARY KEY NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"committed" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"eta" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_quantities_check" CHECK ("stock_levels"."on_hand" >= 0 and "stock_levels"."committed" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_bundle_product_id_products_id_fk" FOREIGN KEY ("bundle_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_facets" ADD CONSTRAINT "category_facets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essential_items" ADD CONSTRAINT "essential_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essential_items" ADD CONSTRAINT "essential_items_bundle_product_id_products_id_fk" FOREIGN KEY ("bundle_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essential_items" ADD CONSTRAINT "essential_items_item_offering_id_offerings_id_fk" FOREIGN KEY ("item_offering_id") REFERENCES "public"."offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_vat_rate_code_vat_rates_code_fk" FOREIGN KEY ("vat_rate_code") REFERENCES "public"."vat_rates"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_badges" ADD CONSTRAINT "product_badges_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_facet_values" ADD CONSTRAINT "product_facet_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_content" ADD CONSTRAINT "user_content_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essential_items_product_idx" ON "essential_items" USING btree ("product_id","bundle_product_id");--> statement-breakpoint
CREATE INDEX "offerings_product_idx" ON "offerings" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "offerings_one_default_idx" ON "offerings" USING btree ("product_id") WHERE "offerings"."is_default";--> statement-breakpoint
CREATE INDEX "product_facet_values_facet_idx" ON "product_facet_values" USING btree ("facet","value");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_content_product_idx" ON "user_content" USING btree ("product_id","moderation_status");--> statement-breakpoint
CREATE INDEX "stock_levels_status_idx" ON "stock_levels" USING btree ("status");