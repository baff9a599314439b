import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderTrackingClient } from '@shop/api-client';
import { buildApi } from '../api.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../modules/payments/testing.ts';
import { readyToPay } from './ready-to-pay.ts';
import { findSeededSku, type SeededSku } from './seeded-skus.ts';
import { createEmptyPostgresDatabase } from './test-database.ts';
import { startTestApi, type TestApi } from './test-api.ts';

/**
 * The runbook's backup (docs/operations.md, "Back up and restore"): `pg_dump` of a shop that is
 * taking orders, restored with `pg_restore` into a new database, and a shop started on that. Every
 * order placed before the dump began is there, as its customer tracks it; an order placed while the
 * dump ran is either wholly there or not at all (the dump is one snapshot).
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const run = promisify(execFile);

let shop: TestApi;
let sku: SeededSku;
let restored: { database: DatabaseHandle; app: FastifyInstance; origin: string; drop: () => Promise<void> } | null = null;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'plumbline-backup-'));

beforeAll(async () => {
  if (!onPostgres) return;
  shop = await startTestApi({ env: { SANDBOX_WEBHOOK_CHAOS: 'off' } });
  sku = await findSeededSku(shop.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 40`);
}, 240_000);
afterAll(async () => {
  if (!onPostgres) return;
  if (restored) {
    await restored.app.close();
    await restored.database.close();
    await restored.drop();
  }
  await shop.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A guest's order through checkout on `shop` (sam@example.com's), paid with the sandbox's 4242 card. */
async function placeOrder(on: Pick<TestApi, 'serviceUrl' | 'origin'>) {
  const { checkout, params } = await readyToPay(on, sku.sku);
  const intent = await checkout.createPaymentIntent({ params, body: {} });
  await confirmLikeTheFrame(on.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
  const placed = await checkout.completePayment({ params });
  return { orderNumber: placed.orderNumber, email: 'sam@example.com', totalIncVat: placed.totalIncVat };
}

const trackOn = (baseUrl: string, order: { orderNumber: string; email: string }) =>
  createOrderTrackingClient({ baseUrl }).trackOrder({ params: { orderNumber: order.orderNumber, emailAddress: order.email } });

describe.runIf(onPostgres)('a backup of a running shop', () => {
  it('restored into a new database, starts a shop that shows every order placed before the dump', async () => {
    const before = [];
    for (let index = 0; index < 3; index += 1) before.push(await placeOrder(shop));

    // The dump runs while more orders are being placed.
    const named = (await shop.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const shopUrl = new URL(process.env.DATABASE_URL!);
    shopUrl.pathname = `/${named.rows[0]!.name}`;
    const orderCount = async (db: DatabaseHandle['db']) =>
      ((await db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const placedBefore = await orderCount(shop.database.db);
    const file = path.join(folder, 'shop.dump');
    const during = Promise.all([placeOrder(shop), placeOrder(shop)]);
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, shopUrl.toString()]);
    const placedDuring = await during;

    const target = await createEmptyPostgresDatabase('shop_restored');
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target.url, file]);
    const database = await openDatabase({ url: target.url, poolSize: 5 });
    const app = await buildApi({ config: shop.config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    restored = { database, app, origin, drop: target.drop };

    // Every order placed before the dump, as its customer sees it, on both shops alike.
    for (const order of before) {
      const [original, copy] = await Promise.all([trackOn(shop.serviceUrl('order-tracking'), order), trackOn(`${origin}/api/order-tracking`, order)]);
      expect(copy).toEqual(original);
      expect(copy.lines).toHaveLength(1);
      const total = (await database.db.execute(sql`select total_pence from orders where order_number = ${order.orderNumber}`)) as unknown as {
        rows: { total_pence: number }[];
      };
      expect(total.rows[0]?.total_pence).toBe(order.totalIncVat);
    }
    // Those placed during the dump: whole or absent, never an order without its lines.
    const withoutLines = (await database.db.execute(
      sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
    )) as unknown as { rows: { n: number }[] };
    expect(withoutLines.rows[0]!.n).toBe(0);
    const restoredCount = await orderCount(database.db);
    expect(restoredCount).toBeGreaterThanOrEqual(placedBefore);
    expect(restoredCount).toBeLessThanOrEqual(placedBefore + placedDuring.length);

    // The restored shop takes orders of its own.
    const next = await placeOrder({ origin, serviceUrl: (service) => `${origin}/api/${service}` });
    expect((await trackOn(`${origin}/api/order-tracking`, next)).orderNumber).toBe(next.orderNumber);
  }, 240_000);
});
