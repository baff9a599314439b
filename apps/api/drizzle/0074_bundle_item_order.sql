ALTER TABLE "bundle_components" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A bundle's contents are part of its product page, kept with the listings' answers: a change moves the catalogue's counter (decision 0067).
CREATE TRIGGER "bundle_components_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_components" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();
