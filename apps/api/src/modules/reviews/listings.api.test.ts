import path from 'node:path';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, createClientFromEndpoints, type ServiceClient } from '@shop/api-client';
import { reviewListingEndpoints, type ReviewSource } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { buildApi } from '../../api.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createCatalogueService } from '../catalogue/index.ts';
import { createSearchService } from '../search/index.ts';
import { createDeliveryService } from '../delivery/index.ts';
import { createInventoryService } from '../inventory/index.ts';
import { createPricingService } from '../pricing/index.ts';
import { changeSummary } from './summaries.ts';
import { createFilesService } from '../files/index.ts';

/**
 * Listings, summaries, questions, helpful votes, staff search and insights on the real API. Reviews
 * are written straight into the tables and published as the moderators' call publishes them (status
 * and `changeSummary` in one transaction), so these tests stand apart from the writing calls. The
 * demo seed's reviews are there too: each test works on a product of its own, or counts differences.
 */
let api: TestApi;
/** The API's clock: the system's, unless a test moves it on (the listing snapshot's age is read from it). */
let movedTo: Date | null = null;
const actors: Record<string, Actor> = {
  mo: { userId: 'user-mo', email: 'mo@plumbline.example', name: 'Mo Moderator', roles: ['review-moderator'] },
  sue: { userId: 'user-sue', email: 'sue@shopper.example', name: 'Sue Shopper', roles: ['shopper'] },
  sam: { userId: 'user-sam', email: 'sam@shopper.example', name: 'Sam Shopper', roles: ['shopper'] },
};
type Client = ServiceClient<typeof reviewListingEndpoints>;
let guest: Client;
let moderator: Client;
let shopper: Client;
let sam: Client;
const catalogue = createCatalogueService({
  pricing: createPricingService({}),
  inventory: createInventoryService(),
  delivery: createDeliveryService(),
  // Nothing is uploaded here: a folder that is never written.
  files: createFilesService({ settings: { kind: 'local', dir: path.join(os.tmpdir(), 'shop-unused-files') } }),
  search: createSearchService(),
});

interface Product {
  id: number;
  slug: string;
  sku: string;
}
let products: Product[] = [];
let nextProduct = 0;

beforeAll(async () => {
  api = await startTestApi({
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
    clock: { now: () => movedTo ?? new Date() },
  });
  const client = (name?: string) =>
    createClientFromEndpoints(reviewListingEndpoints, { baseUrl: api.serviceUrl('reviews'), ...(name && { getAccessToken: () => name }) });
  guest = client();
  moderator = client('mo');
  shopper = client('sue');
  sam = client('sam');
  const rows = await rowsOf<{ id: number; slug: string; sku: string }>(
    sql`select p.id, p.slug, min(o.sku) as sku from products p join offerings o on o.product_id = p.id group by p.id order by p.id desc limit 40`,
  );
  products = rows.map((row) => ({ id: Number(row.id), slug: row.slug, sku: row.sku }));
});
afterAll(() => api?.close());

/** A raw query's rows (PGlite and node-postgres both answer `{ rows }`), on the test database or a transaction. */
async function rowsOf<T>(statement: SQL, db: { execute(statement: SQL): Promise<unknown> } = api.database.db): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A product no other test touches; its seeded reviews are cleared first (with its summary and figures) so counts are exact. */
async function freshProduct(): Promise<Product> {
  const product = products[nextProduct++]!;
  const db = api.database.db;
  await db.execute(sql`delete from reviews where product_id = ${product.id}`);
  await db.execute(sql`delete from review_summaries where product_id = ${product.id}`);
  await db.execute(sql`delete from product_questions where product_id = ${product.id}`);
  await db.execute(sql`update products set rating_tenths = 0, reviews_count = 0, questions_count = 0 where id = ${product.id}`);
  return product;
}

