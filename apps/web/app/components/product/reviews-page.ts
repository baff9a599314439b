import type { PublishedReview, QnaListing, ReviewListing, ReviewSummary } from '@shop/contracts';

/** What the product page's loader brings for its reviews section; null when the reviews calls failed. */
export interface ProductReviewsData {
  summary: ReviewSummary;
  listing: ReviewListing;
  /** Answered questions; null when they could not be loaded (the reviews still show). */
  questions: QnaListing | null;
}

/** A review as the page shows it: its sub-ratings are for the summary's averages only. */
export type ShownReview = Omit<PublishedReview, 'qualityRating' | 'valueRating' | 'fittingRating' | 'wouldRecommend' | 'photoCount'>;

/** What the reviews section reads of ProductReviewsData (the loader sends no more: lib/product-page-data.server.ts). */
export interface ShownReviewsData {
  summary: Pick<ReviewSummary, 'count' | 'averageRating' | 'histogram' | 'subRatings' | 'recommendPercentage'>;
  listing: Pick<ReviewListing, 'slug' | 'page' | 'totalPages' | 'totalCount'> & { items: ShownReview[] };
  /** Answered questions; null when there are none or they could not be loaded (the reviews still show). */
  questions: Pick<QnaListing, 'items'> | null;
}

/** The query parameter that pages through the reviews (plain links: paging works without scripts). */
export const REVIEWS_PAGE_PARAM = 'reviewsPage';

/** The reviews page asked for in the address: a whole number from 1, else page 1. */
export function reviewsPageOf(search: URLSearchParams): number {
  const page = Number(search.get(REVIEWS_PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
