import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { averageTenths, figuresOf, NO_REVIEWS, type SummaryFigures } from './review-listing-rules.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import { reviewSummaries, type reviews } from './reviews.tables.ts';

type SummaryRow = typeof reviewSummaries.$inferSelect;
const FIGURE_KEYS = Object.keys(NO_REVIEWS) as (keyof SummaryFigures)[];

/** A summary row's figures alone. */
export const figuresOfRow = (row: SummaryRow): SummaryFigures => Object.fromEntries(FIGURE_KEYS.map((key) => [key, row[key]])) as unknown as SummaryFigures;

/**
 * A review was published (+1) or taken back off the shop (-1): its product's summary row changes in
 * the caller's transaction, under that row's lock, and the catalogue's rating and count follow.
 * The row is made when missing (two first reviews at once: one inserts, the other finds it), then
 * locked with `SELECT … FOR UPDATE`, so publishers of one product take turns and none is lost.
 */
export async function changeSummary(
  deps: Pick<ReviewsDeps, 'catalogue'>,
  db: Database | Transaction,
  review: Pick<typeof reviews.$inferSelect, 'productId' | 'rating' | 'qualityRating' | 'valueRating' | 'fittingRating' | 'wouldRecommend'>,
  direction: 1 | -1,
  now: Date,
): Promise<void> {
  await db.insert(reviewSummaries).values({ productId: review.productId, updatedAt: now }).onConflictDoNothing({ target: reviewSummaries.productId });
  const [row] = await db.select().from(reviewSummaries).where(eq(reviewSummaries.productId, review.productId)).for('update');
  const change = figuresOf(review);
  const next = Object.fromEntries(FIGURE_KEYS.map((key) => [key, row![key] + direction * change[key]])) as unknown as SummaryFigures;
  await db
    .update(reviewSummaries)
    .set({ ...next, updatedAt: now })
    .where(eq(reviewSummaries.productId, review.productId));
  await deps.catalogue.setReviewFigures({ db }, review.productId, { ratingTenths: averageTenths(next.ratingSum, next.count), reviewsCount: next.count });
}
