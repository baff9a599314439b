import { and, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { isSubjectsAddress } from '../../../db/personal-data.ts';
import type { DataSubject } from '../../../platform/personal-data.ts';
import { productQuestions, questionAnswerInvitations, reviewInvitations, reviewPhotos, reviews } from '../reviews.tables.ts';

/** What a review or question shows for its author once they are erased: the words stay, the person goes. */
const ERASED_AUTHOR = 'A customer';

// Erasure (platform/personal-data.ts): counted with any handle, erased inside the erasure's transaction.

const reviewsOf = (subject: DataSubject) =>
  or(isSubjectsAddress(reviews.emailAddress, subject), subject.userId ? eq(reviews.customerId, subject.userId) : undefined);

export async function countReviewsOf(db: Database, subject: DataSubject): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(reviewsOf(subject));
  return row?.n ?? 0;
}

/** Reviews keep their rating and words under "A customer"; their photos go (ids returned for the files module). */
export async function anonymiseReviewsOf(db: Transaction, subject: DataSubject): Promise<{ rows: number; files: string[] }> {
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
export async function anonymiseQuestionsOf(db: Transaction, subject: DataSubject): Promise<number> {
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

export async function deleteReviewInvitationsTo(db: Transaction, subject: DataSubject): Promise<number> {
  const rows = await db
    .delete(reviewInvitations)
    .where(isSubjectsAddress(reviewInvitations.emailAddress, subject))
    .returning({ orderId: reviewInvitations.orderId });
  return rows.length;
}
