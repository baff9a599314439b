ALTER TABLE "products" ADD COLUMN "returnability" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_returnability_check" CHECK ("products"."returnability" in ('standard', 'sealed-hygiene', 'made-to-measure'));
--> statement-breakpoint
-- Products already in a catalogue: its sealed hygiene goods by their sub-category, as the demo
-- catalogue sets them (product-templates.ts).
UPDATE "products" SET "returnability" = 'sealed-hygiene'
WHERE "category_id" IN (SELECT "id" FROM "categories" WHERE "slug" IN ('toilet-seats', 'shower-heads', 'basin-wastes', 'bath-wastes', 'shower-wastes'));
