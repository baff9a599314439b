import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCatalogueClient, createDeliveryClient } from '@shop/api-client';
import type { Database } from '../../db/client.ts';
import { findSeededSku, setStock } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { LISTING_SNAPSHOT_TTL_MS } from '../search/testing.ts';
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
