import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@shop/api-client';
import { confirmLikeTheFrame, TEST_CARDS } from '../modules/payments/testing.ts';
import { invariantViolations } from './order-invariants.ts';
import { readyToPay } from './ready-to-pay.ts';
import { findSeededSku, type SeededSku } from './seeded-skus.ts';
import { startTestApi, type TestApi } from './test-api.ts';

/**
 * PostgreSQL restarted while shoppers are paying (docs/operations.md): a server of the test's own
 * (initdb into a temporary folder, on a port of its own), so the suite's shared server is never
 * stopped. While it is down the shop answers 503 with Retry-After, never another 5xx; it recovers
 * by itself (no restart of the shop); and every payment that succeeded has exactly one order, the
 * shoppers having retried as the 503 (or a 409 "still being processed") asks.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const run = promisify(execFile);
const SHOPPERS = 4;
const ORDERS_EACH = 4;

let bin = '';
let folder = '';
let port = 0;
let shop: TestApi;
let sku: SeededSku;

/** PostgreSQL's own tools refuse to run as root: there, they run as its `postgres` user. */
const asServerUser = (tool: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
const serverControl = (action: 'start' | 'stop') =>
  asServerUser('pg_ctl', [
    action,
    '--wait',
    '--pgdata',
    path.join(folder, 'data'),
    ...(action === 'stop' ? ['--mode', 'fast'] : ['--log', path.join(folder, 'server.log')]),
    ...(action === 'start' ? ['--options', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`] : []),
  ]);

beforeAll(async () => {
  if (!onPostgres) return;
  bin = (await run('pg_config', ['--bindir'])).stdout.trim();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'plumbline-restart-'));
  if (process.getuid?.() === 0) await run('chown', ['postgres', folder]);
  await asServerUser('initdb', ['--pgdata', path.join(folder, 'data'), '--auth', 'trust', '--username', 'postgres', '--no-sync']);
  port = await freePort();
  await serverControl('start');
  // The test's databases on its own server (createTestDatabase reads DATABASE_URL as it is called).
  const suiteServer = process.env.DATABASE_URL;
  process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    shop = await startTestApi({ env: { SANDBOX_WEBHOOK_CHAOS: 'off', DATABASE_CONNECT_TIMEOUT_MS: '2000' } });
  } finally {
    process.env.DATABASE_URL = suiteServer;
  }
  sku = await findSeededSku(shop.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 40`);
}, 300_000);
afterAll(async () => {
  if (!onPostgres) return;
  await shop?.close().catch(() => {});
  await serverControl('stop').catch(() => {});
  fs.rmSync(folder, { recursive: true, force: true });
});

describe.runIf(onPostgres)('PostgreSQL restarted while shoppers pay', () => {
  it('answers 503 while it is down, recovers by itself, and loses no order whose payment succeeded', async () => {
    const seen = { unavailable: 0, placed: 0 };
    /** A step as a shopper's page takes it: a 503 is tried again (as its Retry-After asks, sooner here); anything else fails the test. */
    const answered = async <T>(step: () => Promise<T>): Promise<T> => {
      for (;;) {
        try {
          return await step();
        } catch (error) {
          if (!(error instanceof ApiError) || !(error.status === 503 || error.code === 'IDEMPOTENCY_IN_PROGRESS')) throw error;
          seen.unavailable += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const shopper = async () => {
      for (let count = 0; count < ORDERS_EACH; count += 1) {
        const { checkout, params } = await answered(() => readyToPay(shop, sku.sku));
        const intent = await answered(() => checkout.createPaymentIntent({ params, body: {} }));
        const idempotencyKey = `restart-${intent.intentId}`;
        const confirm = () =>
          confirmLikeTheFrame(shop.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds }, { idempotencyKey });
        for (let answer = await confirm(); answer.status !== 200; answer = await confirm()) {
          // A confirmation cut off by the outage is freed for its retry once the database is back; until then it
          // is "still being processed. Try again in a moment" (409), as a retry that overtakes the first is.
          const what = answer.status === 409 ? `409 ${(answer.body as { code?: string } | null)?.code}` : String(answer.status);
          expect(['503', '409 IDEMPOTENCY_IN_PROGRESS']).toContain(what);
          seen.unavailable += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await answered(() => checkout.completePayment({ params }));
        seen.placed += 1;
      }
    };

    const shoppers = Array.from({ length: SHOPPERS }, () => shopper());
    // Mid-load: once orders are being placed, the server stops; it starts again once the shop has said it is unavailable.
    await expect.poll(() => seen.placed, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
    await serverControl('stop');
    await expect.poll(() => seen.unavailable, { timeout: 60_000 }).toBeGreaterThan(0);
    const ready = await fetch(`${shop.origin}/readyz`);
    expect(ready.status).toBe(503);
    await serverControl('start');
    await Promise.all(shoppers);

    // It recovered by itself: ready again, and every shopper's orders placed.
    await expect.poll(async () => (await fetch(`${shop.origin}/readyz`)).status, { timeout: 30_000 }).toBe(200);
    expect(seen.placed).toBe(SHOPPERS * ORDERS_EACH);
    // No payment that succeeded is without its order; no order, payment or stock rule broken.
    const orphaned = (await shop.database.db.execute(sql`
      select i.id from sandbox_intents i where i.status = 'succeeded'
        and not exists (select 1 from orders o where o.payment_intent_ref = i.id)`)) as unknown as { rows: unknown[] };
    expect(orphaned.rows).toEqual([]);
    expect(await invariantViolations(shop.database.db)).toEqual({});
  }, 300_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
