CREATE TABLE "order_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_intent_ref" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"description" text NOT NULL,
	"actor" text,
	"charged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_charges_amount_check" CHECK ("order_charges"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_upgrades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"order_version" integer NOT NULL,
	"option_code" text,
	"option_name" text,
	"delivery_date" text,
	"earliest_date" text,
	"latest_date" text,
	"price_pence" integer,
	"difference_pence" integer,
	"billing_address" jsonb,
	"payment_intent_ref" text,
	"payment_pence" integer,
	"opened_by" text,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "delivery_upgrades_state_check" CHECK ("delivery_upgrades"."state" in ('open', 'completed', 'refunded')),
	CONSTRAINT "delivery_upgrades_money_check" CHECK (coalesce("delivery_upgrades"."difference_pence", 0) >= 0 and coalesce("delivery_upgrades"."payment_pence", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_upgrades" ADD CONSTRAINT "delivery_upgrades_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_charges_payment_idx" ON "order_charges" USING btree ("payment_intent_ref");--> statement-breakpoint
CREATE INDEX "order_charges_order_idx" ON "order_charges" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_upgrades_one_open_idx" ON "delivery_upgrades" USING btree ("order_id") WHERE "delivery_upgrades"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_upgrades_payment_idx" ON "delivery_upgrades" USING btree ("payment_intent_ref") WHERE "delivery_upgrades"."payment_intent_ref" is not null;