interface ReviewInput {
  rating: number;
  title?: string;
  text?: string;
  publishedText?: string;
  qualityRating?: number;
  valueRating?: number;
  fittingRating?: number;
  wouldRecommend?: boolean;
  source?: ReviewSource;
  photoCount?: number;
  helpfulCount?: number;
  shopReply?: string;
  createdAt?: Date;
  status?: 'pending' | 'rejected';
}

let serial = 0;
/** A pending (or rejected) review, as the writing calls leave one. */
async function writeReview(product: Product, input: ReviewInput): Promise<string> {
  serial += 1;
  const id = randomUUID();
  await api.database.db.execute(sql`
    insert into reviews (id, product_id, sku, source, display_name, town, rating, quality_rating, value_rating, fitting_rating, would_recommend,
      title, text, published_text, edited, shop_reply, status, rejection_reason, photo_count, helpful_count, created_at)
    values (${id}, ${product.id}, ${product.sku}, ${input.source ?? 'Website'}, ${`Reviewer ${serial}`}, 'Leeds', ${input.rating},
      ${input.qualityRating ?? null}, ${input.valueRating ?? null}, ${input.fittingRating ?? null}, ${input.wouldRecommend ?? null},
      ${input.title ?? `Review ${serial}`}, ${input.text ?? `Review number ${serial} of this product, written for the tests.`},
      ${input.publishedText ?? null}, ${input.publishedText !== undefined}, ${input.shopReply ?? null}, ${input.status ?? 'pending'},
      ${input.status === 'rejected' ? 'off_topic' : null}, ${input.photoCount ?? 0}, ${input.helpfulCount ?? 0},
      ${(input.createdAt ?? new Date(Date.now() + serial * 1000)).toISOString()})`);
  return id;
}

/** Publishes as the moderators' call does: the status and the summary change together, or not at all. */
async function publish(reviewId: string): Promise<void> {
  await api.database.db.transaction(async (tx) => {
    const result = await rowsOf<{
      product_id: number;
      rating: number;
      quality_rating: number | null;
      value_rating: number | null;
      fitting_rating: number | null;
      would_recommend: boolean | null;
    }>(
      sql`update reviews set status = 'published', version = version + 1 where id = ${reviewId} and status = 'pending'
        returning product_id, rating, quality_rating, value_rating, fitting_rating, would_recommend`,
      tx,
    );
    const row = result[0]!;
    await changeSummary(
      { catalogue },
      tx,
      {
        productId: Number(row.product_id),
        rating: row.rating,
        qualityRating: row.quality_rating,
        valueRating: row.value_rating,
        fittingRating: row.fitting_rating,
        wouldRecommend: row.would_recommend,
      },
      1,
      new Date(),
    );
  });
}

const published = async (product: Product, input: ReviewInput) => {
  const id = await writeReview(product, input);
  await publish(id);
  return id;
};

/** The product's card figures as the catalogue serves them. */
async function cardFigures(product: Product) {
  const result = await rowsOf<{ rating_tenths: number; reviews_count: number }>(
    sql`select rating_tenths, reviews_count from products where id = ${product.id}`,
  );
  return { ratingTenths: Number(result[0]!.rating_tenths), reviewsCount: Number(result[0]!.reviews_count) };
}

