CREATE TABLE "payment_customers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"customer_ref" text NOT NULL,
	"default_payment_method_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
