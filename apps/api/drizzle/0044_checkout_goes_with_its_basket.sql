-- A checkout whose basket is gone (merged into a shopper's basket on sign-in) is of no use: it goes first.
DELETE FROM "checkouts" c WHERE NOT EXISTS (SELECT 1 FROM "baskets" b WHERE b."id" = c."basket_id");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;
