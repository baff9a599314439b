import { reviewPhotoUrl, type ReviewPhoto } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import * as repository from './repository/index.ts';
import type { ReviewRow } from './repository/index.ts';

/**
 * What every view of a review shows, shoppers' and moderators' alike: the ratings, the words as
 * published (a moderator's edit, marked as edited, else the author's), who wrote it and when.
 */
export const shownReview = (row: ReviewRow) => ({
  rating: row.rating,
  qualityRating: row.qualityRating,
  valueRating: row.valueRating,
  fittingRating: row.fittingRating,
  wouldRecommend: row.wouldRecommend,
  title: row.publishedTitle ?? row.title,
  text: row.publishedText ?? row.text,
  edited: row.edited,
  displayName: row.displayName,
  town: row.town,
  verifiedPurchase: row.source === 'VerifiedOrder',
  shopReply: row.shopReply,
  createdAt: row.createdAt.toISOString(),
});

/** Each review's photos in the order they were sent (one query for a page of reviews); a review without photos is not in the map. */
export async function photosOfReviews(db: ServiceContext['db'], reviewIds: readonly string[]): Promise<Map<string, ReviewPhoto[]>> {
  const byReview = new Map<string, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await repository.photosOf(db, reviewIds);
  for (const row of rows) {
    const photos = byReview.get(row.reviewId) ?? [];
    photos.push({ photoId: row.id, url: reviewPhotoUrl(row.id) });
    byReview.set(row.reviewId, photos);
  }
  return byReview;
}

/** One review's photos in the order they were sent. */
export const photosOfReview = async (db: ServiceContext['db'], reviewId: string): Promise<ReviewPhoto[]> =>
  (await photosOfReviews(db, [reviewId])).get(reviewId) ?? [];
