import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { placedOrderInput, recordPlacedOrder } from '../orders/testing.ts';
import { BEST_SELLERS_JOB } from './catalogue-jobs.ts';

let api: TestApi;
let client: CatalogueClient;

beforeAll(async () => {
  api = await startTestApi();
  client = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
});
afterAll(() => api.close());

const DAY_MS = 86_400_000;

/** The best-sellers job as the API registers it, run once at `now`. */
async function runBestSellersJob(now: Date) {
  const job = api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? []).find((candidate) => candidate.name === BEST_SELLERS_JOB)!;
  return job.runOnce({ db: api.database.db, clock: { now: () => now }, log: api.app.log });
}

/** An order of `quantity` of `sku` placed at `at`, of which `cancelled` were cancelled before dispatch. */
async function order(key: string, sku: string, quantity: number, at: Date, cancelled = 0) {
  const input = placedOrderInput(key, { customerId: null, email: `${key}@example.com` });
  const line = { ...input.lines[0]!, sku, quantity, lineTotalIncVat: input.lines[0]!.unitPriceIncVat * quantity };
  const placed = await recordPlacedOrder(api.app, { ...input, lines: [line] }, at);
  if (cancelled) await api.database.db.execute(sql`update order_lines set cancelled_quantity = ${cancelled} where order_id = ${placed.orderGuid}`);
  return placed;
}

const productOf = async (sku: string) =>
  Number(
    ((await api.database.db.execute(sql`select product_id from offerings where sku = ${sku}`)) as unknown as { rows: { product_id: number }[] }).rows[0]!
      .product_id,
  );

const popularityOf = async (productId: number) =>
  ((await api.database.db.execute(sql`select popularity from products where id = ${productId}`)) as unknown as { rows: { popularity: number }[] }).rows[0]!
    .popularity;

describe('best sellers', () => {
  it('are the products that sold most in the last 90 days, from order lines less what was cancelled', async () => {
    const now = new Date();
    // Basin taps of products the demo's orders never bought, so their counts are this test's alone; they outsell the demo's best.
    const unsold = sql`p.category_id in (select id from categories where slug = 'basin-taps')
      and not exists (select 1 from order_lines l join offerings f on f.sku = l.sku where f.product_id = p.id)`;
    const [first, second, cancelledMost, tooLongAgo] = await Promise.all([0, 6, 12, 18].map((offset) => findSeededSku(api.database.db, unsold, offset)));
    await order('best-1', first!.sku, 9_000, new Date(now.getTime() - 2 * DAY_MS));
    await order('best-2', second!.sku, 4_000, new Date(now.getTime() - 30 * DAY_MS));
    await order('best-3', second!.sku, 3_000, new Date(now.getTime() - 60 * DAY_MS));
    // 10,000 ordered but 9,990 cancelled before dispatch: 10 sold.
    await order('best-4', cancelledMost!.sku, 10_000, new Date(now.getTime() - DAY_MS), 9_990);
    await order('best-5', tooLongAgo!.sku, 50_000, new Date(now.getTime() - 91 * DAY_MS));

    expect((await runBestSellersJob(now)).claimed).toBeGreaterThan(0);
    const [a, b, c, d] = await Promise.all([first!.sku, second!.sku, cancelledMost!.sku, tooLongAgo!.sku].map(productOf));
    expect(await Promise.all([a!, b!, c!, d!].map(popularityOf))).toEqual([9_000, 7_000, 10, 0]);

    const { carousels } = await client.getCarousels({ body: { pageType: 10, recentlyViewedSkus: [] } });
    const bestSellers = carousels.find((carousel) => carousel.identifier === 'best-sellers')!.products;
    expect(bestSellers.slice(0, 2).map((product) => product.id)).toEqual([a, b]);
    expect(bestSellers.slice(0, 2).every((product) => product.badges.includes('best_seller'))).toBe(true);
    const taps = await client.listCategory({ body: { slug: 'basin-taps', size: 3, sort: 1 } });
    expect(taps.products.slice(0, 2).map((product) => product.id)).toEqual([a, b]);

    // Run again, it finds nothing changed and writes nothing; 40 days on, the order of 60 days ago has left the window.
    expect((await runBestSellersJob(now)).claimed).toBe(0);
    await runBestSellersJob(new Date(now.getTime() + 40 * DAY_MS));
    expect(await Promise.all([a!, b!].map(popularityOf))).toEqual([9_000, 4_000]);
  });
});