describe('the summary', () => {
  it('sums only published reviews: average to one decimal, histogram, sub-ratings and recommend share; the card follows', async () => {
    const product = await freshProduct();
    const empty = await guest.getReviewSummary({ params: { slug: product.slug } });
    expect(empty).toMatchObject({ count: 0, averageRating: 0, recommendPercentage: null, subRatings: { quality: null, value: null, fitting: null } });

    await published(product, { rating: 5, qualityRating: 5, wouldRecommend: true });
    await published(product, { rating: 4, qualityRating: 4, valueRating: 3, wouldRecommend: true });
    await published(product, { rating: 4, wouldRecommend: false });
    await published(product, { rating: 4 });
    await writeReview(product, { rating: 1 });
    await writeReview(product, { rating: 1, status: 'rejected' });

    const summary = await guest.getReviewSummary({ params: { slug: `  /bathrooms//${product.slug}/ ` } });
    expect(summary).toMatchObject({ slug: product.slug, sku: product.sku, count: 4, averageRating: 4.3, recommendPercentage: 67 });
    expect(summary.subRatings).toEqual({ quality: 4.5, value: 3, fitting: null });
    expect(summary.histogram).toEqual([
      { stars: 5, count: 1, percentage: 25 },
      { stars: 4, count: 3, percentage: 75 },
      { stars: 3, count: 0, percentage: 0 },
      { stars: 2, count: 0, percentage: 0 },
      { stars: 1, count: 0, percentage: 0 },
    ]);
    expect(await cardFigures(product)).toEqual({ ratingTenths: 43, reviewsCount: 4 });
    const card = await catalogue.getProductSummary({ db: api.database.db }, product.slug);
    expect(card).toMatchObject({ averageRating: 4.3, reviewsCount: 4 });
  });

  it('loses a published review taken down again (-1)', async () => {
    const product = await freshProduct();
    await published(product, { rating: 5, wouldRecommend: true });
    await published(product, { rating: 2, wouldRecommend: false });
    await api.database.db.transaction(async (tx) => {
      await tx.execute(sql`update reviews set status = 'rejected' where product_id = ${product.id} and rating = 2`);
      await changeSummary(
        { catalogue },
        tx,
        { productId: product.id, rating: 2, qualityRating: null, valueRating: null, fittingRating: null, wouldRecommend: false },
        -1,
        new Date(),
      );
    });
    expect(await guest.getReviewSummary({ params: { slug: product.slug } })).toMatchObject({ count: 1, averageRating: 5, recommendPercentage: 100 });
    expect(await cardFigures(product)).toEqual({ ratingTenths: 50, reviewsCount: 1 });
  });

  it('never disagrees with the published reviews, however many are published at once', async () => {
    const product = await freshProduct();
    const ids: string[] = [];
    for (let index = 0; index < 24; index += 1) {
      ids.push(await writeReview(product, { rating: (index % 5) + 1, qualityRating: (index % 3) + 2, wouldRecommend: index % 2 === 0 }));
    }
    await Promise.all(ids.map((id) => publish(id)));
    const fresh = await rowsOf<{ count: number; rating_sum: number; quality_sum: number; recommend_yes: number }>(sql`
      select count(*)::int as count, sum(rating)::int as rating_sum, sum(quality_rating)::int as quality_sum,
        count(*) filter (where would_recommend)::int as recommend_yes
      from reviews where product_id = ${product.id} and status = 'published'`);
    const stored = await rowsOf<{ count: number; rating_sum: number; quality_sum: number; recommend_yes: number }>(
      sql`select count, rating_sum, quality_sum, recommend_yes from review_summaries where product_id = ${product.id}`,
    );
    expect(fresh[0]).toEqual({ count: 24, rating_sum: 70, quality_sum: 72, recommend_yes: 12 });
    expect(stored[0]).toEqual(fresh[0]);
    expect(await cardFigures(product)).toEqual({ ratingTenths: 29, reviewsCount: 24 });
  });

  it('reaches the listing cards: the product’s notice patches them, or the listing snapshot’s next check reloads them', async () => {
    const product = await freshProduct();
    const [where] = await rowsOf<{ category: string }>(
      sql`select c.slug as category from products p join categories c on c.id = p.category_id where p.id = ${product.id}`,
    );
    const shop = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
    const card = async () => (await shop.listCategory({ body: { slug: where!.category, size: 100 } })).products.find((listed) => listed.id === product.id)!;
    movedTo = new Date();
    try {
      expect(await card()).toMatchObject({ averageRating: 0, reviewsCount: 0 });
      await published(product, { rating: 5 });
      await published(product, { rating: 4 });
      // The products trigger names the product, and its notice patches the card (decision 0149); heard a moment later on
      // PostgreSQL, so the card is read until it shows both. Past the snapshot's 60 s, its check would reload it anyway.
      movedTo = new Date(movedTo.getTime() + 61_000);
      await expect.poll(card, { timeout: 15_000 }).toMatchObject({ averageRating: 4.5, reviewsCount: 2 });
    } finally {
      movedTo = null;
    }
  });

  it('answers 404 for an unknown product, and for a slug of nothing but slashes', async () => {
    expect(await failure(guest.getReviewSummary({ params: { slug: 'no-such-basin' } }))).toMatchObject({
      status: 404,
      code: 'REVIEW_LISTING_PRODUCT_NOT_FOUND',
    });
    expect(await failure(guest.listReviews({ query: { slug: ' // ' } }))).toMatchObject({ status: 404, code: 'REVIEW_LISTING_PRODUCT_NOT_FOUND' });
  });

  it('finds a product the moment its slug exists, though products asked for are kept', async () => {
    const product = await freshProduct();
    const slug = `${product.slug}-renamed`;
    expect(await failure(guest.getReviewSummary({ params: { slug } }))).toMatchObject({ status: 404 });
    await api.database.db.execute(sql`update products set slug = ${slug} where id = ${product.id}`);
    expect(await guest.getReviewSummary({ params: { slug } })).toMatchObject({ slug, sku: product.sku });
  });

  it('is kept by each app for itself: a second app in the process, on the same database, keeps its own answers', async () => {
    const product = await freshProduct();
    await publish(await writeReview(product, { rating: 4 }));
    const other = await buildApi({ config: api.config, database: api.database });
    try {
      const ctx = { db: api.database.db };
      const ours = api.app.composed.services.reviews;
      // Kept once asked for twice (decision 0040): from then on every caller gets the same object.
      await ours.getReviewSummary(ctx, product.slug);
      const kept = await ours.getReviewSummary(ctx, product.slug);
      expect(await ours.getReviewSummary(ctx, product.slug)).toBe(kept);
      const theirs = await other.composed.services.reviews.getReviewSummary(ctx, product.slug);
      expect(theirs).toEqual(kept);
      expect(theirs).not.toBe(kept);
    } finally {
      await other.close();
    }
  });
});

