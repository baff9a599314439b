CREATE TABLE "credit_sandbox_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"organisation_number" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"decline_reason" text,
	"verified_after" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"due_date" date,
	"refund_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_credit_orders" (
	"provider_order_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"trade_account_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"dispatched_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"due_date" date,
	"placed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_credit_orders" ADD CONSTRAINT "trade_credit_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_credit_orders" ADD CONSTRAINT "trade_credit_orders_trade_account_id_trade_accounts_id_fk" FOREIGN KEY ("trade_account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_sandbox_orders_key_idx" ON "credit_sandbox_orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_sandbox_orders_business_idx" ON "credit_sandbox_orders" USING btree ("organisation_number");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_credit_orders_order_idx" ON "trade_credit_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trade_credit_orders_account_idx" ON "trade_credit_orders" USING btree ("trade_account_id","placed_at");