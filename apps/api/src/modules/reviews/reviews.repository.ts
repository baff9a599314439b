import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, inArray, isNotNull, lt, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { isSubjectsAddress } from '../../db/personal-data.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import type { SummaryFigures } from './review-listing-rules.ts';
import {
  productQuestions,
  questionAnswerInvitations,
  reviewEvents,
  reviewHelpfulVotes,
  reviewInvitations,
  reviewPhotos,
  reviews,
  reviewSummaries,
} from './reviews.tables.ts';

/** All SQL of the reviews module (docs/architecture.md: the repository holds all SQL). */
type Db = Database | Transaction;
export type ReviewRow = typeof reviews.$inferSelect;
export type SummaryRow = typeof reviewSummaries.$inferSelect;
type NewReviewPhoto = typeof reviewPhotos.$inferInsert;
type NewReview = typeof reviews.$inferInsert;
type NewReviewEvent = typeof reviewEvents.$inferInsert;
export type QuestionRow = typeof productQuestions.$inferSelect;
export type InvitationRow = typeof questionAnswerInvitations.$inferSelect;
type NewQuestion = typeof productQuestions.$inferInsert;
type NewInvitation = typeof questionAnswerInvitations.$inferInsert;

// ── reviews and their history ──────────────────────────────────────────────────────────────────────

export async function findReview(db: Db, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  return row;
}

/** The words, product and status of every review the customer wrote (the first pass compares a new one with them). */
export function reviewsByCustomer(db: Db, customerId: string) {
  return db.select({ text: reviews.text, productId: reviews.productId, status: reviews.status }).from(reviews).where(eq(reviews.customerId, customerId));
}

/** Whether the order line has a review that was not rejected. */
export async function lineReviewed(db: Db, orderId: string, orderLinePosition: number): Promise<boolean> {
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.orderLinePosition, orderLinePosition), ne(reviews.status, 'rejected')));
  return rows.length > 0;
}

/** Writes a review; false when a unique index (one per author and product, one per order line) refused it. */
export async function insertReview(db: Db, review: NewReview): Promise<boolean> {
  const inserted = await db.insert(reviews).values(review).onConflictDoNothing().returning({ id: reviews.id });
  return inserted.length > 0;
}

/** Changes a review at the version the moderator saw, moving the version on; undefined when another changed it first. */
export async function changeReviewAt(db: Db, reviewId: string, version: number, changes: Partial<ReviewRow>): Promise<ReviewRow | undefined> {
  const [after] = await db
    .update(reviews)
    .set({ ...changes, version: version + 1 })
    .where(and(eq(reviews.id, reviewId), eq(reviews.version, version)))
    .returning();
  return after;
}

export async function addReviewEvent(db: Db, event: NewReviewEvent): Promise<void> {
  await db.insert(reviewEvents).values(event);
}

/** The review's history, oldest first. */
export function reviewEventsOf(db: Db, reviewId: string) {
  return db.select().from(reviewEvents).where(eq(reviewEvents.reviewId, reviewId)).orderBy(asc(reviewEvents.at), asc(reviewEvents.id));
}

// ── listings ────────────────────────────────────────────────────────────────────────────────────

/** Which reviews a listing or staff search shows; every field left out matches all. */
export interface ReviewFilter {
  productId?: number;
  status?: ReviewRow['status'];
  rating?: number;
  withPhotos?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
  sku?: string;
  source?: ReviewRow['source'];
}

const whereOf = (filter: ReviewFilter): SQL | undefined =>
  and(
    filter.productId === undefined ? undefined : eq(reviews.productId, filter.productId),
    filter.status ? eq(reviews.status, filter.status) : undefined,
    filter.rating === undefined ? undefined : eq(reviews.rating, filter.rating),
    filter.withPhotos ? gt(reviews.photoCount, 0) : undefined,
    filter.createdFrom ? gte(reviews.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(reviews.createdAt, filter.createdBefore) : undefined,
    filter.sku ? eq(reviews.sku, filter.sku) : undefined,
    filter.source ? eq(reviews.source, filter.source) : undefined,
  );

const ORDERS: Record<string, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  most_helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
};

/** A page of reviews in a sort order, and their total: counted, unless the caller knows it (`knownTotal`). */
export async function reviewsPage(db: Db, filter: ReviewFilter, sort: string, pageNumber: number, size: number, knownTotal?: number) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...ORDERS[sort]!)
      .limit(size)
      .offset((pageNumber - 1) * size),
    knownTotal === undefined ? db.select({ count: count() }).from(reviews).where(where) : [{ count: knownTotal }],
  ]);
  return { rows, totalCount: total?.count ?? 0 };
}

/** Reviews by id, in no particular order. */
export function reviewsByIds(db: Db, ids: readonly string[]): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(inArray(reviews.id, [...ids]));
}