describe('the listing', () => {
  it('shows published reviews only, 10 a page from page 1, with the published text, verified flag and shop reply; sorted and filtered', async () => {
    const product = await freshProduct();
    const base = Date.now();
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    for (let index = 0; index < 11; index += 1) await published(product, { rating: 3, createdAt: at(index) });
    const edited = await published(product, {
      rating: 5,
      title: '<b>Lovely</b>',
      text: 'Original words <script>alert(1)</script> about the basin.',
      publishedText: 'Edited words <script>alert(1)</script> about the basin.',
      source: 'VerifiedOrder',
      shopReply: 'Thank you & enjoy it',
      photoCount: 2,
      helpfulCount: 7,
      createdAt: at(20),
    });
    const low = await published(product, { rating: 1, createdAt: at(30) });
    await writeReview(product, { rating: 2, createdAt: at(40) });

    const first = await guest.listReviews({ query: { slug: product.slug } });
    expect(first).toMatchObject({ page: 1, size: 10, totalCount: 13, totalPages: 2, sku: product.sku });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.id).toBe(low);
    expect(first.items[1]).toMatchObject({
      id: edited,
      title: '<b>Lovely</b>',
      text: 'Edited words <script>alert(1)</script> about the basin.',
      edited: true,
      verifiedPurchase: true,
      shopReply: 'Thank you & enjoy it',
      photoCount: 2,
    });
    expect((await guest.listReviews({ query: { slug: product.slug, page: 2 } })).items).toHaveLength(3);
    expect((await guest.listReviews({ query: { slug: product.slug, sort: 'highest', size: 1 } })).items[0]!.id).toBe(edited);
    expect((await guest.listReviews({ query: { slug: product.slug, sort: 'lowest', size: 1 } })).items[0]!.id).toBe(low);
    expect((await guest.listReviews({ query: { slug: product.slug, sort: 'most_helpful', size: 1 } })).items[0]!.id).toBe(edited);
    const oneStar = await guest.listReviews({ query: { slug: product.slug, rating: 1 } });
    expect(oneStar.items.map((item) => item.id)).toEqual([low]);
    const withPhotos = await guest.listReviews({ query: { slug: product.slug, withPhotos: 'true' } });
    expect(withPhotos.items.map((item) => item.id)).toEqual([edited]);
    const past = await guest.listReviews({ query: { slug: product.slug, page: 9 } });
    expect(past).toMatchObject({ items: [], totalCount: 13 });
  });

  it('refuses bad paging, sorting and filters with a message a person can act on', async () => {
    const slug = products[0]!.slug;
    const cases: [Record<string, unknown>, string][] = [
      [{ size: 0 }, 'Show at least 1 per page'],
      [{ size: 51 }, 'Show at most 50 per page'],
      [{ size: 'ten' }, 'The page size must be a whole number'],
      [{ page: 0 }, 'Pages start at 1'],
      [{ page: 1.5 }, 'The page number must be a whole number'],
      [{ sort: 'cheapest' }, 'Sort by newest, highest, lowest or most helpful'],
      [{ rating: 6 }, 'Choose the rating to show from 1 to 5 stars'],
      [{ withPhotos: 'maybe' }, 'Say true or false for “with photos”'],
    ];
    for (const [query, message] of cases) {
      const error = await failure(guest.listReviews({ query: { slug, ...query } as never }));
      expect({ query, status: error.status, mentioned: JSON.stringify(error.data).includes(message) }).toEqual({ query, status: 400, mentioned: true });
    }
    expect((await failure(guest.listReviews({ query: {} as never }))).status).toBe(400);
  });
});

