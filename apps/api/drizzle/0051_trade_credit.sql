CREATE TABLE "credit_sandbox_delegations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"organisation_number" text,
	"proposal_id" text,
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_sandbox_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"fields" jsonb,
	"organisation_number" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_sandbox_users" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_number" text NOT NULL,
	"merchant_user_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"verification_code" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_credit_links" (
	"trade_account_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"organisation_number" text,
	"provider_user_id" text,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_credit_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"trade_account_id" integer NOT NULL,
	"status" text NOT NULL,
	"trading_name" text,
	"proprietor_name" text,
	"date_of_birth" text,
	"home_address" jsonb,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_sandbox_users_merchant_user_idx" ON "credit_sandbox_users" USING btree ("organisation_number","merchant_user_id");--> statement-breakpoint
CREATE INDEX "trade_credit_links_user_idx" ON "trade_credit_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_credit_proposals_account_idx" ON "trade_credit_proposals" USING btree ("trade_account_id");