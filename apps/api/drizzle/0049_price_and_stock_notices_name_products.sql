-- Written by hand (drizzle-kit does not manage triggers or functions): a price edited or a stock
-- status or ETA changed is patched into each instance's catalogue snapshot rather than rebuilding
-- it (decision 0080), so its notice names the products it touches, `products:<id>`, and it no longer
-- moves the catalogue's change counter (which would have each instance's next check rebuild).
-- Equal notices of one transaction fold into one; each product is one notice. A price or stock row
-- added or removed is a change of what is sold, and still rebuilds.
CREATE FUNCTION "note_price_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_changes', 'products:' || o.product_id) FROM offerings o WHERE o.id IN (OLD.offering_id, NEW.offering_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "note_stock_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_changes', 'products:' || o.product_id) FROM offerings o WHERE o.sku IN (OLD.sku, NEW.sku);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "prices_changed" ON "prices";--> statement-breakpoint
CREATE TRIGGER "prices_added_or_removed" AFTER INSERT OR DELETE OR TRUNCATE ON "prices" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "prices_edited" AFTER UPDATE ON "prices" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "note_price_change"();--> statement-breakpoint
DROP TRIGGER "stock_levels_status_changed" ON "stock_levels";--> statement-breakpoint
CREATE TRIGGER "stock_levels_status_changed" AFTER UPDATE OF "status", "eta" ON "stock_levels" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."eta" IS DISTINCT FROM NEW."eta") EXECUTE FUNCTION "note_stock_change"();
