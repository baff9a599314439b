import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCatalogueClient, createDeliveryClient } from '@shop/api-client';
import type { Database } from '../../db/client.ts';
import { findSeededSku, setStock } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { LISTING_SNAPSHOT_TTL_MS } from '../search/testing.ts';
import { availability, STOCK_STATUSES } from './availability.ts';
import { createInventoryService } from './inventory.service.ts';

let api: TestApi;
let db: Database;
const later = () => new Date(Date.now() + 15 * 60_000);
const inventory = createInventoryService();
/** How far the API's clock is ahead of now: product pages are as fresh as listings, so a test moves it past their snapshot's minute. */
let ahead = 0;
const aMinuteOn = () => (ahead += LISTING_SNAPSHOT_TTL_MS);

beforeAll(async () => {
  api = await startTestApi({ clock: { now: () => new Date(Date.now() + ahead) } });
  db = api.database.db;
});
afterAll(() => api.close());

const hold = (basketId: string, sku: string, quantity: number) =>
  db.transaction((tx) => inventory.reserveStock({ db: tx }, basketId, [{ sku, quantity, productName: 'Basin mixer' }], later(), new Date()));

describe('what can be sold', () => {
  it("is one definition: a payment's hold keeps the stock from other baskets, but not from the basket paying", async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10 and not p.is_bundle`, 7);
    await setStock(db, sku, 'in_stock', 3);
    const basket = createBasketClient({ baseUrl: api.serviceUrl('basket') });
    const paying = await basket.createBasket({ body: { sku, quantity: 2 } });
    await hold(paying.basketId, sku, 2);

    expect((await inventory.availabilityOf({ db }, [sku])).get(sku)).toMatchObject({ status: 'in_stock', sellable: 1 });
    expect((await inventory.availabilityOf({ db }, [sku], { heldBy: paying.basketId })).get(sku)).toMatchObject({ sellable: 3 });
    // Another shopper can have only the one nobody holds; the basket paying still has its two.
    const refused = await failure(basket.createBasket({ body: { sku, quantity: 2 } }));
    expect(refused).toMatchObject({ status: 422, code: 'BASKET_QUANTITY_ABOVE_STOCK' });
    expect(refused.message).toContain('Only 1 of');
    const other = await basket.createBasket({ body: { sku, quantity: 1 } });
    expect(other.lines[0]).toMatchObject({ available: true, maxQuantity: 1 });
    expect((await basket.getBasket({ params: { basketId: paying.basketId } })).lines[0]).toMatchObject({ available: true, maxQuantity: 3 });

    await db.transaction((tx) => inventory.releaseReservations({ db: tx }, paying.basketId));
    expect((await basket.getBasket({ params: { basketId: other.basketId } })).lines[0]).toMatchObject({ maxQuantity: 3 });
  });

  it('shows on product pages (within their minute) and in delivery options as inventory has it, a sku with no stock record out of stock', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10 and not p.is_bundle`, 9);
    const catalogue = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
    const delivery = createDeliveryClient({ baseUrl: api.serviceUrl('delivery') });
    const offering = async () => (await catalogue.getProductSummaryBySku({ query: { sku } })).offerings.find((entry) => entry.sku === sku)!;
    expect((await offering()).stockStatus).toEqual({ status: 'in_stock', eta: null });
    await db.execute(sql`update stock_levels set status = 'made_to_order', eta = '2031-03-03' where sku = ${sku}`);
    aMinuteOn();
    expect((await offering()).stockStatus).toEqual({ status: 'made_to_order', eta: '2031-03-03' });
    expect((await delivery.getProductDeliveryOptions({ body: { sku, quantity: 1 } })).stockStatus).toBe('made_to_order');
    await db.execute(sql`delete from stock_levels where sku = ${sku}`);
    aMinuteOn();
    expect((await offering()).stockStatus).toEqual({ status: 'out_of_stock', eta: null });
    expect((await delivery.getProductDeliveryOptions({ body: { sku, quantity: 1 } })).stockStatus).toBe('out_of_stock');
  });
});

/**
 * `availability()` and the SQL a basket's save sends (`stockCheck`'s `short`, decision 0116) are one rule written twice:
 * over random stock rows — each status, any counts, part of `reserved` the asking basket's own — the statement says a
 * wanted quantity is short exactly when `availability()` says fewer can be sold, and its `counts` read back the same.
 */
describe('the stock check a statement carries', () => {
  it('agrees with availability() for every status, count and hold', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and not p.is_bundle`, 11);
    const missing = 'NO-STOCK-ROW-SKU';
    const asker = 'basket-agreement';
    const row = fc.record({
      status: fc.constantFrom(...STOCK_STATUSES),
      onHand: fc.integer({ min: 0, max: 12 }),
      committed: fc.integer({ min: 0, max: 12 }),
      othersHold: fc.integer({ min: 0, max: 6 }),
      askerHolds: fc.integer({ min: 0, max: 6 }),
      wanted: fc.integer({ min: 1, max: 14 }),
      rowExists: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(row, async ({ status, onHand, committed, othersHold, askerHolds, wanted, rowExists }) => {
        const target = rowExists ? sku : missing;
        await db.transaction(async (tx) => {
          await tx.execute(sql`update stock_levels set status = ${status}, eta = null, on_hand = ${onHand}, committed = ${committed},
            reserved = ${othersHold + askerHolds} where sku = ${sku}`);
          await tx.execute(sql`delete from stock_reservations where basket_id = ${asker}`);
          if (askerHolds > 0)
            await tx.execute(sql`insert into stock_reservations (basket_id, sku, quantity, expires_at)
              values (${asker}, ${sku}, ${askerHolds}, ${later().toISOString()}::timestamptz)`);
        });
        const check = inventory.stockCheck([target], [{ sku: target, quantity: wanted }], asker);
        const result = (await db.execute(sql`select ${check.short} as short, ${check.counts} as counts`)) as unknown as {
          rows: { short: boolean; counts: unknown }[];
        };
        const { short, counts } = result.rows[0]!;
        const expected = availability(
          target,
          rowExists ? { status, eta: null, onHand, committed, reserved: othersHold + askerHolds, heldByAsker: askerHolds } : undefined,
        );
        expect(check.read(counts).get(target)).toEqual(expected);
        expect(short).toBe(expected.sellable < wanted);
      }),
      { numRuns: 150 },
    );
    await db.execute(sql`delete from stock_reservations where basket_id = ${asker}`);
  });
});
