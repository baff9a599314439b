import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints } from '@shop/api-client';
import { reviewListingEndpoints, reviewWritingEndpoints, type ReviewListing, type WebsiteReview } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { averageTenths } from './review-listing-rules.ts';

/**
 * Summaries and the public listings kept from them (decision 0037), on the real API: a publish or a
 * take-down shows in the very next listing and summary (with a new ETag), though answers are kept
 * per process; and many reviews of one product published and taken down at once leave its summary
 * and the catalogue's figures equal to what the published rows say (run on PostgreSQL too, where
 * the publishes run on several connections at once). The clock stands still: every publish happens
 * at the same instant, so nothing here can rely on `updated_at` moving.
 */
let api: TestApi;
const FROZEN = new Date('2026-12-01T12:00:00Z');
const moderators = ['mia', 'max', 'mo'];
const actorOf = (token: string): Actor | null => {
  if (moderators.includes(token)) return { userId: `user-summary-${token}`, roles: ['review-moderator'] };
  const customer = /^customer-(\d+)$/.exec(token);
  return customer ? { userId: `user-summary-customer-${customer[1]}`, email: `customer${customer[1]}@summary.example`, roles: ['shopper'] } : null;
};
const writer = (token: string) => createClientFromEndpoints(reviewWritingEndpoints, { baseUrl: api.serviceUrl('reviews'), getAccessToken: () => token });
const reader = () => createClientFromEndpoints(reviewListingEndpoints, { baseUrl: api.serviceUrl('reviews') });

interface SeededProduct {
  id: number;
  slug: string;
}
let products: SeededProduct[] = [];
let customers = 0;

