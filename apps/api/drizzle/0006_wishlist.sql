CREATE TABLE "wishlist_items" (
	"wishlist_id" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"price_when_added_inc_vat" integer NOT NULL,
	"last_seen_inc_vat" integer NOT NULL,
	"last_seen_available" boolean DEFAULT true NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_wishlist_id_sku_pk" PRIMARY KEY("wishlist_id","sku"),
	CONSTRAINT "wishlist_items_quantity_check" CHECK ("wishlist_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "wishlists" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"name" text,
	"share_code" text,
	"saved_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wishlists_owner_idx" ON "wishlists" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlists_share_code_idx" ON "wishlists" USING btree ("share_code");