describe('questions and answers', () => {
  it('lists answered, published questions of the product, newest first, paged', async () => {
    const product = await freshProduct();
    const ask = async (question: string, status: string, answer: string | null, minutes: number) => {
      const id = randomUUID();
      await api.database.db.execute(sql`
        insert into product_questions (id, product_id, sku, asker_name, question, answer, answered_by, answered_at, status, created_at)
        values (${id}, ${product.id}, ${product.sku}, 'Priya', ${question}, ${answer}, ${answer ? 'Plumbline' : null},
          ${answer ? new Date().toISOString() : null}, ${status}, ${new Date(Date.now() + minutes * 60_000).toISOString()})`);
      return id;
    };
    const older = await ask('Does it fit a 600mm vanity?', 'published', 'Yes, it needs 590mm of space.', 1);
    const newer = await ask('Is the <waste> included?', 'published', 'Yes, a click-clack waste is included.', 2);
    await ask('Pending one?', 'pending', null, 3);
    await ask('Rejected one?', 'rejected', 'No', 4);
    const listing = await guest.listQuestions({ query: { slug: product.slug } });
    expect(listing).toMatchObject({ page: 1, size: 10, totalCount: 2, totalPages: 1 });
    expect(listing.items.map((item) => item.id)).toEqual([newer, older]);
    expect(listing.items[0]).toMatchObject({ question: 'Is the <waste> included?', answer: 'Yes, a click-clack waste is included.', askerName: 'Priya' });
    expect((await guest.listQuestions({ query: { slug: product.slug, size: 1, page: 2 } })).items.map((item) => item.id)).toEqual([older]);
    expect(await failure(guest.listQuestions({ query: { slug: 'no-such-basin' } }))).toMatchObject({ status: 404 });
    expect((await failure(guest.listQuestions({ query: { slug: product.slug, size: 500 } }))).status).toBe(400);
  });
});

