DROP INDEX "help_requests_due_idx";--> statement-breakpoint
CREATE INDEX "help_requests_due_idx" ON "help_requests" USING btree ("due_at","type") WHERE "help_requests"."status" <> 'closed';