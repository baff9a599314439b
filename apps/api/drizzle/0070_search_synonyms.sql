CREATE TABLE "search_synonym_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"action" text NOT NULL,
	"words" text[] NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_synonym_changes_action_check" CHECK ("search_synonym_changes"."action" in ('created', 'changed', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "search_synonym_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonym_words" (
	"word" text PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "search_synonym_words_word_check" CHECK (length("search_synonym_words"."word") between 2 and 40)
);
--> statement-breakpoint
ALTER TABLE "search_synonym_words" ADD CONSTRAINT "search_synonym_words_group_id_search_synonym_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."search_synonym_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_synonym_changes_at_idx" ON "search_synonym_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "search_synonym_words_group_idx" ON "search_synonym_words" USING btree ("group_id");--> statement-breakpoint
-- The trade synonyms search had written into its code, kept as staff's first groups (decision 0109).
INSERT INTO "search_synonym_groups" ("id") SELECT generate_series(1, 7);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('search_synonym_groups', 'id'), 7);--> statement-breakpoint
INSERT INTO "search_synonym_words" ("word", "group_id", "position") VALUES
  ('toilet', 1, 0),
  ('loo', 1, 1),
  ('wc', 1, 2),
  ('pan', 1, 3),
  ('basin', 2, 0),
  ('sink', 2, 1),
  ('washbasin', 2, 2),
  ('radiator', 3, 0),
  ('rad', 3, 1),
  ('rads', 3, 2),
  ('tap', 4, 0),
  ('taps', 4, 1),
  ('mixer', 4, 2),
  ('faucet', 4, 3),
  ('bath', 5, 0),
  ('bathtub', 5, 1),
  ('tub', 5, 2),
  ('shower', 6, 0),
  ('showers', 6, 1),
  ('enclosure', 7, 0),
  ('cubicle', 7, 1);