describe('helpful votes', () => {
  it('count once per person: a signed-in customer by id, a guest by address; a second vote is already counted', async () => {
    const product = await freshProduct();
    const id = await published(product, { rating: 4 });
    expect(await shopper.voteHelpful({ params: { reviewId: id } })).toEqual({ reviewId: id, helpfulCount: 1, alreadyCounted: false });
    expect(await shopper.voteHelpful({ params: { reviewId: id } })).toEqual({ reviewId: id, helpfulCount: 1, alreadyCounted: true });
    expect(await guest.voteHelpful({ params: { reviewId: id } })).toEqual({ reviewId: id, helpfulCount: 2, alreadyCounted: false });
    expect(await guest.voteHelpful({ params: { reviewId: id } })).toEqual({ reviewId: id, helpfulCount: 2, alreadyCounted: true });
    const keys = await rowsOf<{ voter_key: string }>(sql`select voter_key from review_helpful_votes where review_id = ${id}`);
    expect(keys.map((row) => row.voter_key).toSorted()).toEqual([expect.stringMatching(/^guest:[0-9a-f]{64}$/), 'user:user-sue']);
  });

  it('counts one of two votes by one person at once', async () => {
    const product = await freshProduct();
    const id = await published(product, { rating: 4 });
    const votes = await Promise.all([sam.voteHelpful({ params: { reviewId: id } }), sam.voteHelpful({ params: { reviewId: id } })]);
    expect(votes.filter((vote) => vote.alreadyCounted)).toHaveLength(1);
    expect((await guest.listReviews({ query: { slug: product.slug } })).items[0]!.helpfulCount).toBe(1);
  });

  it('are refused for a review that is not published, or not a review at all', async () => {
    const product = await freshProduct();
    const pending = await writeReview(product, { rating: 4 });
    expect(await failure(shopper.voteHelpful({ params: { reviewId: pending } }))).toMatchObject({ status: 404, code: 'REVIEW_NOT_FOUND' });
    expect(await failure(shopper.voteHelpful({ params: { reviewId: randomUUID() } }))).toMatchObject({ status: 404, code: 'REVIEW_NOT_FOUND' });
    expect((await failure(shopper.voteHelpful({ params: { reviewId: 'not-an-id' } }))).status).toBe(400);
    const count = await rowsOf<{ n: number }>(sql`select count(*)::int as n from review_helpful_votes where review_id = ${pending}`);
    expect(count[0]!.n).toBe(0);
  });
});

