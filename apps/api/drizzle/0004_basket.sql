CREATE TABLE "basket_lines" (
	"basket_id" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"priced_unit_inc_vat" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_lines_basket_id_sku_pk" PRIMARY KEY("basket_id","sku"),
	CONSTRAINT "basket_lines_quantity_check" CHECK ("basket_lines"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"channel" integer DEFAULT 100 NOT NULL,
	"discount_code" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_baskets" (
	"retrieval_code" text PRIMARY KEY NOT NULL,
	"source_basket_id" text NOT NULL,
	"owner_id" text,
	"lines" jsonb NOT NULL,
	"discount_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baskets_owner_idx" ON "baskets" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "saved_baskets_expires_idx" ON "saved_baskets" USING btree ("expires_at");