ALTER TABLE "help_requests" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "help_requests_dedupe_idx" ON "help_requests" USING btree ("dedupe_key");