describe('staff search', () => {
  it('finds reviews by dates, product code, source and status, for review moderators only', async () => {
    const product = await freshProduct();
    const may = await writeReview(product, { rating: 2, createdAt: new Date('2026-05-10T09:00:00Z') });
    const june = await published(product, { rating: 5, source: 'VerifiedOrder', createdAt: new Date('2026-06-02T09:00:00Z') });
    const all = await moderator.searchReviews({ body: { skuCode: product.sku.toLowerCase() } });
    expect(all.items.map((item) => item.id)).toEqual([june, may]);
    expect(all.items[1]).toMatchObject({ status: 'pending', version: 1, sku: product.sku });
    const pending = await moderator.searchReviews({ body: { skuCode: product.sku, status: 'pending' } });
    expect(pending.items.map((item) => item.id)).toEqual([may]);
    const verified = await moderator.searchReviews({ body: { skuCode: product.sku, source: 'VerifiedOrder' } });
    expect(verified.items.map((item) => item.id)).toEqual([june]);
    const inMay = await moderator.searchReviews({ body: { skuCode: product.sku, startDate: '2026-05-01', endDate: '2026-05-31' } });
    expect(inMay.items.map((item) => item.id)).toEqual([may]);
    expect(await failure(moderator.searchReviews({ body: { startDate: '2026-06-01', endDate: '2026-05-01' } }))).toMatchObject({
      status: 400,
      code: 'REVIEW_SEARCH_DATES_REVERSED',
    });
    expect((await failure(moderator.searchReviews({ body: { startDate: '1 May' } }))).status).toBe(400);
    expect((await failure(moderator.searchReviews({ body: { size: 101 } }))).status).toBe(400);
    expect((await failure(shopper.searchReviews({ body: {} }))).status).toBe(403);
    expect((await failure(guest.searchReviews({ body: {} }))).status).toBe(401);
  });

  it('searches by words, rating range, photos and verified, with facet counts in v2', async () => {
    const product = await freshProduct();
    const word = `zanzibar${Date.now()}`;
    const a = await published(product, { rating: 5, text: `The ${word} finish is 100% lovely, really.`, source: 'VerifiedOrder', photoCount: 1 });
    const b = await writeReview(product, { rating: 2, text: `The ${word} finish chipped within a week.` });
    await published(product, { rating: 4, text: 'Nothing special to say about this one at all.' });
    const found = await moderator.searchReviewsAdvanced({ body: { text: word.toUpperCase() } });
    expect(found.items.map((item) => item.id).toSorted()).toEqual([a, b].toSorted());
    expect((await moderator.searchReviewsAdvanced({ body: { text: word, ratingFrom: 4 } })).items.map((item) => item.id)).toEqual([a]);
    expect((await moderator.searchReviewsAdvanced({ body: { text: word, hasPhotos: true } })).items.map((item) => item.id)).toEqual([a]);
    expect((await moderator.searchReviewsAdvanced({ body: { text: word, verifiedOnly: true } })).items.map((item) => item.id)).toEqual([a]);
    expect((await moderator.searchReviewsAdvanced({ body: { text: word, sort: 'lowest' } })).items.map((item) => item.id)).toEqual([b, a]);
    expect((await moderator.searchReviewsAdvanced({ body: { text: '100%' } })).items.map((item) => item.id)).toContain(a);
    expect((await moderator.searchReviewsAdvanced({ body: { text: word, brand: 'No Such Brand' } })).totalCount).toBe(0);
    expect((await moderator.searchReviewsAdvanced({ body: { text: word, category: 'no-such-category' } })).totalCount).toBe(0);
    const [where] = await rowsOf<{ brand: string; category: string; department: string | null }>(sql`
      select b.name as brand, c.slug as category, parent.slug as department from products p join brands b on b.id = p.brand_id
        join categories c on c.id = p.category_id left join categories parent on parent.id = c.parent_id where p.id = ${product.id}`);
    const ids = async (body: object) => (await moderator.searchReviewsAdvanced({ body: { text: word, ...body } })).items.map((item) => item.id).toSorted();
    expect(await ids({ brand: where!.brand })).toEqual([a, b].toSorted());
    expect(await ids({ category: where!.category })).toEqual([a, b].toSorted());
    // Demo products sit in sub-categories: their department finds them too.
    expect(await ids({ category: where!.department!, brand: where!.brand })).toEqual([a, b].toSorted());

    const faceted = await moderator.searchReviewsAdvancedV2({ body: { text: word } });
    expect(faceted.totalCount).toBe(2);
    expect(faceted.facets.rating).toEqual([
      { value: '5', count: 1 },
      { value: '4', count: 0 },
      { value: '3', count: 0 },
      { value: '2', count: 1 },
      { value: '1', count: 0 },
    ]);
    expect(faceted.facets.status).toEqual([
      { value: 'pending', count: 1 },
      { value: 'published', count: 1 },
      { value: 'rejected', count: 0 },
    ]);
    expect(faceted.facets.source).toEqual([
      { value: 'Website', count: 1 },
      { value: 'VerifiedOrder', count: 1 },
    ]);
    expect(faceted.facets.verified).toEqual([
      { value: 'true', count: 1 },
      { value: 'false', count: 1 },
    ]);
    expect(await failure(moderator.searchReviewsAdvanced({ body: { ratingFrom: 4, ratingTo: 2 } }))).toMatchObject({
      status: 400,
      code: 'REVIEW_SEARCH_RATINGS_REVERSED',
    });
    expect((await failure(moderator.searchReviewsAdvancedV2({ body: { ratingFrom: 9 } }))).status).toBe(400);
    expect((await failure(moderator.searchReviewsAdvanced({ body: [] as never }))).status).toBe(400);
    expect((await failure(shopper.searchReviewsAdvancedV2({ body: {} }))).status).toBe(403);
  });
});

