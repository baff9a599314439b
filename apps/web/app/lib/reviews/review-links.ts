/**
 * The storefront's links to and from reviews: writing one (`/p/:slug/review`, verified with
 * `?order=`), and "Was this review helpful?", a plain form posting to `/reviews/:reviewId/helpful`,
 * which votes and sends the browser back to the review (with the page's scripts, the vote is sent
 * in place and the count changes where it is).
 */

/** The page for writing a review of a product; from an order, a verified purchase of that order's line. */
export function writeReviewPath(slug: string, from?: { orderNumber: string; sku: string }): string {
  const path = `/p/${encodeURIComponent(slug)}/review`;
  return from ? `${path}?${new URLSearchParams({ order: from.orderNumber, sku: from.sku })}` : path;
}

/** The id of a review's card on the product page, which the vote's answer goes back to. */
export const reviewAnchor = (reviewId: string) => `review-${reviewId}`;

export const helpfulVotePath = (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}/helpful`;

/** The form field holding the product page (with its page of reviews) to go back to. */
export const BACK_FIELD = 'back';

/** Where a vote sent without scripts goes back to: a product page of this shop, else the home page (never another site). */
export function backPath(value: unknown): string {
  return typeof value === 'string' && /^\/p\/[a-z0-9-]+(\?[\w=&%+.-]*)?$/i.test(value) ? value : '/';
}

/** What the vote's answer says in the page. */
export const voteMessage = (alreadyCounted: boolean) => (alreadyCounted ? 'You have already voted for this review' : 'Thank you');

/** The query parameter that brings a vote sent without scripts back to the page: `<reviewId>.counted` or `<reviewId>.again`. */
export const VOTED_PARAM = 'voted';

/** Where a vote sent without scripts goes back to, carrying its answer so the page can say it beside the review. */
export function votedPath(back: string, reviewId: string, alreadyCounted: boolean): string {
  const url = new URL(back, 'http://shop.invalid');
  url.searchParams.set(VOTED_PARAM, `${reviewId}.${alreadyCounted ? 'again' : 'counted'}`);
  return `${url.pathname}${url.search}#${reviewAnchor(reviewId)}`;
}

/** The answer to say beside this review, when the page was reached from its vote sent without scripts. */
export function votedMessage(search: URLSearchParams, reviewId: string): string | null {
  const value = search.get(VOTED_PARAM);
  if (value === `${reviewId}.again`) return voteMessage(true);
  if (value === `${reviewId}.counted`) return voteMessage(false);
  return null;
}
