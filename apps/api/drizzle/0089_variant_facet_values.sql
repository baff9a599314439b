-- Written by hand: a variant's width, finish and handing are its product's facet values, so shoppers
-- filtering by Width, Finish or Handing find it (`variantFacetValues` in contracts, the demo seed's
-- own rule). Variants staff or an import added before that rule reached them have none; this gives
-- them theirs, once. The seed's products have them already, so for them it changes nothing. The
-- insert's notice names the products it touched, or moves the catalogue's counter past 500 of them.
INSERT INTO "product_facet_values" ("product_id", "facet", "value")
SELECT "product_id", 'width_mm', "width_mm" || ' mm' FROM "offerings" WHERE "width_mm" IS NOT NULL
UNION
SELECT "product_id", 'finish', "finish" FROM "offerings" WHERE "finish" IS NOT NULL
UNION
SELECT "product_id", 'handing', CASE "handing" WHEN 'left' THEN 'Left hand' ELSE 'Right hand' END FROM "offerings" WHERE "handing" IS NOT NULL
ON CONFLICT DO NOTHING;
