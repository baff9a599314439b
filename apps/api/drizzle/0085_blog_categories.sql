-- The blog's categories become rows content editors manage at /staff/content (until now they were a constant in the code). A post names
-- its category by slug in its versions' documents, so the slug never changes. The four the shop had are written with the same slugs and
-- names, in the same order (`position`), so the blog shows shoppers what it did; each gets a short description for its page of the blog.
CREATE TABLE "blog_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "blog_categories_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blog_categories_slug_check" CHECK ("blog_categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
INSERT INTO "blog_categories" ("slug", "name", "description", "added_at", "updated_at") VALUES
  ('bathroom-ideas', 'Bathroom ideas', 'Looks, layouts and colours for bathrooms of every size, and the products that make them.', now(), now()),
  ('how-to', 'How-to guides', 'Jobs you can do yourself, step by step: from bleeding a radiator to resealing a bath.', now(), now()),
  ('buying-guides', 'Buying guides', 'What to look for before you buy: sizes, fittings, finishes and what they cost to run.', now(), now()),
  ('heating-and-plumbing', 'Heating and plumbing', 'Radiators, boilers, pipes and water pressure: keeping your home warm and your water flowing.', now(), now())
ON CONFLICT ("slug") DO NOTHING;
