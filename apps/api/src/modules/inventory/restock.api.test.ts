import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { findSeededSku, setStock } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createInventoryService } from './inventory.service.ts';

let api: TestApi;
let db: Database;
const inventory = createInventoryService();

beforeAll(async () => {
  api = await startTestApi();
  db = api.database.db;
});
afterAll(() => api.close());

describe('adding stock', () => {
  it('raises on hand, makes an out-of-stock sku sellable again and keeps on hand = available + committed + reserved', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and not p.is_bundle`, 11);
    await setStock(db, sku, 'out_of_stock', 0);
    expect((await inventory.availabilityOf({ db }, [sku])).get(sku)).toMatchObject({ status: 'out_of_stock', sellable: 0 });
    // Two deliveries booked at once both count.
    await Promise.all([inventory.addStock({ db }, sku, 2, new Date()), inventory.addStock({ db }, sku, 2, new Date())]);
    expect(await inventory.stockRecord({ db }, sku)).toMatchObject({ onHand: 4, status: 'low_stock' });
    expect((await inventory.availabilityOf({ db }, [sku])).get(sku)).toMatchObject({ status: 'low_stock', sellable: 4 });
    expect(await inventory.addStock({ db }, sku, 10, new Date())).toMatchObject({ onHand: 14, status: 'in_stock' });
    expect(await inventory.stockInvariantViolations({ db }, [sku])).toEqual([]);
  });

  it('leaves a made-to-order sku made to order', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'made_to_order' and not p.is_bundle`, 0);
    expect(await inventory.addStock({ db }, sku, 3, new Date())).toMatchObject({ status: 'made_to_order' });
  });
});