/** A page of the product's answered, published questions, newest first, and their total. */
export async function publishedQuestionsPage(db: Db, productId: number, pageNumber: number, size: number) {
  const where = and(eq(productQuestions.productId, productId), eq(productQuestions.status, 'published'), isNotNull(productQuestions.answer));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productQuestions)
      .where(where)
      .orderBy(desc(productQuestions.createdAt), desc(productQuestions.id))
      .limit(size)
      .offset((pageNumber - 1) * size),
    db.select({ count: count() }).from(productQuestions).where(where),
  ]);
  return { rows, totalCount: total?.count ?? 0 };
}

export async function publishedReview(db: Db, reviewId: string) {
  const [review] = await db
    .select({ id: reviews.id, helpfulCount: reviews.helpfulCount })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, 'published')));
  return review;
}

/**
 * Counts one person's helpful vote: the vote's primary key decides (of two at once by one person,
 * one inserts, the other finds it). The review's new count, or null when the vote was counted before.
 */
export async function countHelpfulVote(db: Transaction, vote: { reviewId: string; voterKey: string; at: Date }): Promise<number | null> {
  const inserted = await db.insert(reviewHelpfulVotes).values(vote).onConflictDoNothing().returning();
  if (inserted.length === 0) return null;
  const [updated] = await db
    .update(reviews)
    .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
    .where(eq(reviews.id, vote.reviewId))
    .returning({ helpfulCount: reviews.helpfulCount });
  return updated!.helpfulCount;
}

/** The product's published reviews' ratings and words, oldest first, and how many questions it was asked. */
export async function insightsOf(db: Db, productId: number) {
  const [published, [questions]] = await Promise.all([
    db
      .select({
        rating: reviews.rating,
        title: reviews.title,
        text: reviews.text,
        publishedTitle: reviews.publishedTitle,
        publishedText: reviews.publishedText,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
      .orderBy(asc(reviews.createdAt)),
    db.select({ count: count() }).from(productQuestions).where(eq(productQuestions.productId, productId)),
  ]);
  return { published, questionsAsked: questions?.count ?? 0 };
}

// ── questions ───────────────────────────────────────────────────────────────────────────────────

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
export async function countPublishedQuestionsInTurn(db: Db, productId: number): Promise<number> {
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

// ── summaries ───────────────────────────────────────────────────────────────────────────────────

/**
 * The product's summary row, locked for the caller's transaction: made first when missing (of two
 * first reviews at once, one inserts and the other finds it), then `SELECT … FOR UPDATE`.
 */
export async function lockSummary(db: Db, productId: number, now: Date): Promise<SummaryRow> {
  await db.insert(reviewSummaries).values({ productId, updatedAt: now }).onConflictDoNothing({ target: reviewSummaries.productId });
  const [row] = await db.select().from(reviewSummaries).where(eq(reviewSummaries.productId, productId)).for('update');
  return row!;
}

export async function updateSummary(db: Db, productId: number, figures: SummaryFigures, now: Date): Promise<void> {
  await db
    .update(reviewSummaries)
    .set({ ...figures, updatedAt: now })
    .where(eq(reviewSummaries.productId, productId));
}

/** The product's summary row (undefined before its first published review) and its version, `xmin` (listing-cache.ts says why). */
export async function summaryWithVersion(db: Db, productId: number): Promise<{ row: SummaryRow | undefined; version: string }> {
  const [found] = await db
    .select({ ...getTableColumns(reviewSummaries), version: sql<string>`xmin::text` })
    .from(reviewSummaries)
    .where(eq(reviewSummaries.productId, productId));
  if (!found) return { row: undefined, version: 'none' };
  const { version, ...row } = found;
  return { row, version };
}

// ── photos ──────────────────────────────────────────────────────────────────────────────────────

/** The photos of these reviews, by review then in the order they were sent. */
export function photosOf(db: Db, reviewIds: readonly string[]) {
  return db
    .select({ id: reviewPhotos.id, reviewId: reviewPhotos.reviewId })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...new Set(reviewIds)]))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
}

export async function reviewForPhotos(db: Db, reviewId: string) {
  const [review] = await db
    .select({ customerId: reviews.customerId, status: reviews.status, photoCount: reviews.photoCount })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return review;
}

/** The review's status and version, locked for the caller's transaction. */
export async function lockReviewStatus(db: Transaction, reviewId: string) {
  const [locked] = await db.select({ status: reviews.status, version: reviews.version }).from(reviews).where(eq(reviews.id, reviewId)).for('update');
  return locked;
}

/** How many photos the review has, and the last one's position (null with none). */
export async function photoCountOf(db: Db, reviewId: string) {
  const [kept] = await db
    .select({ count: count(), last: max(reviewPhotos.position) })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.reviewId, reviewId));
  return { count: kept?.count ?? 0, last: kept?.last ?? null };
}

/** Writes the photos and the review's new count, moving its version on. */
export async function addPhotos(db: Transaction, reviewId: string, photos: readonly NewReviewPhoto[], photoCount: number, version: number): Promise<void> {
  await db.insert(reviewPhotos).values([...photos]);
  await db.update(reviews).set({ photoCount, version }).where(eq(reviews.id, reviewId));
}

