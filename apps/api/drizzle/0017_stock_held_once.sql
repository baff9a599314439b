-- Holds doubled by concurrent payment starts are given back first: a basket keeps its newest hold per sku.
WITH "doubled" AS (
  UPDATE "stock_reservations" SET "state" = 'released'
  WHERE "state" = 'held' AND "id" IN (
    SELECT "id" FROM (
      SELECT "id", row_number() OVER (PARTITION BY "basket_id", "sku" ORDER BY "created_at" DESC, "id") AS "n"
      FROM "stock_reservations" WHERE "state" = 'held'
    ) AS "ranked" WHERE "n" > 1
  )
  RETURNING "sku", "quantity"
), "per_sku" AS (SELECT "sku", sum("quantity")::int AS "quantity" FROM "doubled" GROUP BY "sku")
UPDATE "stock_levels" SET "reserved" = "stock_levels"."reserved" - "per_sku"."quantity" FROM "per_sku" WHERE "stock_levels"."sku" = "per_sku"."sku";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_reservations_held_once" ON "stock_reservations" USING btree ("basket_id","sku") WHERE "stock_reservations"."state" = 'held';
