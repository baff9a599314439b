-- Written by hand: a price's ex-VAT figure is the price less the VAT in it, the VAT rounded to the
-- penny (`exVatOf`, `lineTotalExVatOf`), the rule baskets, orders and VAT invoices work a line out by.
-- Before, it was the price divided by one plus the rate and rounded, a penny more for one price in
-- six at 20% (£9.99: £8.33 ex VAT on its card, £8.32 on the order). The price history is worked out
-- at the sku's current rate, as its steps keep none of their own. Rows already right are left alone.
UPDATE "prices" AS p SET
  "price_ex_vat" = p."price_inc_vat" - round(p."price_inc_vat" * v."basis_points"::numeric / (10000 + v."basis_points"))::int,
  "was_price_ex_vat" = p."was_price_inc_vat" - round(p."was_price_inc_vat" * v."basis_points"::numeric / (10000 + v."basis_points"))::int
FROM "vat_rates" AS v
WHERE v."code" = p."vat_rate_code"
  AND (p."price_ex_vat" <> p."price_inc_vat" - round(p."price_inc_vat" * v."basis_points"::numeric / (10000 + v."basis_points"))::int
    OR p."was_price_ex_vat" IS DISTINCT FROM p."was_price_inc_vat" - round(p."was_price_inc_vat" * v."basis_points"::numeric / (10000 + v."basis_points"))::int);
--> statement-breakpoint
UPDATE "price_history" AS h SET
  "price_ex_vat" = h."price_inc_vat" - round(h."price_inc_vat" * v."basis_points"::numeric / (10000 + v."basis_points"))::int
FROM "prices" AS p JOIN "vat_rates" AS v ON v."code" = p."vat_rate_code"
WHERE p."offering_id" = h."offering_id"
  AND h."price_ex_vat" <> h."price_inc_vat" - round(h."price_inc_vat" * v."basis_points"::numeric / (10000 + v."basis_points"))::int;
