/** Test helpers for the reviews suites: a plain, publishable review of a product, varied by `extra`. */
import type { WebsiteReview } from '@shop/contracts';

export const aReview = (product: { slug: string }, extra: Partial<WebsiteReview> = {}): WebsiteReview => ({
  slug: product.slug,
  rating: 4,
  title: 'Solid and easy to fit',
  text: 'Fitted it in an afternoon. The finish is good and it feels sturdy.',
  displayName: 'Ann from Leeds',
  town: 'Leeds',
  ...extra,
});
