CREATE TABLE "payment_recoveries" (
	"intent_ref" text PRIMARY KEY NOT NULL,
	"basket_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payer" jsonb;