CREATE TABLE "project_baskets" (
	"project_id" text NOT NULL,
	"basket_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_baskets_project_id_basket_id_pk" PRIMARY KEY("project_id","basket_id")
);
--> statement-breakpoint
CREATE TABLE "project_items" (
	"project_id" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_items_project_id_sku_pk" PRIMARY KEY("project_id","sku"),
	CONSTRAINT "project_items_quantity_check" CHECK ("project_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "project_items_seen" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"sku" text NOT NULL,
	"price_inc_vat" integer NOT NULL,
	"available" boolean NOT NULL,
	CONSTRAINT "project_items_seen_project_id_user_id_sku_pk" PRIMARY KEY("project_id","user_id","sku")
);
--> statement-breakpoint
CREATE TABLE "project_shares" (
	"project_id" text NOT NULL,
	"recipient_email" text NOT NULL,
	"role" text NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_shares_project_id_recipient_email_pk" PRIMARY KEY("project_id","recipient_email")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"owner_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"site_reference" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_baskets" ADD CONSTRAINT "project_baskets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_items" ADD CONSTRAINT "project_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_items_seen" ADD CONSTRAINT "project_items_seen_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_shares" ADD CONSTRAINT "project_shares_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_items_seen_user_idx" ON "project_items_seen" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_shares_recipient_idx" ON "project_shares" USING btree ("recipient_email","shared_at");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id","updated_at");