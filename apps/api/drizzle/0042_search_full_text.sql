CREATE INDEX "offerings_code_key_idx" ON "offerings" USING btree (lower(regexp_replace("sku", '[^[:alnum:]]+', '', 'g')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_words_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "products_all_words_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || "search_text"));--> statement-breakpoint
CREATE INDEX "products_all_trgm_idx" ON "products" USING gin (("name" || ' ' || "search_text") gin_trgm_ops);