ALTER TABLE "checkouts" ADD COLUMN "order_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_reference" text;