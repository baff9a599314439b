CREATE TABLE "trade_credit_order_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_order_id" text NOT NULL,
	"kind" text NOT NULL,
	"difference_pence" integer NOT NULL,
	"total_after_pence" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_credit_order_changes" ADD CONSTRAINT "trade_credit_order_changes_provider_order_id_trade_credit_orders_provider_order_id_fk" FOREIGN KEY ("provider_order_id") REFERENCES "public"."trade_credit_orders"("provider_order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_credit_order_changes_order_idx" ON "trade_credit_order_changes" USING btree ("provider_order_id","at");