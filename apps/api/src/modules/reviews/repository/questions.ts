import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { productQuestions, questionAnswerInvitations } from '../reviews.tables.ts';
import type { Db, InvitationRow, QuestionRow } from './rows.ts';

type NewQuestion = typeof productQuestions.$inferInsert;
type NewInvitation = typeof questionAnswerInvitations.$inferInsert;

/** Product questions, moderated like reviews, and the invitations asking buyers to answer them. */

export async function findQuestion(db: Db, questionId: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(productQuestions).where(eq(productQuestions.id, questionId));
  return row;
}

export async function questionStatus(db: Db, questionId: string): Promise<QuestionRow['status'] | undefined> {
  const [question] = await db.select({ status: productQuestions.status }).from(productQuestions).where(eq(productQuestions.id, questionId));
  return question?.status;
}

/** Files a question; its id, or undefined when the enquiry filed one before (its reference is unique). */
export async function insertQuestion(db: Db, question: NewQuestion): Promise<string | undefined> {
  const inserted = await db.insert(productQuestions).values(question).onConflictDoNothing().returning({ id: productQuestions.id });
  return inserted[0]?.id;
}

export async function questionIdOfEnquiry(db: Db, helpReference: string): Promise<string | undefined> {
  const [earlier] = await db.select({ id: productQuestions.id }).from(productQuestions).where(eq(productQuestions.helpReference, helpReference));
  return earlier?.id;
}

/** Changes a question at the version the moderator saw, moving the version on; undefined when another changed it first. */
export async function changeQuestionAt(db: Db, questionId: string, version: number, changes: Partial<QuestionRow>): Promise<QuestionRow | undefined> {
  const [after] = await db
    .update(productQuestions)
    .set({ ...changes, version: version + 1 })
    .where(and(eq(productQuestions.id, questionId), eq(productQuestions.version, version)))
    .returning();
  return after;
}

/**
 * The product's published questions, counted after the publishers before this one committed: they take
 * turns on a transaction-scoped advisory lock, so two questions published at once are both counted.
 */
export async function countPublishedQuestionsInTurn(db: Transaction, productId: number): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`product-questions:${productId}`}, 0))`);
  const [published] = await db
    .select({ count: count() })
    .from(productQuestions)
    .where(and(eq(productQuestions.productId, productId), eq(productQuestions.status, 'published')));
  return published?.count ?? 0;
}

/** `%` and `_` typed by staff are looked for as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A page of questions for staff (pending first, the queue, each group oldest first), and their total. */
export async function questionsPage(db: Db, filter: { status?: QuestionRow['status']; productId?: number; text?: string }, pageNumber: number, size: number) {
  const text = filter.text ? likeText(filter.text) : undefined;
  const where: SQL | undefined = and(
    filter.status ? eq(productQuestions.status, filter.status) : undefined,
    filter.productId === undefined ? undefined : eq(productQuestions.productId, filter.productId),
    text ? or(ilike(productQuestions.question, text), ilike(productQuestions.answer, text)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productQuestions)
      .where(where)
      .orderBy(sql`case when ${productQuestions.status} = 'pending' then 0 else 1 end`, asc(productQuestions.createdAt), asc(productQuestions.id))
      .limit(size)
      .offset((pageNumber - 1) * size),
    db.select({ count: count() }).from(productQuestions).where(where),
  ]);
  return { rows, totalCount: total?.count ?? 0 };
}

/** Customers' answers to these questions (oldest first), and how many invitations each question sent. */
export async function invitationsOf(db: Db, questionIds: readonly string[]) {
  const ids = [...questionIds];
  const [answered, sent] = await Promise.all([
    db
      .select()
      .from(questionAnswerInvitations)
      .where(and(inArray(questionAnswerInvitations.questionId, ids), isNotNull(questionAnswerInvitations.answer)))
      .orderBy(asc(questionAnswerInvitations.answeredAt), asc(questionAnswerInvitations.id)),
    db
      .select({ questionId: questionAnswerInvitations.questionId, count: count() })
      .from(questionAnswerInvitations)
      .where(inArray(questionAnswerInvitations.questionId, ids))
      .groupBy(questionAnswerInvitations.questionId),
  ]);
  return { answered, sentBy: new Map(sent.map((row) => [row.questionId, row.count])) };
}

export async function invitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  const [invitation] = await db.select().from(questionAnswerInvitations).where(eq(questionAnswerInvitations.tokenHash, tokenHash));
  return invitation;
}

/** A customer's answer to the question, sent through the invitation. */
export async function proposedAnswer(db: Db, invitationId: string, questionId: string): Promise<InvitationRow | undefined> {
  const [proposed] = await db
    .select()
    .from(questionAnswerInvitations)
    .where(
      and(eq(questionAnswerInvitations.id, invitationId), eq(questionAnswerInvitations.questionId, questionId), isNotNull(questionAnswerInvitations.answer)),
    );
  return proposed;
}

/** The addresses already invited to answer the question. */
export async function invitedAddresses(db: Db, questionId: string): Promise<string[]> {
  const rows = await db
    .select({ emailAddress: questionAnswerInvitations.emailAddress })
    .from(questionAnswerInvitations)
    .where(eq(questionAnswerInvitations.questionId, questionId));
  return rows.map((row) => row.emailAddress);
}

/** Records an invitation; false when the address was invited to the question already (the unique index decides). */
export async function claimQuestionInvitation(db: Db, invitation: NewInvitation): Promise<boolean> {
  const [claimed] = await db.insert(questionAnswerInvitations).values(invitation).onConflictDoNothing().returning({ id: questionAnswerInvitations.id });
  return claimed !== undefined;
}

/** Keeps an invited customer's answer once: false when the invitation was answered already. */
export async function recordInvitedAnswer(db: Db, invitationId: string, answer: { answererName: string; answer: string; answeredAt: Date }): Promise<boolean> {
  const [updated] = await db
    .update(questionAnswerInvitations)
    .set(answer)
    .where(and(eq(questionAnswerInvitations.id, invitationId), sql`${questionAnswerInvitations.answer} is null`))
    .returning({ id: questionAnswerInvitations.id });
  return updated !== undefined;
}
