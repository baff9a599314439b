CREATE TABLE "order_basket_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"basket_id" uuid NOT NULL,
	"modification_type" integer NOT NULL,
	"sku" text,
	"quantity" integer,
	"address" jsonb,
	"actor" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_basket_changes_type_check" CHECK ("order_basket_changes"."modification_type" in (1, 2, 3)),
	CONSTRAINT "order_basket_changes_quantity_check" CHECK ("order_basket_changes"."quantity" is null or "order_basket_changes"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_baskets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"stock_hold_key" text NOT NULL,
	"order_version" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"delivery_address" jsonb,
	"opened_by" text,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_intent_ref" text,
	"payment_pence" integer,
	"closed_at" timestamp with time zone,
	CONSTRAINT "order_baskets_state_check" CHECK ("order_baskets"."state" in ('open', 'completed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "order_change_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"basket_id" uuid NOT NULL,
	"from_version" integer NOT NULL,
	"to_version" integer NOT NULL,
	"actor" text,
	"by_staff" integer DEFAULT 0 NOT NULL,
	"summary" text NOT NULL,
	"total_before_pence" integer NOT NULL,
	"total_after_pence" integer NOT NULL,
	"charged_pence" integer NOT NULL,
	"refunded_pence" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_change_history_money_check" CHECK ("order_change_history"."charged_pence" >= 0 and "order_change_history"."refunded_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_basket_changes" ADD CONSTRAINT "order_basket_changes_basket_id_order_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."order_baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_baskets" ADD CONSTRAINT "order_baskets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change_history" ADD CONSTRAINT "order_change_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_basket_changes_basket_idx" ON "order_basket_changes" USING btree ("basket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_baskets_one_open_idx" ON "order_baskets" USING btree ("order_id") WHERE "order_baskets"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "order_baskets_payment_idx" ON "order_baskets" USING btree ("payment_intent_ref") WHERE "order_baskets"."payment_intent_ref" is not null;--> statement-breakpoint
CREATE INDEX "order_baskets_expiry_idx" ON "order_baskets" USING btree ("expires_at") WHERE "order_baskets"."state" = 'open';--> statement-breakpoint
CREATE INDEX "order_change_history_order_idx" ON "order_change_history" USING btree ("order_id","at");