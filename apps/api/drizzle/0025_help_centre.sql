CREATE SEQUENCE "public"."vat_invoice_number_seq" INCREMENT BY 1 MINVALUE 1000001 MAXVALUE 9999999 START WITH 1000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "vat_invoices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supplied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_request_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"file_id" text NOT NULL,
	"role" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_request_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_id" text,
	"name" text NOT NULL,
	"email_address" text NOT NULL,
	"phone" text,
	"order_id" uuid,
	"order_number" text,
	"sku" text,
	"summary" text NOT NULL,
	"details" jsonb NOT NULL,
	"assigned_to_id" text,
	"assigned_to_name" text,
	"reply_token_hash" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_return_lines" (
	"return_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_lines_quantity_check" CHECK ("order_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"order_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"reason" text NOT NULL,
	"refund_pence" integer NOT NULL,
	"refund_id" uuid,
	"refusal_reason" text,
	"requested_at" timestamp with time zone NOT NULL,
	"authorised_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_returns_refund_check" CHECK ("order_returns"."refund_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_notification_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"sku" text NOT NULL,
	"email_address" text NOT NULL,
	"customer_id" text,
	"channel" integer NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancelled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_invoices" ADD CONSTRAINT "vat_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_request_files" ADD CONSTRAINT "help_request_files_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_request_messages" ADD CONSTRAINT "help_request_messages_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_invoices_number_idx" ON "vat_invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "help_request_files_request_idx" ON "help_request_files" USING btree ("request_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "help_request_messages_request_idx" ON "help_request_messages" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "help_requests_reference_idx" ON "help_requests" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "help_requests_reply_token_idx" ON "help_requests" USING btree ("reply_token_hash");--> statement-breakpoint
CREATE INDEX "help_requests_type_status_idx" ON "help_requests" USING btree ("type","status","created_at");--> statement-breakpoint
CREATE INDEX "help_requests_status_idx" ON "help_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "help_requests_due_idx" ON "help_requests" USING btree ("due_at") WHERE "help_requests"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "help_requests_order_idx" ON "help_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "help_requests_customer_idx" ON "help_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "help_requests_email_idx" ON "help_requests" USING btree (lower("email_address"));--> statement-breakpoint
CREATE UNIQUE INDEX "order_return_lines_idx" ON "order_return_lines" USING btree ("return_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_reference_idx" ON "order_returns" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notification_requests_reference_idx" ON "stock_notification_requests" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notification_requests_token_idx" ON "stock_notification_requests" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notification_requests_live_idx" ON "stock_notification_requests" USING btree ("sku",lower("email_address")) WHERE "stock_notification_requests"."notified_at" is null and "stock_notification_requests"."unsubscribed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_notification_requests_waiting_idx" ON "stock_notification_requests" USING btree ("sku") WHERE "stock_notification_requests"."notified_at" is null and "stock_notification_requests"."unsubscribed_at" is null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cancelled_check" CHECK ("order_lines"."cancelled_quantity" >= 0 and "order_lines"."cancelled_quantity" <= "order_lines"."quantity");