ALTER TABLE "businesses" ADD COLUMN "band_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "order_number" text NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "item_count" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "total_inc_vat" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_band_reviewed_idx" ON "businesses" USING btree ("band_reviewed_at");