CREATE TABLE "delivery_upgrade_payment_notes" (
	"intent_ref" text PRIMARY KEY NOT NULL,
	"upgrade_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "delivery_upgrade_payment_notes" ADD CONSTRAINT "delivery_upgrade_payment_notes_upgrade_id_delivery_upgrades_id_fk" FOREIGN KEY ("upgrade_id") REFERENCES "public"."delivery_upgrades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_upgrade_payment_notes_due_idx" ON "delivery_upgrade_payment_notes" USING btree ("due_at") WHERE "delivery_upgrade_payment_notes"."settled_at" is null;