/** A photo's file with its review's status and author. */
export async function photoWithReview(db: Db, photoId: string) {
  const [photo] = await db
    .select({ fileId: reviewPhotos.fileId, status: reviews.status, customerId: reviews.customerId })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(eq(reviewPhotos.id, photoId));
  return photo;
}

// ── invitations ─────────────────────────────────────────────────────────────────────────────────

/** Of these orders, those already sent a "review your purchase" e-mail. */
export async function invitedOrders(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  const asked = await db
    .select({ orderId: reviewInvitations.orderId })
    .from(reviewInvitations)
    .where(inArray(reviewInvitations.orderId, [...orderIds]));
  return new Set(asked.map((row) => row.orderId));
}

/** Claims the orders' invitations (ON CONFLICT DO NOTHING: one claim per order); the ids claimed here. */
export async function claimInvitations(db: Transaction, rows: readonly { orderId: string; emailAddress: string; sentAt: Date }[]): Promise<Set<string>> {
  const claimed = await db
    .insert(reviewInvitations)
    .values([...rows])
    .onConflictDoNothing({ target: reviewInvitations.orderId })
    .returning({ orderId: reviewInvitations.orderId });
  return new Set(claimed.map((row) => row.orderId));
}

/** What a review or question shows for its author once they are erased: the words stay, the person goes. */
const ERASED_AUTHOR = 'A customer';

// ── erasure (platform/personal-data.ts) ─────────────────────────────────────────────────────────

const reviewsOf = (subject: DataSubject) =>
  or(isSubjectsAddress(reviews.emailAddress, subject), subject.userId ? eq(reviews.customerId, subject.userId) : undefined);

export async function countReviewsOf(db: Database, subject: DataSubject): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(reviewsOf(subject));
  return row?.n ?? 0;
}

/** Reviews keep their rating and words under "A customer"; their photos go (ids returned for the files module). */
export async function anonymiseReviewsOf(db: Database, subject: DataSubject): Promise<{ rows: number; files: string[] }> {
  const rows = await db
    .update(reviews)
    .set({ customerId: null, emailAddress: null, displayName: ERASED_AUTHOR, town: null, photoCount: 0 })
    .where(reviewsOf(subject))
    .returning({ id: reviews.id });
  if (rows.length === 0) return { rows: 0, files: [] };
  const photos = await db
    .delete(reviewPhotos)
    .where(
      inArray(
        reviewPhotos.reviewId,
        rows.map((row) => row.id),
      ),
    )
    .returning({ fileId: reviewPhotos.fileId });
  return { rows: rows.length, files: photos.map((photo) => photo.fileId) };
}

const questionsOf = (subject: DataSubject) => (subject.userId ? eq(productQuestions.customerId, subject.userId) : undefined);
const answerInvitationsOf = (subject: DataSubject) =>
  or(isSubjectsAddress(questionAnswerInvitations.emailAddress, subject), subject.userId ? eq(questionAnswerInvitations.customerId, subject.userId) : undefined);

export async function countQuestionsOf(db: Database, subject: DataSubject): Promise<number> {
  const asked = subject.userId ? ((await db.select({ n: count() }).from(productQuestions).where(questionsOf(subject)))[0]?.n ?? 0) : 0;
  const [invited] = await db.select({ n: count() }).from(questionAnswerInvitations).where(answerInvitationsOf(subject));
  return asked + (invited?.n ?? 0);
}

/** Questions asked and answers given keep their words under "A customer", linked to no account or address. */
export async function anonymiseQuestionsOf(db: Database, subject: DataSubject): Promise<number> {
  const asked = subject.userId
    ? await db.update(productQuestions).set({ customerId: null, askerName: ERASED_AUTHOR }).where(questionsOf(subject)).returning({ id: productQuestions.id })
    : [];
  const invitations = await db
    .update(questionAnswerInvitations)
    // An address of the row's own: one invitation per question and address is unique.
    .set({ customerId: null, emailAddress: sql`'erased-' || ${questionAnswerInvitations.id} || '@erased.invalid'`, answererName: ERASED_AUTHOR })
    .where(answerInvitationsOf(subject))
    .returning({ questionId: questionAnswerInvitations.questionId, answered: questionAnswerInvitations.answeredAt });
  const answered = invitations.filter((invitation) => invitation.answered).map((invitation) => invitation.questionId);
  if (answered.length > 0) {
    await db
      .update(productQuestions)
      .set({ answererName: ERASED_AUTHOR })
      .where(and(inArray(productQuestions.id, answered), eq(productQuestions.answerSource, 'customer'), isNotNull(productQuestions.answererName)));
  }
  return asked.length + invitations.length;
}

export async function countReviewInvitationsTo(db: Database, subject: DataSubject): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviewInvitations).where(isSubjectsAddress(reviewInvitations.emailAddress, subject));
  return row?.n ?? 0;
}

export async function deleteReviewInvitationsTo(db: Database, subject: DataSubject): Promise<number> {
  const rows = await db
    .delete(reviewInvitations)
    .where(isSubjectsAddress(reviewInvitations.emailAddress, subject))
    .returning({ orderId: reviewInvitations.orderId });
  return rows.length;
}
