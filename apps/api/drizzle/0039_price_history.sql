CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"price_inc_vat" integer NOT NULL,
	"price_ex_vat" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_until" timestamp with time zone,
	CONSTRAINT "price_history_positive_check" CHECK ("price_history"."price_inc_vat" > 0 and "price_history"."price_ex_vat" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_offering_idx" ON "price_history" USING btree ("offering_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "price_history_one_current_idx" ON "price_history" USING btree ("offering_id") WHERE "price_history"."effective_until" is null;--> statement-breakpoint
-- Written by hand: a shop that already has prices starts each sku's history with its price in force, from when its product
-- was added; the was-prices it had are not in any history, so they cannot be shown (docs/domain.md §1).
INSERT INTO "price_history" ("offering_id", "price_inc_vat", "price_ex_vat", "effective_from")
  SELECT p."offering_id", p."price_inc_vat", p."price_ex_vat", pr."created_at"
  FROM "prices" p JOIN "offerings" o ON o."id" = p."offering_id" JOIN "products" pr ON pr."id" = o."product_id";--> statement-breakpoint
UPDATE "prices" SET "was_price_inc_vat" = NULL, "was_price_ex_vat" = NULL WHERE "was_price_inc_vat" IS NOT NULL;
