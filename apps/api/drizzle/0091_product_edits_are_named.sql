-- Written by hand (drizzle-kit does not manage triggers or functions): a product edited in place (renamed,
-- described, given another brand, its searched text, slug, family, delivery class or review figures
-- changed) is patched into each instance's catalogue snapshot, its words filed again in the word index,
-- rather than rebuilding it (decision 0149), as a price, stock or new product is (decisions 0080 and 0138).
-- So an update of `products` no longer moves the catalogue's change counter: its notice names the products
-- whose rows changed, `products:<id>` (note_products_added's rule: more than 500 at once move the counter
-- and send `catalogue`). An update that moves a product to another category, withdraws it or puts it back,
-- or changes its popularity (the "recommended" order every word's products are filed in) still moves the
-- counter, as a delete does.
CREATE FUNCTION "note_products_edited"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_products b JOIN new_products a ON a.id = b.id
    WHERE a.category_id IS DISTINCT FROM b.category_id OR a.withdrawn_at IS DISTINCT FROM b.withdrawn_at OR a.popularity IS DISTINCT FROM b.popularity
  ) THEN
    PERFORM nextval('catalogue_changes');
    PERFORM pg_notify('shop_changes', 'catalogue');
  ELSE
    PERFORM note_products_added((SELECT array_agg(a.id) FROM old_products b JOIN new_products a ON a.id = b.id WHERE (a.*) IS DISTINCT FROM (b.*)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "products_changed" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "products_edited" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION "note_products_edited"();
