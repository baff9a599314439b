import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints } from '@shop/api-client';
import { reviewListingEndpoints, reviewWritingEndpoints } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { aReview } from './testing.ts';

/**
 * What the staff moderation screens read (issue 21, decision 0038) on the real API: one review for
 * its moderation page with its product and history, the product named on every search result, and
 * search facets that each leave out their own filter (the status tabs' counts).
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  ann: { userId: 'user-moderation-ann', email: 'ann@moderation.example', name: 'Ann', roles: ['shopper'] },
  ben: { userId: 'user-moderation-ben', email: 'ben@moderation.example', name: 'Ben', roles: ['shopper'] },
  cat: { userId: 'user-moderation-cat', email: 'cat@moderation.example', name: 'Cat', roles: ['shopper'] },
  olive: { userId: 'user-moderation-olive', roles: ['order-admin'] },
  mia: { userId: 'user-moderation-mia', roles: ['review-moderator'] },
};
const writing = (name?: string) =>
  createClientFromEndpoints(reviewWritingEndpoints, { baseUrl: api.serviceUrl('reviews'), ...(name && { getAccessToken: () => name }) });
const listings = (name?: string) =>
  createClientFromEndpoints(reviewListingEndpoints, { baseUrl: api.serviceUrl('reviews'), ...(name && { getAccessToken: () => name }) });

type SeededProduct = { slug: string; sku: string; name: string };
/** Seeded products not reviewed here yet: each test takes its own. */
let unreviewed: SeededProduct[] = [];
const freshProduct = () => unreviewed.shift()!;

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const result = (await api.database.db.execute(
    sql`select p.slug, p.name, (select o.sku from offerings o where o.product_id = p.id order by o.sku limit 1) as sku
        from products p where not p.is_bundle order by p.id limit 20`,
  )) as unknown as { rows: SeededProduct[] };
  unreviewed = result.rows;
});
afterAll(() => api?.close());

describe('a review for its moderation page', () => {
  it('shows a held review with its product, the author’s words and its history, to moderators only', async () => {
    const product = freshProduct();
    const { reviewId } = await writing('ann').writeWebsiteReview({
      body: aReview(product, { title: '<b>Ring</b> me', text: 'Good basin. Ring me on 07700 900123 if you want a fitter.' }),
    });
    const found = await writing('mia').getReview({ params: { reviewId } });
    expect(found).toMatchObject({
      reviewId,
      sku: product.sku,
      productName: product.name,
      productSlug: product.slug,
      status: 'pending',
      heldReason: 'phone_number',
      version: 1,
      title: '<b>Ring</b> me',
      authorTitle: '<b>Ring</b> me',
      edited: false,
      helpfulCount: 0,
      photoCount: 0,
    });
    expect(found.history).toEqual([
      { at: expect.any(String), fromStatus: null, toStatus: 'pending', note: 'held: phone_number', by: 'author', moderatorName: null },
    ]);

    for (const name of ['ann', 'olive']) expect((await failure(writing(name).getReview({ params: { reviewId } }))).status).toBe(403);
    expect((await failure(writing().getReview({ params: { reviewId } }))).status).toBe(401);
    expect(await failure(writing('mia').getReview({ params: { reviewId: '00000000-0000-4000-8000-000000000000' } }))).toMatchObject({
      status: 404,
      code: 'REVIEW_NOT_FOUND',
    });
    expect(await failure(writing('mia').getReview({ params: { reviewId: 'not-an-id' } }))).toMatchObject({ status: 400 });
  });

  it('after an edited publish, keeps the author’s words beside the published ones, and the moderator’s step in the history', async () => {
    const product = freshProduct();
    const { reviewId } = await writing('ben').writeWebsiteReview({ body: aReview(product, { title: 'Great tap' }) });
    await writing('mia').publishReview({ params: { reviewId }, body: { version: 1, title: 'Great tap, easy to fit', shopReply: 'Thank you, Ben.' } });
    const found = await writing('mia').getReview({ params: { reviewId } });
    expect(found).toMatchObject({
      status: 'published',
      version: 2,
      edited: true,
      title: 'Great tap, easy to fit',
      authorTitle: 'Great tap',
      text: 'Fitted it in an afternoon. The finish is good and it feels sturdy.',
      shopReply: 'Thank you, Ben.',
    });
    expect(found.history.map(({ fromStatus, toStatus, note, by }) => ({ fromStatus, toStatus, note, by }))).toEqual([
      { fromStatus: null, toStatus: 'pending', note: null, by: 'author' },
      { fromStatus: 'pending', toStatus: 'published', note: 'published with an edited title', by: 'moderator' },
    ]);
    expect(Date.parse(found.history[1]!.at)).toBeGreaterThanOrEqual(Date.parse(found.history[0]!.at));
  });
});

describe('staff search for the moderation screen', () => {
  it('names and links each review’s product, in both searches', async () => {
    const product = freshProduct();
    const word = `zq${randomUUID().slice(0, 8)}`;
    await writing('cat').writeWebsiteReview({ body: aReview(product, { text: `Lovely ${word} finish, and it fitted our old pipework well.` }) });
    const advanced = await listings('mia').searchReviewsAdvanced({ body: { text: word } });
    expect(advanced.items).toEqual([expect.objectContaining({ sku: product.sku, productName: product.name, productSlug: product.slug })]);
    const bySku = await listings('mia').searchReviews({ body: { skuCode: product.sku.toLowerCase(), status: 'pending' } });
    expect(bySku.items.every((item) => item.productName === product.name && item.productSlug === product.slug)).toBe(true);
    expect(bySku.items.length).toBeGreaterThan(0);
  });

  it('counts each facet without its own filter, so the status tabs say what each would find', async () => {
    const word = `zq${randomUUID().slice(0, 8)}`;
    const text = `Our ${word} arrived well packed and looks smart in the bathroom.`;
    const first = await writing('ann').writeWebsiteReview({ body: aReview(freshProduct(), { rating: 5, text }) });
    await writing('ben').writeWebsiteReview({ body: aReview(freshProduct(), { rating: 2, text }) });
    await writing('cat').writeWebsiteReview({ body: aReview(freshProduct(), { rating: 2, text }) });
    await writing('mia').publishReview({ params: { reviewId: first.reviewId }, body: { version: 1 } });

    const pending = await listings('mia').searchReviewsAdvancedV2({ body: { text: word, status: 'pending' } });
    expect(pending.totalCount).toBe(2);
    expect(pending.facets.status).toEqual([
      { value: 'pending', count: 2 },
      { value: 'published', count: 1 },
      { value: 'rejected', count: 0 },
    ]);
    // The other facets count within the chosen status.
    expect(pending.facets.rating.find((facet) => facet.value === '2')).toEqual({ value: '2', count: 2 });
    expect(pending.facets.rating.find((facet) => facet.value === '5')).toEqual({ value: '5', count: 0 });

    const fives = await listings('mia').searchReviewsAdvancedV2({ body: { text: word, ratingFrom: 5 } });
    expect(fives.totalCount).toBe(1);
    expect(fives.facets.rating.filter((facet) => facet.count > 0)).toEqual([
      { value: '5', count: 1 },
      { value: '2', count: 2 },
    ]);
    expect(fives.facets.status).toEqual([
      { value: 'pending', count: 0 },
      { value: 'published', count: 1 },
      { value: 'rejected', count: 0 },
    ]);
  });
});
