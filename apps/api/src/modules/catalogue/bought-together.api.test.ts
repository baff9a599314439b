import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, createCatalogueEditorClient, type CatalogueClient, type CatalogueEditorClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { findSeededSku, setStock } from '../../testing/seeded-skus.ts';
import { lockInOwnTransaction, lockWaits } from '../../testing/held-locks.ts';
import { placedOrderInput, recordPlacedOrder } from '../orders/testing.ts';
import { BOUGHT_TOGETHER_JOB } from './catalogue-jobs.ts';

let api: TestApi;
let shop: CatalogueClient;
const actors: Record<string, Actor> = {
  manager: { userId: 'user-casey', name: 'Casey Catalogue', roles: ['shopper', 'catalogue-manager'] },
  shopper: { userId: 'user-sam', roles: ['shopper'] },
};
const editor = (token?: string): CatalogueEditorClient => createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => token });

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  shop = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
});
afterAll(() => api?.close());

const DAY_MS = 86_400_000;

/** The bought-together job as the API registers it, run once at `now`. */
async function runJob(now: Date) {
  const job = api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? []).find((candidate) => candidate.name === BOUGHT_TOGETHER_JOB)!;
  return job.runOnce({ db: api.database.db, clock: { now: () => now }, log: api.app.log });
}

let orders = 0;
/** An order of one of each sku, placed at `at`. */
async function order(skus: readonly string[], at: Date) {
  const input = placedOrderInput(`together-${(orders += 1)}`, { customerId: null, email: `together-${orders}@example.com` });
  const lines = skus.map((sku) => ({ ...input.lines[0]!, sku, quantity: 1, lineTotalIncVat: input.lines[0]!.unitPriceIncVat }));
  return recordPlacedOrder(api.app, { ...input, lines }, at);
}

const productOf = async (sku: string) =>
  Number(
    ((await api.database.db.execute(sql`select product_id from offerings where sku = ${sku}`)) as unknown as { rows: { product_id: number }[] }).rows[0]!
      .product_id,
  );

/** The product ids of a carousel, or [] when the answer has none. */
async function row(body: { pageType: 30 | 40; productId?: number; basketSkus?: string[] }) {
  const { carousels } = await shop.getCarousels({ body: { recentlyViewedSkus: [], ...body } });
  return carousels.find((carousel) => carousel.identifier === 'bought-together')?.products.map((product) => product.id) ?? [];
}

