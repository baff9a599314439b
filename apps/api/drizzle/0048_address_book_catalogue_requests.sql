CREATE TABLE "saved_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"address_type" text NOT NULL,
	"nickname" text,
	"name" text NOT NULL,
	"company" text,
	"line1" text NOT NULL,
	"line2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"phone" text,
	"udprn" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"access_notes" text,
	"tail_lift" boolean DEFAULT false NOT NULL,
	"kerbside_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_addresses_type_check" CHECK ("saved_addresses"."address_type" in ('delivery', 'billing'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"udprn" integer,
	"address_key" text NOT NULL,
	"interests" text[] NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "postal_marketing_consents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"postcode" text NOT NULL,
	"address_key" text NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saved_addresses_owner_idx" ON "saved_addresses" USING btree ("owner_id","address_type","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_one_default_idx" ON "saved_addresses" USING btree ("owner_id","address_type") WHERE "saved_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "catalogue_requests_address_idx" ON "catalogue_requests" USING btree ("address_key","requested_at");--> statement-breakpoint
CREATE INDEX "catalogue_requests_waiting_idx" ON "catalogue_requests" USING btree ("posted_at","requested_at");--> statement-breakpoint
CREATE INDEX "catalogue_requests_owner_idx" ON "catalogue_requests" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "postal_marketing_consents_address_idx" ON "postal_marketing_consents" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "postal_marketing_consents_owner_idx" ON "postal_marketing_consents" USING btree ("owner_id");