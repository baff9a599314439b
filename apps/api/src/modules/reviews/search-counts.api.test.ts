import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints } from '@shop/api-client';
import { reviewListingEndpoints, reviewWritingEndpoints } from '@shop/contracts';
import { cacheReports } from '../../platform/cache.ts';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { KEEP_COUNTS_FROM } from './listing-cache.ts';

/**
 * Staff search over many reviews (decision 0037): counts of a broad search are kept between
 * searches, yet a review written or moderated shows in the very next search's counts; and a search
 * by words that finds many reviews reads its page by walking the sort's index, with the same page as
 * the database's own ordering gives.
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  mia: { userId: 'user-counts-mia', roles: ['review-moderator'] },
  ann: { userId: 'user-counts-ann', email: 'ann@counts.example', roles: ['shopper'] },
};
const WORD = 'quokka';
const MANY = KEEP_COUNTS_FROM + 2_000;
let product: { id: number; slug: string; sku: string };

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const result = (await api.database.db.execute(
    sql`select p.id, p.slug, (select o.sku from offerings o where o.product_id = p.id order by o.id limit 1) as sku
        from products p where not p.is_bundle order by p.id desc limit 1 offset 5`,
  )) as unknown as { rows: { id: number; slug: string; sku: string }[] };
  product = { ...result.rows[0]!, id: Number(result.rows[0]!.id) };
  // Many reviews with the word, in every state, bulk-written as the benchmark does.
  await api.database.db.execute(sql`
    insert into reviews (id, product_id, sku, source, display_name, rating, title, text, status, version, created_at)
    select gen_random_uuid(), ${product.id}, ${product.sku}, case when n % 3 = 0 then 'VerifiedOrder' else 'Website' end, 'Bulk ' || n,
           1 + n % 5, 'Bulk review ' || n, 'A bulk ${sql.raw(WORD)} review, number ' || n || ', long enough to be a review.',
           case when n % 10 = 0 then 'pending' when n % 10 = 1 then 'rejected' else 'published' end, 1,
           timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
    from generate_series(1, ${MANY}) n`);
  await api.database.db.execute(sql`analyze reviews`);
});
afterAll(() => api?.close());

const as = <E extends typeof reviewListingEndpoints | typeof reviewWritingEndpoints>(endpoints: E, name: string) =>
  createClientFromEndpoints(endpoints, { baseUrl: api.serviceUrl('reviews'), getAccessToken: () => name });
const moderator = () => as(reviewListingEndpoints, 'mia');

async function count(where: ReturnType<typeof sql>) {
  const result = (await api.database.db.execute(sql`select count(*)::int as n from reviews where ${where}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}
const withWord = sql`text like ${`%${WORD}%`}`;

describe('staff search over many reviews', () => {
  it('keeps a broad search’s counts, yet the next search after a review is written or published counts it', async () => {
    const first = await moderator().searchReviewsAdvancedV2({ body: { text: WORD, status: 'pending' } });
    const pending = await count(sql`${withWord} and status = 'pending'`);
    expect(first.totalCount).toBe(pending);
    expect(first.facets.status).toEqual([
      { value: 'pending', count: pending },
      { value: 'published', count: await count(sql`${withWord} and status = 'published'`) },
      { value: 'rejected', count: await count(sql`${withWord} and status = 'rejected'`) },
    ]);
    expect(first.facets.verified).toEqual([
      { value: 'true', count: await count(sql`${withWord} and status = 'pending' and source = 'VerifiedOrder'`) },
      { value: 'false', count: await count(sql`${withWord} and status = 'pending' and source = 'Website'`) },
    ]);

    // The same words with other filters and pages: counted once, the counts kept.
    const hits = cacheReports()['reviews-search-counts']!.hits;
    const published = await moderator().searchReviewsAdvancedV2({ body: { text: WORD, status: 'published', ratingFrom: 4, page: 2 } });
    expect(published.totalCount).toBe(await count(sql`${withWord} and status = 'published' and rating >= 4`));
    expect(cacheReports()['reviews-search-counts']!.hits).toBe(hits + 1);

    const receipt = await as(reviewWritingEndpoints, 'ann').writeWebsiteReview({
      body: {
        slug: product.slug,
        rating: 5,
        title: `A ${WORD} of a basin`,
        text: `Fitted in an afternoon; a ${WORD} of a product, truly.`,
        displayName: 'Ann',
      },
    });
    const afterWriting = await moderator().searchReviewsAdvancedV2({ body: { text: WORD, status: 'pending' } });
    expect(afterWriting.totalCount).toBe(pending + 1);
    expect(afterWriting.items[0]!.id).toBe(receipt.reviewId);

    await as(reviewWritingEndpoints, 'mia').publishReview({ params: { reviewId: receipt.reviewId }, body: { version: 1 } });
    const afterPublishing = await moderator().searchReviewsAdvancedV2({ body: { text: WORD, status: 'pending' } });
    expect(afterPublishing.totalCount).toBe(pending);
    expect(afterPublishing.facets.status.find((entry) => entry.value === 'published')!.count).toBe(first.facets.status[1]!.count + 1);
  });

  it('reads a page of a search by words that finds many as the database orders it, in every sort', async () => {
    const orderings = {
      newest: 'created_at desc, id desc',
      oldest: 'created_at asc, id asc',
      highest: 'rating desc, created_at desc, id desc',
      lowest: 'rating asc, created_at desc, id desc',
      most_helpful: 'helpful_count desc, created_at desc, id desc',
    } as const;
    for (const [sort, ordering] of Object.entries(orderings)) {
      const found = await moderator().searchReviewsAdvanced({
        body: { text: WORD.toUpperCase(), status: 'published', sort: sort as keyof typeof orderings, page: 3, size: 20 },
      });
      const expected = (await api.database.db.execute(
        sql`select id from reviews where ${withWord} and status = 'published' order by ${sql.raw(ordering)} limit 20 offset 40`,
      )) as unknown as { rows: { id: string }[] };
      expect(found.items.map((item) => item.id)).toEqual(expected.rows.map((row) => row.id));
      expect(found.totalCount).toBe(await count(sql`${withWord} and status = 'published'`));
    }
  });

  it('reads the page through the words or through the other filters when the search finds few of the words’ matches', async () => {
    const cases = [
      // Few pending verified ones among the word's many matches: through the status, testing the words on each.
      { body: { text: WORD, status: 'pending', verifiedOnly: true }, where: sql`status = 'pending' and source = 'VerifiedOrder'`, offset: 0, size: 20 },
      // A deep page of a third of them: collected through the words' trigrams.
      { body: { text: WORD, source: 'Website', page: 50, size: 100 }, where: sql`source = 'Website'`, offset: 4_900, size: 100 },
    ] as const;
    for (const { body, where, offset, size } of cases) {
      const found = await moderator().searchReviewsAdvancedV2({ body });
      const expected = (await api.database.db.execute(
        sql`select id from reviews where ${withWord} and ${where} order by created_at desc, id desc limit ${size} offset ${offset}`,
      )) as unknown as { rows: { id: string }[] };
      expect(found.items.length).toBeGreaterThan(0);
      expect(found.items.map((item) => item.id)).toEqual(expected.rows.map((row) => row.id));
      expect(found.totalCount).toBe(await count(sql`${withWord} and ${where}`));
    }
  });
});
