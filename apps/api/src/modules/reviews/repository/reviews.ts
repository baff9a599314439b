import { and, asc, eq, ne } from 'drizzle-orm';
import { reviewEvents, reviews } from '../reviews.tables.ts';
import type { Db, ReviewRow } from './rows.ts';

type NewReview = typeof reviews.$inferInsert;
type NewReviewEvent = typeof reviewEvents.$inferInsert;

/** Reviews and their history: written by customers, changed by moderators at the version they saw. */

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
