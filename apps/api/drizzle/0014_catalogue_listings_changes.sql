-- A promotion listing's title and preset filters are part of the answers kept with the listing
-- snapshot, so a change to one moves the catalogue change counter too (see 0013).
CREATE TRIGGER "listings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listings" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();
