-- Written by hand: the credit sandbox keeps an order's net and tax amounts and its lines, as created and as last
-- edited before fulfilment, as Two does (decision 0157); before, an edit kept only the new gross amount. Orders made
-- before this keep nulls: the sandbox's answer says it does not know them.
ALTER TABLE "credit_sandbox_orders" ADD COLUMN "net_pence" integer;
--> statement-breakpoint
ALTER TABLE "credit_sandbox_orders" ADD COLUMN "vat_pence" integer;
--> statement-breakpoint
ALTER TABLE "credit_sandbox_orders" ADD COLUMN "lines" jsonb;
