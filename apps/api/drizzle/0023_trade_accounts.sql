CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"trading_name" text,
	"business_type" text NOT NULL,
	"company_number" text,
	"vat_number" text,
	"trade" text NOT NULL,
	"trade_other" text,
	"years_trading" integer NOT NULL,
	"employees" integer NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"band_code" text NOT NULL,
	"band_set_by" text NOT NULL,
	"band_changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_external_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"user_name" text NOT NULL,
	"business_id" integer NOT NULL,
	"application_id" integer,
	"contact_name" text NOT NULL,
	"contact_role" text,
	"contact_phone" text NOT NULL,
	"contact_email" text,
	"gas_safe_number" text,
	"niceic_number" text,
	"other_registration" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_application_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"file_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_application_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"by_staff" boolean NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_external_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"user_name" text NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"details" jsonb NOT NULL,
	"question" text,
	"answer" text,
	"disapproval_reason" text,
	"approved_band_code" text,
	"trade_account_id" integer,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_band_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"from_band" text,
	"to_band" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"actor_user_id" text,
	"actor_name" text,
	"spend_ex_vat" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_ordered_products" (
	"business_id" integer NOT NULL,
	"sku" text NOT NULL,
	"times_ordered" integer NOT NULL,
	"quantity_ordered" integer NOT NULL,
	"last_ordered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_ordered_products_business_id_sku_pk" PRIMARY KEY("business_id","sku")
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"trade_account_id" integer NOT NULL,
	"band_code" text NOT NULL,
	"total_ex_vat" integer NOT NULL,
	"savings_ex_vat" integer NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_orders_amounts_check" CHECK ("trade_orders"."total_ex_vat" >= 0 and "trade_orders"."savings_ex_vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_terms" (
	"version" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sections" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_terms_acceptances" (
	"trade_account_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_terms_acceptances_trade_account_id_version_pk" PRIMARY KEY("trade_account_id","version")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_band_code_trade_bands_code_fk" FOREIGN KEY ("band_code") REFERENCES "public"."trade_bands"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_application_id_trade_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."trade_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_application_documents" ADD CONSTRAINT "trade_application_documents_application_id_trade_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."trade_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_application_events" ADD CONSTRAINT "trade_application_events_application_id_trade_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."trade_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_approved_band_code_trade_bands_code_fk" FOREIGN KEY ("approved_band_code") REFERENCES "public"."trade_bands"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_band_changes" ADD CONSTRAINT "trade_band_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_band_changes" ADD CONSTRAINT "trade_band_changes_from_band_trade_bands_code_fk" FOREIGN KEY ("from_band") REFERENCES "public"."trade_bands"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_band_changes" ADD CONSTRAINT "trade_band_changes_to_band_trade_bands_code_fk" FOREIGN KEY ("to_band") REFERENCES "public"."trade_bands"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ordered_products" ADD CONSTRAINT "trade_ordered_products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_trade_account_id_trade_accounts_id_fk" FOREIGN KEY ("trade_account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_terms_acceptances" ADD CONSTRAINT "trade_terms_acceptances_trade_account_id_trade_accounts_id_fk" FOREIGN KEY ("trade_account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_terms_acceptances" ADD CONSTRAINT "trade_terms_acceptances_version_trade_terms_version_fk" FOREIGN KEY ("version") REFERENCES "public"."trade_terms"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_band_idx" ON "businesses" USING btree ("band_code");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_accounts_external_id_idx" ON "trade_accounts" USING btree ("trade_external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_accounts_user_idx" ON "trade_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_accounts_email_idx" ON "trade_accounts" USING btree (lower("user_email"));--> statement-breakpoint
CREATE INDEX "trade_accounts_business_idx" ON "trade_accounts" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "trade_application_documents_application_idx" ON "trade_application_documents" USING btree ("application_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "trade_application_events_application_idx" ON "trade_application_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_applications_external_id_idx" ON "trade_applications" USING btree ("trade_external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_applications_one_open_idx" ON "trade_applications" USING btree ("user_id") WHERE "trade_applications"."status" in ('submitted', 'more_info_required');--> statement-breakpoint
CREATE INDEX "trade_applications_user_idx" ON "trade_applications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "trade_applications_status_idx" ON "trade_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "trade_band_changes_business_idx" ON "trade_band_changes" USING btree ("business_id","at");--> statement-breakpoint
CREATE INDEX "trade_orders_business_idx" ON "trade_orders" USING btree ("business_id","placed_at");--> statement-breakpoint
-- Written by hand from here: the first version of the trade terms, which every shop needs (not demo
-- data). A new version is a new row, written by a later migration; customers accept it again.
INSERT INTO "trade_terms" ("version", "title", "sections", "published_at") VALUES (1, 'Plumbline trade account terms', '[
  {"heading": "1. Who these terms are for", "paragraphs": ["These terms apply to a business with a Plumbline trade account, alongside our general terms of sale. Where the two differ, these terms apply to trade orders.", "A trade account is for buying goods for use in your business. It is personal to the business it was approved for and must not be used to buy goods for resale to other traders."]},
  {"heading": "2. Trade prices and bands", "paragraphs": ["Trade prices are our retail prices less your band''s discount, taken off the price before VAT. Your band depends on what your business has spent with us, ex VAT and net of refunds, over the last 12 months.", "Your business moves up a band by itself when its spend reaches the next band. We only move a business down a band after telling you why.", "Bundles already on offer and clearance items may carry no trade discount. A promotional code is used with trade prices only when the code says so; otherwise you pay the trade price."]},
  {"heading": "3. Orders, VAT and invoices", "paragraphs": ["Trade prices are shown ex VAT, with the price including VAT beside them. VAT is charged at the rate in force when you order, and every order has a VAT invoice in your account.", "Orders are paid by card when they are placed."]},
  {"heading": "4. Returns", "paragraphs": ["Our 30-day returns policy applies to trade orders, except for goods made or cut to order. Goods that have been fitted cannot be returned as unwanted.", "Refunds reduce your 12-month spend."]},
  {"heading": "5. Your account", "paragraphs": ["Keep your business details up to date: tell us when your trading name, address or VAT registration changes.", "We may close a trade account that is misused, after telling you why. You can close yours at any time."]}
]'::jsonb, now());
