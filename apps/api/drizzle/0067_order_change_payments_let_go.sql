CREATE TABLE "order_basket_stray_payments" (
	"intent_ref" text PRIMARY KEY NOT NULL,
	"basket_id" uuid NOT NULL,
	"noted_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_baskets" ADD COLUMN "payment_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_basket_stray_payments" ADD CONSTRAINT "order_basket_stray_payments_basket_id_order_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."order_baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_basket_stray_payments_due_idx" ON "order_basket_stray_payments" USING btree ("noted_at") WHERE "order_basket_stray_payments"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "order_baskets_payment_to_release_idx" ON "order_baskets" USING btree ("closed_at") WHERE "order_baskets"."state" = 'expired' and "order_baskets"."payment_intent_ref" is not null and "order_baskets"."payment_released_at" is null;