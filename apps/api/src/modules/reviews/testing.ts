/** Test helpers for the reviews suites: a plain, publishable review of a product, varied by `extra`. */
import type { WebsiteReview } from '@shop/contracts';
import { expect, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';

export const aReview = (product: { slug: string }, extra: Partial<WebsiteReview> = {}): WebsiteReview => ({
  slug: product.slug,
  rating: 4,
  title: 'Solid and easy to fit',
  text: 'Fitted it in an afternoon. The finish is good and it feels sturdy.',
  displayName: 'Ann from Leeds',
  town: 'Leeds',
  ...extra,
});

/**
 * Resolves once the staff review index the shop starts loading at start (about a slice of 1,000
 * reviews a query) has loaded: a test counting a call's statements must not count the load's.
 */
export async function reviewIndexLoaded(app: FastifyInstance): Promise<void> {
  // The PostgreSQL engine keeps no index: nothing loads (decision 0061).
  if (app.platform.config.searchEngine === 'postgres') return;
  // The index reports its reviews once loaded (search's memory engine, `reviews-search-index`); the demo data has some.
  await vi.waitFor(() => expect(app.platform.caches.reports()['reviews-search-index']?.entries ?? 0).toBeGreaterThan(0), { timeout: 60_000, interval: 20 });
}
