/**
 * A shopper's hot statements are planned once per connection, then run on the plan kept (decision
 * 0147): PostgreSQL makes a plan for each of a prepared statement's first five calls, then keeps its
 * generic plan unless that looks dearer. With a basket's skus as arrays it could see, it always did,
 * so adding to a basket, and each read of what it names, was planned afresh on every call, and
 * planning cost more than running. The counts are PostgreSQL's own (`pg_prepared_statements`, per
 * connection), so this runs on PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCheckoutClient } from '@shop/api-client';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
/** Calls on one connection after which the plan kept must be running. */
const PLANNED_CALLS = 5;
/** The statements of adding to a basket and checking out that name a basket's skus as a list. */
const HOT: Record<string, RegExp> = {
  'the basket saved with its stock checked (adding to a basket)': /^with updated as \(\s+update "baskets"/,
  'the sellable offerings of a basket': /from "offerings" inner join "products"/,
  'the stock of a basket': /^select s\.sku, s\.status, s\.eta::text as eta/,
};

let api: TestApi;
let sku: SeededSku;

beforeAll(async () => {
  if (!onPostgres) return;
  api = await startTestApi({ env: { SANDBOX_WEBHOOK_CHAOS: 'off' } });
  sku = await findSeededSku(
    api.database.db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 2000 and 6000 and s.on_hand >= 200`,
  );
}, 240_000);
afterAll(async () => api?.close());

/** What every connection of the pool has prepared, with how often PostgreSQL planned each afresh and how often it ran the kept plan. */
async function preparedStatements(): Promise<{ statement: string; custom: number; generic: number }[]> {
  const pool = (api.database as unknown as { pool: pg.Pool }).pool;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const rows = [];
    for (const client of clients) {
      const answer = await client.query<{ statement: string; custom: number; generic: number }>(
        'select statement, custom_plans::int as custom, generic_plans::int as generic from pg_prepared_statements',
      );
      rows.push(...answer.rows);
    }
    return rows;
  } finally {
    for (const client of clients) client.release();
  }
}

describe.runIf(onPostgres)('statements planned once per connection', () => {
  it('adds to a basket and checks out on plans kept, not made afresh for each call', async () => {
    const basket = createBasketClient({ baseUrl: api.serviceUrl('basket') });
    const checkout = createCheckoutClient({ baseUrl: api.serviceUrl('checkout') });
    // Adding one at a time, more often than the pool has connections times the calls planned afresh.
    const adding = await basket.createBasketWithItems({ body: { items: [{ sku: sku.sku, quantity: 1 }] } });
    for (let add = 0; add < 40; add++) await basket.addItem({ params: adding, body: { sku: sku.sku, quantity: 1 } });
    for (let round = 0; round < 8; round++) {
      const { basketId } = await basket.createBasketWithItems({ body: { items: [{ sku: sku.sku, quantity: 1 }] } });
      const params = { basketId };
      await basket.addItem({ params, body: { sku: sku.sku, quantity: 1 } });
      await checkout.setContactDetails({ params, body: { emailAddress: 'sam@example.com', firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' } });
      await checkout.setDeliveryDetails({ params, body: { address: { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } } });
      await checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
      await checkout.setDeliveryOption({ params, body: { code: 'standard' } });
      const intent = await checkout.createPaymentIntent({ params, body: {} });
      await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
      expect(await checkout.completePayment({ params })).toMatchObject({ status: 'placed' });
    }
    const prepared = await preparedStatements();
    for (const [what, text] of Object.entries(HOT)) {
      const often = prepared.filter((row) => text.test(row.statement) && row.custom + row.generic > PLANNED_CALLS);
      // Each ran often enough on some connection to be judged at all.
      expect({ what, judged: often.length > 0 }).toEqual({ what, judged: true });
      for (const row of often)
        expect({ what, plannedAtMost5: row.custom <= PLANNED_CALLS, kept: row.generic > 0 }).toEqual({ what, plannedAtMost5: true, kept: true });
    }
  });
});
