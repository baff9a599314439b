import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints } from '@shop/api-client';
import { reviewWritingEndpoints, type WebsiteReview } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { placedOrderInput, recordPlacedOrder } from '../orders/testing.ts';
import { aReview } from './testing.ts';

/**
 * Writing and moderating reviews on the real API: customers' reviews of seeded products (and of
 * lines of orders they placed), the first pass's holds, and moderators publishing and rejecting,
 * with the history, the product's summary and the author's e-mail checked in the database.
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  ann: { userId: 'user-review-ann', email: 'ann@reviews.example', name: 'Ann', roles: ['shopper'] },
  ben: { userId: 'user-review-ben', email: 'ben@reviews.example', name: 'Ben', roles: ['shopper'] },
  cat: { userId: 'user-review-cat', email: 'cat@reviews.example', name: 'Cat', roles: ['shopper'] },
  dan: { userId: 'user-review-dan', email: 'dan@reviews.example', name: 'Dan', roles: ['shopper'] },
  olive: { userId: 'user-review-olive', roles: ['order-admin'] },
  mia: { userId: 'user-review-mia', roles: ['review-moderator'] },
  max: { userId: 'user-review-max', roles: ['review-moderator'] },
};
type Client = ReturnType<typeof createClientFromEndpoints<typeof reviewWritingEndpoints>>;
const as = (name?: string): Client => createClientFromEndpoints(reviewWritingEndpoints, { baseUrl: api.serviceUrl('reviews'), getAccessToken: () => name });

interface SeededProduct {
  id: number;
  slug: string;
  sku: string;
  name: string;
}
let products: SeededProduct[] = [];
let next = 0;
/** A product no other test reviews. */
const freshProduct = () => products[next++]!;

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const result = (await api.database.db.execute(
    sql`select p.id, p.slug, p.name, (select o.sku from offerings o where o.product_id = p.id order by o.id limit 1) as sku
        from products p where not p.is_bundle order by p.id limit 40`,
  )) as unknown as { rows: { id: number; slug: string; name: string; sku: string }[] };
  products = result.rows.map((row) => ({ id: Number(row.id), slug: row.slug, sku: row.sku, name: row.name }));
});
afterAll(() => api?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const reviewRow = async (id: string) =>
  (
    await rows<{ status: string; title: string; text: string; held_reason: string | null; version: number; edited: boolean }>(
      sql`select * from reviews where id = ${id}`,
    )
  )[0]!;
const reviewCountOf = async (customerId: string) =>
  Number((await rows<{ n: number }>(sql`select count(*) as n from reviews where customer_id = ${customerId}`))[0]!.n);
const eventsOf = (id: string) =>
  rows<{ from_status: string | null; to_status: string; note: string | null }>(sql`select * from review_events where review_id = ${id} order by id`);
const summaryCount = async (productId: number) =>
  Number((await rows<{ count: number }>(sql`select count from review_summaries where product_id = ${productId}`))[0]?.count ?? 0);

let orderSerial = 0;
/** An order `customer` placed for one line of `product`. */
async function placeOrder(customer: string, product: SeededProduct) {
  orderSerial += 1;
  const base = placedOrderInput(`reviews-${orderSerial}`, { customerId: actors[customer]!.userId, email: actors[customer]!.email! });
  const line = { ...base.lines[0]!, sku: product.sku, productSlug: product.slug, productName: product.name };
  const order = await recordPlacedOrder(api.app, { ...base, lines: [line] }, new Date());
  return order.orderNumber;
}

describe('writing a review', () => {
  it('takes a signed-in customer’s review as pending, found by a slug with stray slashes, and keeps HTML as text', async () => {
    const product = freshProduct();
    const receipt = await as('ann').writeWebsiteReview({
      body: aReview(product, {
        slug: `  /basins//${product.slug}/ `,
        title: '<script>alert(1)</script> Lovely',
        text: 'Really <b>lovely</b> basin & a good price, would buy again.',
        qualityRating: 5,
        valueRating: 4,
        fittingRating: 3,
        wouldRecommend: true,
      }),
    });
    expect(receipt).toMatchObject({ status: 'pending', verifiedPurchase: false, nextSteps: expect.stringContaining('checks every review') });
    const row = await reviewRow(receipt.reviewId);
    expect(row).toMatchObject({
      status: 'pending',
      title: '<script>alert(1)</script> Lovely',
      text: 'Really <b>lovely</b> basin & a good price, would buy again.',
      held_reason: null,
    });
    expect(await eventsOf(receipt.reviewId)).toEqual([expect.objectContaining({ from_status: null, to_status: 'pending' })]);

    const bySku = await as('ann').writeWebsiteReview({ body: aReview(freshProduct(), { slug: undefined, sku: products[next - 1]!.sku }) });
    expect(bySku.status).toBe('pending');
  });

  it('refuses a second review of the same product by the same person, even sent twice at once', async () => {
    const product = freshProduct();
    await as('ben').writeWebsiteReview({ body: aReview(product) });
    const before = await reviewCountOf(actors.ben!.userId);
    expect(await failure(as('ben').writeWebsiteReview({ body: aReview(product, { title: 'Again' }) }))).toMatchObject({
      status: 409,
      code: 'REVIEW_ALREADY_WRITTEN',
      data: expect.objectContaining({ detail: expect.stringContaining('already reviewed this product') }),
    });
    const other = freshProduct();
    const results = await Promise.allSettled([as('ben').writeWebsiteReview({ body: aReview(other) }), as('ben').writeWebsiteReview({ body: aReview(other) })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.flatMap((result) => (result.status === 'rejected' ? [result.reason.code] : []))).toEqual(['REVIEW_ALREADY_WRITTEN']);
    expect(await reviewCountOf(actors.ben!.userId)).toBe(before + 1);
  });

  it('refuses bad input in words, field by field, and writes nothing', async () => {
    const product = freshProduct();
    const cases: [Partial<WebsiteReview>, string, RegExp][] = [
      [{ rating: 0 }, 'body.rating', /1 to 5 stars/],
      [{ rating: 6 }, 'body.rating', /1 to 5 stars/],
      [{ rating: 3.5 }, 'body.rating', /1 to 5 stars/],
      [{ rating: undefined }, 'body.rating', /1 to 5 stars/],
      [{ qualityRating: 9 }, 'body.qualityRating', /quality from 1 to 5/],
      [{ text: 'Too short to help.' }, 'body.text', /at least 20 characters/],
      [{ text: 'x'.repeat(2001) }, 'body.text', /2000 characters or fewer/],
      [{ text: '   ' }, 'body.text', /Write your review/],
      [{ title: 't'.repeat(101) }, 'body.title', /100 characters or fewer/],
      [{ displayName: '' }, 'body.displayName', /name to show/],
      [{ slug: ' // ', sku: undefined }, 'body.slug', /which product/],
    ];
    for (const [change, path, message] of cases) {
      const error = await failure(as('cat').writeWebsiteReview({ body: aReview(product, change) }));
      const problem = error.data as { errors: { path: string; message: string }[] };
      expect({ path, status: error.status, errors: problem.errors }).toEqual({
        path,
        status: 400,
        errors: expect.arrayContaining([expect.objectContaining({ path, message: expect.stringMatching(message) })]),
      });
      expect(JSON.stringify(error.data)).not.toMatch(/Too small|Too big|Invalid input|expected/);
    }
    expect(await failure(as('cat').writeWebsiteReview({ body: aReview(product, { slug: 'no-such-product-anywhere' }) }))).toMatchObject({
      status: 404,
      code: 'REVIEW_PRODUCT_NOT_FOUND',
    });
    expect(await failure(as().writeWebsiteReview({ body: aReview(product) }))).toMatchObject({ status: 401 });
    expect(await reviewCountOf(actors.cat!.userId)).toBe(0);
  });

  it('holds what the first pass finds unfit, still pending, for a moderator', async () => {
    const phone = await as('dan').writeWebsiteReview({ body: aReview(freshProduct(), { text: 'Good basin. Ring me on 07700 900123 if you want a fitter.' }) });
    expect(phone.status).toBe('pending');
    expect(await reviewRow(phone.reviewId)).toMatchObject({ status: 'pending', held_reason: 'phone_number' });
    const link = await as('dan').writeWebsiteReview({ body: aReview(freshProduct(), { text: 'Cheaper at https://example.test/basin, honestly.' }) });
    expect((await reviewRow(link.reviewId)).held_reason).toBe('link');
    const first = await as('dan').writeWebsiteReview({ body: aReview(freshProduct(), { text: 'Does the job well, and looks smart in our en-suite.' }) });
    expect((await reviewRow(first.reviewId)).held_reason).toBeNull();
    const copy = await as('dan').writeWebsiteReview({ body: aReview(freshProduct(), { text: 'Does the job well and looks smart in our en-suite!' }) });
    expect((await reviewRow(copy.reviewId)).held_reason).toBe('duplicate');
  });
});

describe('a verified purchase', () => {
  it('reviews a line of the customer’s own order once, and refuses anyone else’s order', async () => {
    const product = freshProduct();
    const orderNumber = await placeOrder('ann', product);
    const body = { orderNumber, sku: product.sku, rating: 2, title: 'Chipped', text: 'Arrived with a chip on the rim, but it works fine.', displayName: 'Ann' };

    expect(await failure(as('ben').writeVerifiedOrderReview({ body }))).toMatchObject({ status: 404, code: 'REVIEW_ORDER_NOT_FOUND' });
    expect(await failure(as('ann').writeVerifiedOrderReview({ body: { ...body, orderNumber: 'BP99999999' } }))).toMatchObject({ status: 404 });
    expect(await failure(as('ann').writeVerifiedOrderReview({ body: { ...body, sku: products[0]!.sku } }))).toMatchObject({
      status: 422,
      code: 'REVIEW_NOT_ON_ORDER',
    });

    const receipt = await as('ann').writeVerifiedOrderReview({ body: { ...body, orderNumber: orderNumber.toLowerCase() } });
    expect(receipt).toMatchObject({ status: 'pending', verifiedPurchase: true });
    const [row] = await rows<{ source: string; product_id: number; order_line_position: number }>(sql`select * from reviews where id = ${receipt.reviewId}`);
    expect(row).toMatchObject({ source: 'VerifiedOrder', order_line_position: 0 });
    expect(Number(row!.product_id)).toBe(product.id);

    expect(await failure(as('ann').writeVerifiedOrderReview({ body }))).toMatchObject({ status: 409, code: 'REVIEW_ORDER_LINE_REVIEWED' });
    expect(await failure(as('ann').writeWebsiteReview({ body: aReview(product) }))).toMatchObject({ status: 409, code: 'REVIEW_ALREADY_WRITTEN' });
    expect(await failure(as('ann').writeVerifiedOrderReview({ body: { ...body, orderNumber: 'BP123' } }))).toMatchObject({ status: 400 });
  });

  it('refuses a line that was cancelled from the order', async () => {
    const product = freshProduct();
    const orderNumber = await placeOrder('ben', product);
    // As the customer's cancellation of the line leaves it (refunds are the orders module's, tested there).
    await api.database.db.execute(
      sql`update order_lines set cancelled_quantity = quantity where order_id = (select id from orders where order_number = ${orderNumber})`,
    );
    const body = { orderNumber, sku: product.sku, rating: 1, title: 'Never came', text: 'I cancelled it in the end, so cannot say much.', displayName: 'Ben' };
    expect(await failure(as('ben').writeVerifiedOrderReview({ body }))).toMatchObject({ status: 422, code: 'REVIEW_LINE_CANCELLED' });
  });
});

describe('moderating', () => {
  const pending = async (author: string, extra: Partial<WebsiteReview> = {}) => {
    const product = freshProduct();
    const { reviewId } = await as(author).writeWebsiteReview({ body: aReview(product, extra) });
    // The demo data's published reviews are counted already: a test checks the change its own review makes.
    return { reviewId, product, counted: await summaryCount(product.id) };
  };

  it('publishes with an edit marked as edited and a public reply; counted in the summary once; twice is refused', async () => {
    const { reviewId, product, counted } = await pending('ben', { rating: 5, title: 'Great <i>tap</i>' });
    const params = { reviewId };
    for (const name of [undefined, 'ben', 'olive']) {
      expect((await failure(as(name).publishReview({ params, body: { version: 1 } }))).status).toBe(name ? 403 : 401);
    }
    expect(await failure(as('mia').publishReview({ params, body: { version: 7 } }))).toMatchObject({ status: 409, code: 'REVIEW_CHANGED' });
    expect(await failure(as('mia').publishReview({ params, body: { version: 1, text: 'short' } }))).toMatchObject({ status: 400 });

    const published = await as('mia').publishReview({
      params,
      body: { version: 1, text: 'Fitted in an afternoon. The finish is good.', shopReply: 'Thank you, <b>Ben</b>!' },
    });
    expect(published).toMatchObject({
      status: 'published',
      version: 2,
      edited: true,
      title: 'Great <i>tap</i>',
      text: 'Fitted in an afternoon. The finish is good.',
      authorText: 'Fitted it in an afternoon. The finish is good and it feels sturdy.',
      shopReply: 'Thank you, <b>Ben</b>!',
      verifiedPurchase: false,
    });
    expect(await summaryCount(product.id)).toBe(counted + 1);
    expect((await eventsOf(reviewId)).map((event) => event.to_status)).toEqual(['pending', 'published']);

    expect(await failure(as('max').publishReview({ params, body: { version: 2 } }))).toMatchObject({ status: 409, code: 'REVIEW_ALREADY_PUBLISHED' });
    expect(await summaryCount(product.id)).toBe(counted + 1);
    expect(await failure(as('mia').publishReview({ params: { reviewId: '00000000-0000-4000-8000-000000000000' }, body: { version: 1 } }))).toMatchObject({
      status: 404,
      code: 'REVIEW_NOT_FOUND',
    });
    expect(await failure(as('mia').publishReview({ params: { reviewId: 'not-an-id' }, body: { version: 1 } }))).toMatchObject({ status: 400 });
  });

  it('rejects for a listed reason, e-mails the author that reason (escaped), and refuses twice', async () => {
    const { reviewId, product } = await pending('cat', { title: '<script>x</script> Ring me', text: 'Call me on 07700 900123 and I will tell you more.' });
    const params = { reviewId };
    expect(await failure(as('mia').rejectReview({ params, query: { reason: 'negative' as never, version: 1 } }))).toMatchObject({ status: 400 });
    expect((await failure(as('mia').rejectReview({ params, query: { reason: 'personal_data' } as never }))).status).toBe(400);
    expect((await failure(as('cat').rejectReview({ params, query: { reason: 'personal_data', version: 1 } }))).status).toBe(403);

    const rejected = await as('mia').rejectReview({ params, query: { reason: 'personal_data', version: 1 } });
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'personal_data', heldReason: 'phone_number', version: 2 });
    const [email] = await readOutbox(api.database.db, { to: actors.cat!.email!, template: 'reviews.rejected' });
    expect(email!.text).toContain('Contains personal data');
    expect(email!.html).not.toContain('<script>x</script>');
    expect(email!.html).toContain('&lt;script&gt;');
    expect(await eventsOf(reviewId)).toEqual([
      expect.objectContaining({ to_status: 'pending' }),
      expect.objectContaining({ from_status: 'pending', to_status: 'rejected', note: 'Contains personal data' }),
    ]);

    expect(await failure(as('max').rejectReview({ params, query: { reason: 'offensive', version: 2 } }))).toMatchObject({
      status: 409,
      code: 'REVIEW_ALREADY_REJECTED',
    });
    expect(await failure(as('max').publishReview({ params, body: { version: 2 } }))).toMatchObject({ status: 409, code: 'REVIEW_ALREADY_REJECTED' });
    expect(await readOutbox(api.database.db, { to: actors.cat!.email!, template: 'reviews.rejected' })).toHaveLength(1);
    // A rejected review no longer counts as the author's one review of the product: they may write a new one.
    expect((await as('cat').writeWebsiteReview({ body: aReview(product) })).status).toBe('pending');
  });

  it('takes a published review down out of its product’s summary', async () => {
    const { reviewId, product, counted } = await pending('dan', { rating: 3 });
    await as('mia').publishReview({ params: { reviewId }, body: { version: 1 } });
    expect(await summaryCount(product.id)).toBe(counted + 1);
    const down = await as('max').rejectReview({ params: { reviewId }, query: { reason: 'fake_or_incentivised', version: 2 } });
    expect(down).toMatchObject({ status: 'rejected', version: 3 });
    expect(await summaryCount(product.id)).toBe(counted);
    expect((await eventsOf(reviewId)).map((event) => event.to_status)).toEqual(['pending', 'published', 'rejected']);
  });

  it('two moderators at once: one wins, the others are told to reload, one event, the summary counted once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { reviewId, product, counted } = await pending('ann');
      const params = { reviewId };
      const results = await Promise.allSettled([
        as('mia').publishReview({ params, body: { version: 1 } }),
        as('max').publishReview({ params, body: { version: 1 } }),
        as('max').rejectReview({ params, query: { reason: 'off_topic', version: 1 } }),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.map((result) => [result.reason.status, result.reason.code])).toEqual([
        [409, 'REVIEW_CHANGED'],
        [409, 'REVIEW_CHANGED'],
      ]);
      const row = await reviewRow(reviewId);
      expect(row.version).toBe(2);
      expect(await eventsOf(reviewId)).toHaveLength(2);
      expect(await summaryCount(product.id)).toBe(counted + (row.status === 'published' ? 1 : 0));
      const [published] = await rows<{ n: number }>(sql`select count(*) as n from reviews where product_id = ${product.id} and status = 'published'`);
      expect(await summaryCount(product.id)).toBe(Number(published!.n));
    }
  });
});
