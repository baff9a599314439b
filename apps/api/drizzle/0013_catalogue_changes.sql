CREATE SEQUENCE "public"."catalogue_changes" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Written by hand (drizzle-kit does not manage triggers): any change to what listings, cards and
-- suggestions show moves the sequence on. Statement triggers cost one nextval per statement, and
-- nextval takes no lock, so busy writers never queue behind one another here.
CREATE FUNCTION "note_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_changes');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "category_facets_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_facets" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "brands_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "offerings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offerings" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "prices_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prices" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "product_badges_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_badges" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "product_facet_values_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_facet_values" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "product_images_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
-- Stock moves with every order; only a new status or eta shows on a card or in a facet.
CREATE TRIGGER "stock_levels_added_or_removed" AFTER INSERT OR DELETE OR TRUNCATE ON "stock_levels" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "stock_levels_status_changed" AFTER UPDATE OF "status", "eta" ON "stock_levels" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."eta" IS DISTINCT FROM NEW."eta") EXECUTE FUNCTION "note_catalogue_change"();
