import type { Database, Transaction } from '../../../db/client.ts';
import type { productQuestions, questionAnswerInvitations, reviewSummaries, reviews } from '../reviews.tables.ts';

/** The rows the reviews module reads, as its parts see them. */
export type Db = Database | Transaction;
export type ReviewRow = typeof reviews.$inferSelect;
export type SummaryRow = typeof reviewSummaries.$inferSelect;
export type QuestionRow = typeof productQuestions.$inferSelect;
export type InvitationRow = typeof questionAnswerInvitations.$inferSelect;
