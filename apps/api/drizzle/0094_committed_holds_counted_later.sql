-- Written by hand: placing an order no longer moves its held units from the stock row's reserved to committed
-- (decision 0161). Its holds become committed with `still_reserved` set, and the stock-hold-expiry job moves them
-- on the stock row later, in batches; a cancellation before then takes them off reserved. `stock_counts` is the stock
-- row as counted exactly, whichever has happened.
ALTER TABLE "stock_reservations" ADD COLUMN "still_reserved" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "stock_reservations_still_reserved_idx" ON "stock_reservations" USING btree ("sku") WHERE "stock_reservations"."state" = 'committed' AND "stock_reservations"."still_reserved";
--> statement-breakpoint
CREATE VIEW "stock_counts" AS
  SELECT s."sku", s."status", s."on_hand", s."committed" + coalesce(u."units", 0) AS "committed", s."reserved" - coalesce(u."units", 0) AS "reserved"
  FROM "stock_levels" s
  LEFT JOIN (
    SELECT r."sku", sum(r."quantity")::int AS "units" FROM "stock_reservations" r
    WHERE r."state" = 'committed' AND r."still_reserved" GROUP BY r."sku"
  ) u ON u."sku" = s."sku";
