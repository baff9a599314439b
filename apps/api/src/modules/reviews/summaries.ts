import type { Transaction } from '../../db/client.ts';
import { averageTenths, figuresOf, NO_REVIEWS, type SummaryFigures } from './review-listing-rules.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import * as repository from './repository/index.ts';
import type { ReviewRow, SummaryRow } from './repository/index.ts';

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
  db: Transaction,
  review: Pick<ReviewRow, 'productId' | 'rating' | 'qualityRating' | 'valueRating' | 'fittingRating' | 'wouldRecommend'>,
  direction: 1 | -1,
  now: Date,
): Promise<void> {
  const row = await repository.lockSummary(db, review.productId, now);
  const change = figuresOf(review);
  const next = Object.fromEntries(FIGURE_KEYS.map((key) => [key, row[key] + direction * change[key]])) as unknown as SummaryFigures;
  await repository.updateSummary(db, review.productId, next, now);
  await deps.catalogue.setReviewFigures({ db }, review.productId, { ratingTenths: averageTenths(next.ratingSum, next.count), reviewsCount: next.count });
}
