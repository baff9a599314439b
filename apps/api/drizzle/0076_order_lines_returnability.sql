-- Each order line keeps the returnability its product had when sold. Lines already placed take their product's current one (the
-- only record there is); a sku the catalogue no longer has is standard, as the help centre has treated it until now.
ALTER TABLE "order_lines" ADD COLUMN "returnability" text;--> statement-breakpoint
UPDATE "order_lines" SET "returnability" = coalesce(
  (SELECT p."returnability" FROM "offerings" o JOIN "products" p ON p."id" = o."product_id" WHERE o."sku" = "order_lines"."sku"),
  'standard');--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "returnability" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_returnability_check" CHECK ("order_lines"."returnability" in ('standard', 'sealed-hygiene', 'made-to-measure'));