beforeAll(async () => {
  api = await startTestApi({ clock: { now: () => FROZEN }, authenticate: async (authorization) => actorOf(authorization.replace(/^Bearer /, '')) });
  const result = (await api.database.db.execute(sql`select id, slug from products where not is_bundle order by id desc limit 2`)) as unknown as {
    rows: { id: number; slug: string }[];
  };
  products = result.rows.map((row) => ({ id: Number(row.id), slug: row.slug }));
});
afterAll(() => api?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A new customer's pending review of the product; its id. */
async function pendingReview(product: SeededProduct, words: Partial<WebsiteReview> = {}): Promise<string> {
  customers += 1;
  const receipt = await writer(`customer-${customers}`).writeWebsiteReview({
    body: {
      slug: product.slug,
      rating: 4,
      title: `Review number ${customers}`,
      text: `Fitted it in an afternoon with the parts supplied; review ${customers} of this product.`,
      displayName: `Customer ${customers}`,
      ...words,
    },
  });
  return receipt.reviewId;
}

const publish = (moderator: string, reviewId: string) => writer(moderator).publishReview({ params: { reviewId }, body: { version: 1 } });

/** A public GET as a browser sends it, with the ETag it holds. */
async function get(path: string, etag?: string) {
  const response = await fetch(`${api.origin}/api/reviews${path}`, { headers: etag ? { 'if-none-match': etag } : {} });
  return { status: response.status, etag: response.headers.get('etag'), cacheControl: response.headers.get('cache-control'), body: await response.text() };
}
const listingPath = (product: SeededProduct) => `/Listings/Reviews?slug=${product.slug}&sort=newest`;
const summaryPath = (product: SeededProduct) => `/Reviews/Summaries/${product.slug}`;

describe('a product’s listing and summary', () => {
  it('are kept, yet the very next call after a publish or a take-down shows it, with a new ETag', async () => {
    const product = products[0]!;
    const listing = await get(listingPath(product));
    const summary = await get(summaryPath(product));
    expect(listing.status).toBe(200);
    expect(listing.cacheControl).toBe('public, max-age=0, must-revalidate');
    expect(summary.cacheControl).toBe('public, max-age=0, must-revalidate');
    const before = JSON.parse(listing.body) as ReviewListing;
    const countBefore = (JSON.parse(summary.body) as { count: number }).count;

    // Asked for once, nothing was kept (most pages are asked for once): the second asking loads them again, and keeps them.
    const firstHits = api.app.platform.caches.reports()['reviews-listings']!.hits;
    await get(listingPath(product));
    await get(summaryPath(product));
    expect(api.app.platform.caches.reports()['reviews-listings']!.hits).toBe(firstHits);
    // Unchanged: answered from what this process kept (a hit), and 304 to the ETag the browser holds.
    const hits = api.app.platform.caches.reports()['reviews-listings']!.hits;
    expect((await get(listingPath(product), listing.etag!)).status).toBe(304);
    expect((await get(summaryPath(product), summary.etag!)).status).toBe(304);
    expect(api.app.platform.caches.reports()['reviews-listings']!.hits).toBe(hits + 2);

    const reviewId = await pendingReview(product, { rating: 2, title: 'Published just now' });
    // Pending: nothing a shopper sees has changed.
    expect((await get(listingPath(product), listing.etag!)).status).toBe(304);
    await publish('mia', reviewId);

    const afterPublish = await get(listingPath(product), listing.etag!);
    expect(afterPublish.status).toBe(200);
    expect(afterPublish.etag).not.toBe(listing.etag);
    const shown = JSON.parse(afterPublish.body) as ReviewListing;
    expect(shown.items[0]).toMatchObject({ id: reviewId, title: 'Published just now', rating: 2 });
    expect(shown.totalCount).toBe(before.totalCount + 1);
    const summaryAfter = await get(summaryPath(product), summary.etag!);
    expect(summaryAfter.status).toBe(200);
    expect(summaryAfter.etag).not.toBe(summary.etag);
    expect(JSON.parse(summaryAfter.body)).toMatchObject({ count: countBefore + 1 });

    // A second publish at the same instant (the clock stands still) shows too.
    const second = await pendingReview(product, { rating: 5, title: 'Published at the same instant' });
    await publish('max', second);
    const afterSecond = JSON.parse((await get(listingPath(product))).body) as ReviewListing;
    expect(afterSecond.items.map((item) => item.id)).toEqual(expect.arrayContaining([reviewId, second]));
    expect(afterSecond.totalCount).toBe(before.totalCount + 2);
    // The listing filtered by stars counts from the summary too.
    const twoStars = JSON.parse((await get(`/Listings/Reviews?slug=${product.slug}&rating=2`)).body) as ReviewListing;
    expect(twoStars.items.some((item) => item.id === reviewId)).toBe(true);
    const [twoStarRows] = await rows<{ n: number }>(
      sql`select count(*)::int as n from reviews where product_id = ${product.id} and status = 'published' and rating = 2`,
    );
    expect(twoStars.totalCount).toBe(twoStarRows!.n);

    // Taken down: gone from the next call.
    await writer('mo').rejectReview({ params: { reviewId }, query: { reason: 'off_topic', version: 2 } });
    const afterTakeDown = JSON.parse((await get(listingPath(product))).body) as ReviewListing;
    expect(afterTakeDown.items.some((item) => item.id === reviewId)).toBe(false);
    expect(afterTakeDown.totalCount).toBe(before.totalCount + 1);
    expect(JSON.parse((await get(summaryPath(product))).body)).toMatchObject({ count: countBefore + 1 });
  });
});

describe('a product’s summary while many of its reviews are published at once', () => {
  it('equals what its published reviews say, and the catalogue’s rating and count equal the summary', async () => {
    const product = products[1]!;
    // Two published already, to be taken down while the others are published.
    const earlier = [await pendingReview(product, { rating: 1, wouldRecommend: false }), await pendingReview(product, { rating: 3, qualityRating: 2 })];
    for (const reviewId of earlier) await publish('mia', reviewId);

    const pending: string[] = [];
    for (let n = 0; n < 12; n += 1) {
      pending.push(
        await pendingReview(product, {
          rating: 1 + (n % 5),
          qualityRating: n % 3 === 0 ? undefined : 1 + ((n * 2) % 5),
          valueRating: n % 4 === 0 ? undefined : 1 + ((n * 3) % 5),
          fittingRating: n % 2 === 0 ? 1 + ((n + 1) % 5) : undefined,
          wouldRecommend: n % 3 === 0 ? undefined : n % 3 === 1,
        }),
      );
    }
    const outcomes = await Promise.allSettled([
      ...pending.map((reviewId, index) => publish(moderators[index % moderators.length]!, reviewId)),
      ...earlier.map((reviewId, index) => writer(moderators[index]!).rejectReview({ params: { reviewId }, query: { reason: 'off_topic', version: 2 } })),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

    const [published] = await rows<Record<string, string | number | null>>(sql`
      select count(*)::int as count, coalesce(sum(rating), 0)::int as rating_sum,
             count(*) filter (where rating = 1)::int as stars_1, count(*) filter (where rating = 2)::int as stars_2,
             count(*) filter (where rating = 3)::int as stars_3, count(*) filter (where rating = 4)::int as stars_4,
             count(*) filter (where rating = 5)::int as stars_5,
             coalesce(sum(quality_rating), 0)::int as quality_sum, count(quality_rating)::int as quality_count,
             coalesce(sum(value_rating), 0)::int as value_sum, count(value_rating)::int as value_count,
             coalesce(sum(fitting_rating), 0)::int as fitting_sum, count(fitting_rating)::int as fitting_count,
             count(*) filter (where would_recommend)::int as recommend_yes, count(would_recommend)::int as recommend_count
      from reviews where product_id = ${product.id} and status = 'published'`);
    const [summary] = await rows<Record<string, string | number | null>>(sql`
      select count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5, quality_sum, quality_count, value_sum, value_count,
             fitting_sum, fitting_count, recommend_yes, recommend_count
      from review_summaries where product_id = ${product.id}`);
    expect(summary).toEqual(published);
    expect(Number(published!.count)).toBeGreaterThanOrEqual(12);

    const [catalogue] = await rows<{ rating_tenths: number; reviews_count: number }>(
      sql`select rating_tenths, reviews_count from products where id = ${product.id}`,
    );
    expect(catalogue).toEqual({
      rating_tenths: averageTenths(Number(published!.rating_sum), Number(published!.count)),
      reviews_count: Number(published!.count),
    });
    // And the public summary says the same.
    const shown = await reader().getReviewSummary({ params: { slug: product.slug } });
    expect(shown.count).toBe(Number(published!.count));
    expect(shown.histogram.map((bar) => bar.count)).toEqual([5, 4, 3, 2, 1].map((stars) => Number(published![`stars_${stars}`])));
  });
});
