CREATE TABLE "question_answer_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"question_id" uuid NOT NULL,
	"customer_id" text,
	"email_address" text NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"answerer_name" text,
	"answer" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_invitations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"email_address" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_questions" ADD COLUMN "answer_source" text;--> statement-breakpoint
ALTER TABLE "product_questions" ADD COLUMN "answerer_name" text;--> statement-breakpoint
ALTER TABLE "question_answer_invitations" ADD CONSTRAINT "question_answer_invitations_question_id_product_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."product_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_answer_invitations_token_idx" ON "question_answer_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "question_answer_invitations_once_idx" ON "question_answer_invitations" USING btree ("question_id","email_address");--> statement-breakpoint
CREATE INDEX "question_answer_invitations_answered_idx" ON "question_answer_invitations" USING btree ("question_id","answered_at") WHERE "question_answer_invitations"."answer" is not null;