import type { QnaListing, ReviewListing, ReviewSummary } from '@shop/contracts';

/** What the product page's loader brings for its reviews section; null when the reviews calls failed. */
export interface ProductReviewsData {
  summary: ReviewSummary;
  listing: ReviewListing;
  /** Answered questions; null when they could not be loaded (the reviews still show). */
  questions: QnaListing | null;
}

/** The query parameter that pages through the reviews (plain links: paging works without scripts). */
export const REVIEWS_PAGE_PARAM = 'reviewsPage';

/** The reviews page asked for in the address: a whole number from 1, else page 1. */
export function reviewsPageOf(search: URLSearchParams): number {
  const page = Number(search.get(REVIEWS_PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
