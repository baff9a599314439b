CREATE TABLE "checkouts" (
	"basket_id" text PRIMARY KEY NOT NULL,
	"contact" jsonb,
	"delivery_address" jsonb,
	"delivery_instructions" text,
	"billing_address" jsonb,
	"billing_same_as_delivery" boolean DEFAULT false NOT NULL,
	"delivery_option_code" text,
	"delivery_date" date,
	"payment_intent_ref" text,
	"payment_amount_pence" integer,
	"payment_fingerprint" text,
	"save_card" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
