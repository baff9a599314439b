-- The table moves to the platform with its rows: renamed, not dropped and created again.
ALTER TABLE "payment_idempotency_keys" RENAME TO "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "payment_idempotency_keys_scope_key_pk" TO "idempotency_keys_scope_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "payment_idempotency_keys_state_check" TO "idempotency_keys_state_check";
