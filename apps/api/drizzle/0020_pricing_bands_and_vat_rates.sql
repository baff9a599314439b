CREATE TABLE "trade_bands" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_basis_points" integer NOT NULL,
	"qualifying_spend_ex_vat" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_bands_discount_check" CHECK ("trade_bands"."discount_basis_points" between 0 and 10000),
	CONSTRAINT "trade_bands_spend_check" CHECK ("trade_bands"."qualifying_spend_ex_vat" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trade_bands_qualifying_spend_idx" ON "trade_bands" USING btree ("qualifying_spend_ex_vat");--> statement-breakpoint
-- Written by hand from here: rows every shop needs, not demo data. docs/domain.md §5's bands
-- (spend in pence ex VAT) and the UK's VAT rates in force (docs/domain.md §1). A database seeded
-- before this migration already has the standard rate: it gains its date, the column then becomes
-- required.
INSERT INTO "trade_bands" ("code", "name", "discount_basis_points", "qualifying_spend_ex_vat") VALUES
	('T1', 'Trade Starter', 500, 0),
	('T2', 'Silver', 1000, 250000),
	('T3', 'Gold', 1250, 1000000),
	('T4', 'Platinum', 1500, 2500000),
	('T5', 'Key Account', 2000, 7500000);--> statement-breakpoint
ALTER TABLE "vat_rates" ADD COLUMN "in_force_from" date;--> statement-breakpoint
INSERT INTO "vat_rates" ("code", "name", "basis_points", "in_force_from") VALUES
	('standard', 'Standard rate', 2000, '2011-01-04'),
	('reduced', 'Reduced rate', 500, '1997-09-01'),
	('zero', 'Zero rate', 0, '1973-04-01')
ON CONFLICT ("code") DO UPDATE SET "in_force_from" = excluded."in_force_from";--> statement-breakpoint
ALTER TABLE "vat_rates" ALTER COLUMN "in_force_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_basis_points_check" CHECK ("vat_rates"."basis_points" between 0 and 10000);