describe('insights', () => {
  it('show the rating trend by month, the words of low and high reviews, and the questions asked', async () => {
    const product = await freshProduct();
    await published(product, { rating: 1, text: 'The handle leaked and the handle wobbled badly.', createdAt: new Date('2026-03-05T12:00:00Z') });
    await published(product, { rating: 2, text: 'It leaked from the first day.', createdAt: new Date('2026-03-20T12:00:00Z') });
    await published(product, { rating: 5, text: 'Gorgeous chrome, gorgeous shape, easy fitting.', createdAt: new Date('2026-04-01T12:00:00Z') });
    await writeReview(product, { rating: 1, text: 'Pending words hidden from insights entirely.' });
    await api.database.db.execute(sql`
      insert into product_questions (id, product_id, sku, asker_name, question, status, created_at)
      values (${randomUUID()}, ${product.id}, ${product.sku}, 'Tom', 'Is it WRAS approved?', 'pending', now())`);
    const insights = await moderator.getOfferingInsights({ query: { sku: product.sku.toLowerCase() } });
    expect(insights).toMatchObject({ sku: product.sku, slug: product.slug, reviewsCount: 3, averageRating: 2.7, questionsAsked: 1 });
    expect(insights.ratingTrend).toEqual([
      { month: '2026-03', count: 2, averageRating: 1.5 },
      { month: '2026-04', count: 1, averageRating: 5 },
    ]);
    expect(insights.lowReviewWords.slice(0, 2)).toEqual([
      { word: 'handle', count: 2 },
      { word: 'leaked', count: 2 },
    ]);
    expect(insights.highReviewWords[0]).toEqual({ word: 'gorgeous', count: 2 });
    expect(insights.lowReviewWords.some((entry) => entry.word === 'pending')).toBe(false);
    expect(await failure(moderator.getOfferingInsights({ query: { sku: 'NOPE-1' } }))).toMatchObject({ status: 404 });
    expect((await failure(moderator.getOfferingInsights({ query: { sku: ' ' } }))).status).toBe(400);
    expect((await failure(shopper.getOfferingInsights({ query: { sku: product.sku } }))).status).toBe(403);
  });
});

describe('the demo reviews', () => {
  it('stand behind every rating and count on the shop: each product’s figures and summary are its published reviews', async () => {
    // The questions tests above write questions straight into the table, without the count.
    const touched = sql`array[${sql.join(
      [0, ...products.slice(0, nextProduct).map((product) => product.id)].map((id) => sql`${id}::int`),
      sql`, `,
    )}]`;
    const result = await rowsOf<{ products: number; reviewed: number; disagreeing: number; questions_disagreeing: number }>(sql`
      with published as (
        select product_id, count(*)::int as count, sum(rating)::int as rating_sum from reviews where status = 'published' group by product_id
      ), asked as (
        select product_id, count(*)::int as count from product_questions where status = 'published' group by product_id
      )
      select count(*)::int as products,
        count(*) filter (where coalesce(r.count, 0) > 0)::int as reviewed,
        count(*) filter (where p.reviews_count <> coalesce(r.count, 0) or coalesce(s.count, 0) <> coalesce(r.count, 0)
          or coalesce(s.rating_sum, 0) <> coalesce(r.rating_sum, 0)
          or p.rating_tenths <> case when coalesce(r.count, 0) = 0 then 0 else floor((r.rating_sum * 20 + r.count) / (r.count * 2.0)) end)::int as disagreeing,
        count(*) filter (where p.questions_count <> coalesce(q.count, 0) and p.id <> all(${touched}))::int
          as questions_disagreeing
      from products p left join published r on r.product_id = p.id
        left join review_summaries s on s.product_id = p.id left join asked q on q.product_id = p.id`);
    const row = result[0]!;
    expect(row.disagreeing).toBe(0);
    expect(row.questions_disagreeing).toBe(0);
    expect(row.reviewed).toBeGreaterThan(row.products / 2);
    const states = await rowsOf<{ status: string; count: number }>(
      sql`select status, count(*)::int as count from reviews where display_name not like 'Reviewer %' group by status`,
    );
    expect(states.map((state) => state.status).toSorted()).toEqual(['pending', 'published', 'rejected']);
  });
});
