CREATE TABLE "product_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"what" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_versions" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"price_inc_vat" integer NOT NULL,
	"vat_rate_code" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"restore_price_inc_vat" integer,
	"restore_vat_rate_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_prices_positive_check" CHECK ("scheduled_prices"."price_inc_vat" > 0),
	CONSTRAINT "scheduled_prices_period_check" CHECK ("scheduled_prices"."ends_at" is null or "scheduled_prices"."ends_at" > "scheduled_prices"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "product_audit" ADD CONSTRAINT "product_audit_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_prices" ADD CONSTRAINT "scheduled_prices_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_prices" ADD CONSTRAINT "scheduled_prices_vat_rate_code_vat_rates_code_fk" FOREIGN KEY ("vat_rate_code") REFERENCES "public"."vat_rates"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_prices" ADD CONSTRAINT "scheduled_prices_restore_vat_rate_code_vat_rates_code_fk" FOREIGN KEY ("restore_vat_rate_code") REFERENCES "public"."vat_rates"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_audit_product_idx" ON "product_audit" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "product_audit_actor_idx" ON "product_audit" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "scheduled_prices_offering_idx" ON "scheduled_prices" USING btree ("offering_id");--> statement-breakpoint
CREATE INDEX "scheduled_prices_due_idx" ON "scheduled_prices" USING btree ("status","starts_at") WHERE "scheduled_prices"."status" in ('scheduled', 'started');