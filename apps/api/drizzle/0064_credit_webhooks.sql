CREATE TABLE "credit_sandbox_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "credit_sandbox_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_credit_webhooks" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"organisation_number" text,
	"provider_order_id" text,
	"trade_account_id" integer,
	"effect" text NOT NULL,
	"summary" text NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"last_received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_sandbox_orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_sandbox_orders" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_credit_orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_credit_orders" ADD COLUMN "provider_state_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "credit_sandbox_deliveries_due_idx" ON "credit_sandbox_deliveries" USING btree ("send_after") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "trade_credit_webhooks_received_idx" ON "trade_credit_webhooks" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "trade_credit_webhooks_account_idx" ON "trade_credit_webhooks" USING btree ("trade_account_id","occurred_at");