-- Written by hand (drizzle-kit does not manage triggers or functions): every instance keeps the
-- catalogue snapshot, the trade band of each signed-in business and the pricing reference in memory,
-- and hears that they changed by a notice on the channel `shop_changes` (platform/change-notices.ts),
-- sent by the change's own transaction as it commits: a rolled-back change sends none, and several
-- statements of one transaction send one notice per topic (PostgreSQL folds equal notices together).
CREATE OR REPLACE FUNCTION "note_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_changes');
  PERFORM pg_notify('shop_changes', 'catalogue');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "note_shop_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "businesses_band_changed" AFTER INSERT OR UPDATE OF "band_code" OR DELETE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION "note_shop_change"('trade-bands');--> statement-breakpoint
CREATE TRIGGER "trade_accounts_changed" AFTER INSERT OR UPDATE OR DELETE ON "trade_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "note_shop_change"('trade-bands');--> statement-breakpoint
CREATE TRIGGER "trade_bands_changed" AFTER INSERT OR UPDATE OR DELETE ON "trade_bands" FOR EACH STATEMENT EXECUTE FUNCTION "note_shop_change"('pricing');--> statement-breakpoint
CREATE TRIGGER "vat_rates_changed" AFTER INSERT OR UPDATE OR DELETE ON "vat_rates" FOR EACH STATEMENT EXECUTE FUNCTION "note_shop_change"('pricing');
