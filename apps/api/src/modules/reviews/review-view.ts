import type { reviews } from './reviews.tables.ts';

type ReviewRow = typeof reviews.$inferSelect;

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
