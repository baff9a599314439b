CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 10000001 MAXVALUE 99999999 START WITH 10000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"basket_id" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_quantity_check" CHECK ("stock_reservations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"product_slug" text NOT NULL,
	"label" text NOT NULL,
	"image_url" text,
	"quantity" integer NOT NULL,
	"unit_price_inc_vat" integer NOT NULL,
	"line_total_inc_vat" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"basket_id" text NOT NULL,
	"customer_id" text,
	"email_address" text NOT NULL,
	"customer_name" text NOT NULL,
	"phone" text NOT NULL,
	"delivery_address" jsonb,
	"delivery_instructions" text,
	"billing_address" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"channel" integer NOT NULL,
	"discount_code" text,
	"goods_pence" integer NOT NULL,
	"discount_pence" integer NOT NULL,
	"delivery_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"payment_intent_ref" text NOT NULL,
	"payment_method" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"captured_pence" integer NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"placed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."total_pence" >= 0 and "orders"."captured_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_reservations_basket_idx" ON "stock_reservations" USING btree ("basket_id","state");--> statement-breakpoint
CREATE INDEX "stock_reservations_expiry_idx" ON "stock_reservations" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_position_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_basket_idx" ON "orders" USING btree ("basket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_idx" ON "orders" USING btree ("payment_intent_ref");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("email_address"));--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_reserved_check" CHECK ("stock_levels"."reserved" >= 0);