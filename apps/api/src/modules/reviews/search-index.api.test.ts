import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints } from '@shop/api-client';
import { reviewListingEndpoints, reviewWritingEndpoints } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

/**
 * Staff search over many reviews, answered by the in-memory index (decision 0043): its counts and
 * pages agree with the database's own, in every sort, and whatever changes a review (written,
 * published, voted on, or changed by another instance) shows in the very next search.
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  mia: { userId: 'user-counts-mia', roles: ['review-moderator'] },
  ann: { userId: 'user-counts-ann', email: 'ann@counts.example', roles: ['shopper'] },
};
const WORD = 'quokka';
const MANY = 12_000;
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
  it('counts as the database does, and the next search after a review is written or published counts it', async () => {
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

    // Answered by the memory engine's index, which holds every review; the PostgreSQL engine keeps none (decision 0061).
    const kept = () => api.app.platform.caches.reports()['reviews-search-index'];
    const searches = kept()?.hits ?? 0;
    const published = await moderator().searchReviewsAdvancedV2({ body: { text: WORD, status: 'published', ratingFrom: 4, page: 2 } });
    expect(published.totalCount).toBe(await count(sql`${withWord} and status = 'published' and rating >= 4`));
    const inMemory = api.app.platform.config.searchEngine === 'memory';
    expect({ hits: kept()?.hits, entries: kept()?.entries }).toEqual(
      inMemory ? { hits: searches + 1, entries: await count(sql`true`) } : { hits: undefined, entries: undefined },
    );

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

  it('pages a search by words as the database orders it, in every sort', async () => {
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

  it('pages a search that finds few of the words’ matches, and a deep page, as the database does', async () => {
    const cases = [
      { body: { text: WORD, status: 'pending', verifiedOnly: true }, where: sql`status = 'pending' and source = 'VerifiedOrder'`, offset: 0, size: 20 },
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

  it('shows a helpful vote, and a review changed by another instance, in the next search', async () => {
    const [top] = (
      (await api.database.db.execute(
        sql`select id from reviews where ${withWord} and status = 'published' order by created_at asc, id asc limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await as(reviewListingEndpoints, 'ann').voteHelpful({ params: { reviewId: top!.id } });
    const helpful = await moderator().searchReviewsAdvanced({ body: { text: WORD, status: 'published', sort: 'most_helpful', size: 1 } });
    expect(helpful.items.map((item) => item.id)).toEqual([top!.id]);

    // Another instance (here, the database directly) rejects it: its trigger numbers the change.
    await api.database.db.execute(sql`update reviews set status = 'rejected', rejection_reason = 'off_topic' where id = ${top!.id}`);
    const rejected = await moderator().searchReviewsAdvanced({ body: { text: WORD, status: 'rejected', sort: 'most_helpful', size: 1 } });
    expect(rejected.items.map((item) => item.id)).toEqual([top!.id]);
  });

  // PGlite has one connection: a transaction held open there would hold up the search itself.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'sees a change whose writer had taken its number, but not committed, when the index last looked',
    async () => {
      const [target] = (
        (await api.database.db.execute(
          sql`select id from reviews where ${withWord} and status = 'pending' order by created_at asc, id asc limit 1`,
        )) as unknown as { rows: { id: string }[] }
      ).rows;
      let commit = () => {};
      const held = new Promise<void>((resolve) => (commit = resolve));
      let written = () => {};
      const writtenYet = new Promise<void>((resolve) => (written = resolve));
      const writer = api.database.db.transaction(async (tx) => {
        await tx.execute(sql`update reviews set status = 'published' where id = ${target!.id}`);
        written();
        await held;
      });
      await writtenYet;
      // The index looks while the writer holds its number: the change is not committed, so not seen.
      const isPending = async () =>
        (await moderator().searchReviewsAdvanced({ body: { text: WORD, status: 'pending', sort: 'oldest', size: 1 } })).items[0]?.id === target!.id;
      expect(await isPending()).toBe(true);
      commit();
      await writer;
      // Nothing has been numbered since, yet the next look reads it: the last one saw a writer under way.
      expect(await isPending()).toBe(false);
    },
    60_000,
  );
});