describe('frequently bought together', () => {
  // Products no demo order holds, so every count here is this test's alone.
  const unbought = sql`s.status = 'in_stock' and o.is_default and pr.price_inc_vat > 0
    and not exists (select 1 from order_lines l join offerings f on f.sku = l.sku where f.product_id = p.id)`;
  const skus: Record<'basin' | 'waste' | 'trap' | 'once' | 'gone' | 'never', string> = { basin: '', waste: '', trap: '', once: '', gone: '', never: '' };
  const ids = {} as Record<keyof typeof skus, number>;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  let counted = 0;

  beforeAll(async () => {
    const keys = Object.keys(skus) as (keyof typeof skus)[];
    const found = await Promise.all(keys.map((_, index) => findSeededSku(api.database.db, unbought, index * 7)));
    keys.forEach((key, index) => (skus[key] = found[index]!.sku));
    for (const key of keys) ids[key] = await productOf(skus[key]);
    // The basin with a waste in 4 orders (and the waste alone in 1), with a trap in 3, with one other once, with one that goes out of stock in 3.
    for (let n = 0; n < 4; n++) await order([skus.basin, skus.waste], daysAgo(10 + n));
    await order([skus.waste], daysAgo(5));
    for (let n = 0; n < 3; n++) await order([skus.basin, skus.trap], daysAgo(20 + n));
    await order([skus.basin, skus.once], daysAgo(30));
    for (let n = 0; n < 3; n++) await order([skus.basin, skus.gone], daysAgo(40 + n));
    await setStock(api.database.db, skus.gone, 'out_of_stock', 0);
    counted = (await runJob(now)).claimed;
  });

  it('shows on a product page what orders put with it more than chance would, strongest first, leaving out what is out of stock', async () => {
    expect(counted).toBeGreaterThan(0);
    // Trap: 3 of the basin's 11 orders and all 3 of its own; waste: 4 of 11 and of its 5: the trap's lift is higher.
    expect(await row({ pageType: 30, productId: ids.basin })).toEqual([ids.trap, ids.waste]);
    // Each way round: the waste's page offers the basin.
    expect(await row({ pageType: 30, productId: ids.waste })).toEqual([ids.basin]);
    // No pair from orders: no row at all, rather than an empty one.
    expect(await row({ pageType: 30, productId: ids.never })).toEqual([]);
  });

  it('shows on the basket page what goes with its lines, leaving out what is already in it', async () => {
    expect(await row({ pageType: 40, basketSkus: [skus.basin, skus.trap] })).toEqual([ids.waste]);
    expect(await row({ pageType: 40, basketSkus: [] })).toEqual([]);
  });

  it('tells staff why each product is or is not shown, and follows their pins and blocks at once, recording who made them', async () => {
    const staff = editor('manager');
    const seen = await staff.getStaffBoughtTogether({ params: { id: ids.basin } });
    expect(seen.countedAt).not.toBeNull();
    const byId = new Map(seen.pairs.map((pair) => [pair.productId, pair]));
    expect(byId.get(ids.trap)).toMatchObject({ ordersTogether: 3, choice: null, shownAt: 1 });
    expect(byId.get(ids.trap)!.why).toMatch(/^3 orders together, [\d.]+ times more often than by chance$/);
    expect(byId.get(ids.waste)).toMatchObject({ ordersTogether: 4, shownAt: 2 });
    expect(byId.get(ids.gone)).toMatchObject({ ordersTogether: 3, shownAt: null });
    expect(byId.get(ids.gone)!.why).toMatch(/; not shown while it is out of stock$/);
    // One order together is chance: not a pair.
    expect(byId.has(ids.once)).toBe(false);

    await staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: ids.trap }, body: { choice: 'blocked' } });
    await staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: ids.never }, body: { choice: 'pinned' } });
    const after = await staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: ids.once }, body: { choice: 'pinned' } });
    expect(await row({ pageType: 30, productId: ids.basin })).toEqual([ids.never, ids.once, ids.waste]);
    const trap = after.pairs.find((pair) => pair.productId === ids.trap)!;
    expect(trap).toMatchObject({ choice: 'blocked', shownAt: null });
    expect(trap.why).toMatch(/^Blocked by staff \(3 orders together/);
    expect(after.pairs.find((pair) => pair.productId === ids.never)).toMatchObject({
      choice: 'pinned',
      shownAt: 1,
      why: 'Pinned by staff (no orders together)',
    });
    // Pinned again, a pin keeps its place; the change list says who did what.
    await staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: ids.never }, body: { choice: 'pinned' } });
    expect(await row({ pageType: 30, productId: ids.basin })).toEqual([ids.never, ids.once, ids.waste]);
    const { audit } = await staff.getStaffProduct({ params: { id: ids.basin } });
    expect(audit.filter((entry) => entry.what.includes('“Frequently bought together”')).map((entry) => entry.who)).toEqual([
      'Casey Catalogue',
      'Casey Catalogue',
      'Casey Catalogue',
    ]);

    // Left to orders again, the trap is back where orders put it; the pins stay first.
    await staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: ids.trap }, body: { choice: 'none' } });
    expect(await row({ pageType: 30, productId: ids.basin })).toEqual([ids.never, ids.once, ids.trap, ids.waste]);
    // A new count keeps staff's choices; a year on, no order counts and only the pins are left.
    await runJob(now);
    expect(await row({ pageType: 30, productId: ids.basin })).toEqual([ids.never, ids.once, ids.trap, ids.waste]);
    await runJob(new Date(now.getTime() + 366 * DAY_MS));
    expect(await row({ pageType: 30, productId: ids.basin })).toEqual([ids.never, ids.once]);
    for (const paired of [ids.never, ids.once]) {
      await staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: paired }, body: { choice: 'none' } });
    }
    await runJob(now);
  });

  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'counts the same pairs when two instances count at once: they take turns, no pair written twice',
    async () => {
      // A pair's row held by another transaction stops the first count inside its replacement, so the second starts on it for certain.
      const release = await lockInOwnTransaction(api.database.db, sql`select 1 from bought_together_pairs where product_id = ${ids.basin} limit 1 for update`);
      const both = Promise.all([runJob(now), runJob(now)]);
      await lockWaits(api.database.db, 2);
      await release();
      expect((await both).map((run) => run.claimed)).toEqual([counted, counted]);
      expect(await row({ pageType: 30, productId: ids.basin })).toEqual([ids.trap, ids.waste]);
    },
  );

  it('refuses a product paired with itself, an unknown product, a choice it does not know, and anyone but catalogue staff, changing nothing', async () => {
    const staff = editor('manager');
    const itself = await failure(staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: ids.basin }, body: { choice: 'pinned' } }));
    expect({ status: itself.status, code: itself.code, message: itself.message }).toEqual({
      status: 422,
      code: 'PAIRED_WITH_ITSELF',
      message: 'A product cannot be bought together with itself: choose a different product.',
    });
    const unknown = await failure(staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: 2_000_000_000 }, body: { choice: 'pinned' } }));
    expect({ status: unknown.status, code: unknown.code, message: unknown.message }).toEqual({
      status: 404,
      code: 'PRODUCT_NOT_FOUND',
      message: 'There is no product 2000000000.',
    });
    expect((await failure(staff.getStaffBoughtTogether({ params: { id: 2_000_000_000 } }))).status).toBe(404);
    const badChoice = await failure(
      staff.chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: ids.trap }, body: { choice: 'maybe' as 'pinned' } }),
    );
    expect(badChoice.status).toBe(400);
    expect(badChoice.message).not.toMatch(/expected|invalid_value|Invalid option/);
    for (const [token, status] of [
      [undefined, 401],
      ['shopper', 403],
    ] as const) {
      expect(
        (await failure(editor(token).chooseStaffBoughtTogether({ params: { id: ids.basin, pairedProductId: ids.trap }, body: { choice: 'blocked' } }))).status,
      ).toBe(status);
      expect((await failure(editor(token).getStaffBoughtTogether({ params: { id: ids.basin } }))).status).toBe(status);
    }
    expect(await row({ pageType: 30, productId: ids.basin })).toEqual([ids.trap, ids.waste]);
  });
});
