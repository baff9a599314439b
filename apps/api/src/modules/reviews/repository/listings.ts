import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { productQuestions, reviewHelpfulVotes, reviews } from '../reviews.tables.ts';
import type { Db, ReviewRow } from './rows.ts';

/** What shoppers and staff read: pages of reviews and answered questions, helpful votes and a product's insights. */

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
