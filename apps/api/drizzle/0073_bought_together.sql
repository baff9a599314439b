CREATE TABLE "bought_together_choices" (
	"product_id" integer NOT NULL,
	"paired_product_id" integer NOT NULL,
	"choice" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bought_together_choices_product_id_paired_product_id_pk" PRIMARY KEY("product_id","paired_product_id"),
	CONSTRAINT "bought_together_choices_distinct_check" CHECK ("bought_together_choices"."product_id" <> "bought_together_choices"."paired_product_id")
);
--> statement-breakpoint
CREATE TABLE "bought_together_pairs" (
	"product_id" integer NOT NULL,
	"paired_product_id" integer NOT NULL,
	"orders_together" integer NOT NULL,
	"lift_hundredths" integer NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bought_together_pairs_product_id_paired_product_id_pk" PRIMARY KEY("product_id","paired_product_id"),
	CONSTRAINT "bought_together_pairs_distinct_check" CHECK ("bought_together_pairs"."product_id" <> "bought_together_pairs"."paired_product_id")
);
--> statement-breakpoint
ALTER TABLE "bought_together_choices" ADD CONSTRAINT "bought_together_choices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bought_together_choices" ADD CONSTRAINT "bought_together_choices_paired_product_id_products_id_fk" FOREIGN KEY ("paired_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bought_together_pairs" ADD CONSTRAINT "bought_together_pairs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bought_together_pairs" ADD CONSTRAINT "bought_together_pairs_paired_product_id_products_id_fk" FOREIGN KEY ("paired_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bought_together_choices_paired_idx" ON "bought_together_choices" USING btree ("paired_product_id");