-- Written by hand (drizzle-kit does not manage triggers or functions): a new product is patched into
-- each instance's catalogue snapshot rather than rebuilding it (decision 0138), as a price or stock
-- change is (decision 0080). So the rows that make a product (the product, its variants, their first
-- prices and stock, its badges, facet values and pictures), when added, no longer move the catalogue's
-- change counter: their notice names the products, `products:<id>`, once per product per transaction
-- (equal notices fold). The instance reads those products again: one it does not list yet, with an id
-- after its last, is added; one it lists is patched, or rebuilt if the patch cannot make the change (a
-- new variant). A statement adding rows of more than 500 products (the snapshot's PATCH_LIMIT: a bulk
-- load) moves the counter and sends `catalogue` instead, as before. Updates and deletes of these rows
-- (a product renamed, moved, withdrawn; a variant or picture removed) still move the counter.
CREATE FUNCTION "note_products_added"(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(product_ids), 0) > 500 THEN
    PERFORM nextval('catalogue_changes');
    PERFORM pg_notify('shop_changes', 'catalogue');
  ELSE
    PERFORM pg_notify('shop_changes', 'products:' || id) FROM unnest(product_ids) AS id;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "note_product_rows_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_products_added((SELECT array_agg(DISTINCT product_id) FROM added));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "note_new_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_products_added((SELECT array_agg(id) FROM added));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "note_prices_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_products_added((SELECT array_agg(DISTINCT o.product_id) FROM added a JOIN offerings o ON o.id = a.offering_id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "note_stock_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_products_added((SELECT array_agg(DISTINCT o.product_id) FROM added a JOIN offerings o ON o.sku = a.sku));
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "products_changed" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "products_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "note_new_products"();--> statement-breakpoint
DROP TRIGGER "offerings_changed" ON "offerings";--> statement-breakpoint
CREATE TRIGGER "offerings_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "offerings" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "offerings_added" AFTER INSERT ON "offerings" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "note_product_rows_added"();--> statement-breakpoint
DROP TRIGGER "prices_added_or_removed" ON "prices";--> statement-breakpoint
CREATE TRIGGER "prices_removed" AFTER DELETE OR TRUNCATE ON "prices" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "prices_added" AFTER INSERT ON "prices" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "note_prices_added"();--> statement-breakpoint
DROP TRIGGER "stock_levels_added_or_removed" ON "stock_levels";--> statement-breakpoint
CREATE TRIGGER "stock_levels_removed" AFTER DELETE OR TRUNCATE ON "stock_levels" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "stock_levels_added" AFTER INSERT ON "stock_levels" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "note_stock_added"();--> statement-breakpoint
DROP TRIGGER "product_badges_changed" ON "product_badges";--> statement-breakpoint
CREATE TRIGGER "product_badges_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "product_badges" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "product_badges_added" AFTER INSERT ON "product_badges" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "note_product_rows_added"();--> statement-breakpoint
DROP TRIGGER "product_facet_values_changed" ON "product_facet_values";--> statement-breakpoint
CREATE TRIGGER "product_facet_values_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "product_facet_values" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "product_facet_values_added" AFTER INSERT ON "product_facet_values" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "note_product_rows_added"();--> statement-breakpoint
DROP TRIGGER "product_images_changed" ON "product_images";--> statement-breakpoint
CREATE TRIGGER "product_images_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "product_images_added" AFTER INSERT ON "product_images" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "note_product_rows_added"();
