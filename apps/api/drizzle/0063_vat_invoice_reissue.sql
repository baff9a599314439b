CREATE SEQUENCE "public"."vat_credit_note_number_seq" INCREMENT BY 1 MINVALUE 1000001 MAXVALUE 9999999 START WITH 1000001 CACHE 1;--> statement-breakpoint
DROP INDEX "vat_invoices_number_idx";--> statement-breakpoint
ALTER TABLE "vat_invoices" DROP CONSTRAINT "vat_invoices_pkey";--> statement-breakpoint
ALTER TABLE "vat_invoices" ADD PRIMARY KEY ("invoice_number");--> statement-breakpoint
ALTER TABLE "vat_invoices" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vat_invoices" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "vat_invoices" ADD COLUMN "replaced_by" text;--> statement-breakpoint
ALTER TABLE "vat_invoices" ADD COLUMN "figures" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_invoices_current_idx" ON "vat_invoices" USING btree ("order_id") WHERE "vat_invoices"."replaced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_invoices_credit_note_idx" ON "vat_invoices" USING btree ("credit_note_number");--> statement-breakpoint
CREATE INDEX "vat_invoices_order_idx" ON "vat_invoices" USING btree ("order_id");