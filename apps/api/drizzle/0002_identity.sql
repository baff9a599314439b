CREATE TABLE "identity_oidc_payloads" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"account_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_oidc_payloads_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "identity_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_throttle_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_user_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "identity_user_tokens_purpose_check" CHECK ("identity_user_tokens"."purpose" in ('verify-email', 'reset-password'))
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"roles" text[] DEFAULT '{shopper}'::text[] NOT NULL,
	"trade_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_user_tokens" ADD CONSTRAINT "identity_user_tokens_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_grant_idx" ON "identity_oidc_payloads" USING btree ("grant_id") WHERE "identity_oidc_payloads"."grant_id" is not null;--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_user_code_idx" ON "identity_oidc_payloads" USING btree ("kind","user_code") WHERE "identity_oidc_payloads"."user_code" is not null;--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_uid_idx" ON "identity_oidc_payloads" USING btree ("kind","uid") WHERE "identity_oidc_payloads"."uid" is not null;--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_account_idx" ON "identity_oidc_payloads" USING btree ("account_id") WHERE "identity_oidc_payloads"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_expires_idx" ON "identity_oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_throttle_events_bucket_idx" ON "identity_throttle_events" USING btree ("bucket","created_at");--> statement-breakpoint
CREATE INDEX "identity_user_tokens_user_purpose_idx" ON "identity_user_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_email_lower_idx" ON "identity_users" USING btree (lower("email"));