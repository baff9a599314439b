CREATE TABLE "discount_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"issue_code_id" integer,
	"order_id" text NOT NULL,
	"customer_id" text,
	"amount_pence" integer NOT NULL,
	"channel" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discount_claims_amount_check" CHECK ("discount_claims"."amount_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_issue_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"code" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_issue_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "discount_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_code" text NOT NULL,
	"description" text NOT NULL,
	"channels" integer[] NOT NULL,
	"target_type" integer NOT NULL,
	"target_skus" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"target_brand_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"discount_type" integer NOT NULL,
	"value" integer NOT NULL,
	"minimum_spend_pence" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"combines_with_trade_pricing" boolean DEFAULT false NOT NULL,
	"requires_issue_code" boolean DEFAULT false NOT NULL,
	"claim_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_promotions_promotion_code_unique" UNIQUE("promotion_code"),
	CONSTRAINT "discount_promotions_value_check" CHECK ("discount_promotions"."value" > 0 and ("discount_promotions"."discount_type" <> 1 or "discount_promotions"."value" <= 10000)),
	CONSTRAINT "discount_promotions_dates_check" CHECK ("discount_promotions"."ends_at" is null or "discount_promotions"."ends_at" > "discount_promotions"."starts_at"),
	CONSTRAINT "discount_promotions_usage_check" CHECK ("discount_promotions"."claim_count" >= 0 and ("discount_promotions"."usage_limit" is null or "discount_promotions"."claim_count" <= "discount_promotions"."usage_limit"))
);
--> statement-breakpoint
ALTER TABLE "discount_claims" ADD CONSTRAINT "discount_claims_promotion_id_discount_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."discount_promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_claims" ADD CONSTRAINT "discount_claims_issue_code_id_discount_issue_codes_id_fk" FOREIGN KEY ("issue_code_id") REFERENCES "public"."discount_issue_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_issue_codes" ADD CONSTRAINT "discount_issue_codes_promotion_id_discount_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."discount_promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_claims_issue_code_idx" ON "discount_claims" USING btree ("issue_code_id") WHERE "discount_claims"."issue_code_id" is not null;--> statement-breakpoint
CREATE INDEX "discount_claims_promotion_idx" ON "discount_claims" USING btree ("promotion_id","claimed_at");--> statement-breakpoint
CREATE INDEX "discount_claims_customer_idx" ON "discount_claims" USING btree ("promotion_id","customer_id");--> statement-breakpoint
CREATE INDEX "discount_issue_codes_promotion_idx" ON "discount_issue_codes" USING btree ("promotion_id","id");--> statement-breakpoint
CREATE INDEX "discount_promotions_starts_idx" ON "discount_promotions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "discount_promotions_created_idx" ON "discount_promotions" USING btree ("created_at","id");