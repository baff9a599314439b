import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api.ts';
import { loadApiConfig } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { findSeededSku, setStock } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { STOCK_HOLD_EXPIRY_JOB } from './hold-expiry.ts';
import { createInventoryModule } from './index.ts';
import { createInventoryService } from './inventory.service.ts';

let api: TestApi;
let db: Database;
const now = new Date('2026-06-16T09:00:00Z');
const later = new Date(now.getTime() + 15 * 60_000);

beforeAll(async () => {
  api = await startTestApi();
  db = api.database.db;
});
afterAll(() => api.close());

const inventory = createInventoryService();
const inTx = <T>(run: (ctx: { db: Transaction }) => Promise<T>) => db.transaction((tx) => run({ db: tx }));
const levels = async (sku: string) => {
  const result = (await db.execute(sql`select on_hand, committed, reserved from stock_counts where sku = ${sku}`)) as unknown as {
    rows: { on_hand: number; committed: number; reserved: number }[];
  };
  return result.rows[0]!;
};

describe('stock holds', () => {
  it('hold, replace, commit and release, keeping on hand = available + committed + reserved', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`);
    await setStock(db, sku, 'in_stock', 10);
    await inTx((ctx) => inventory.reserveStock(ctx, 'basket-a', [{ sku, quantity: 3, productName: 'Tap' }], later, now));
    expect(await levels(sku)).toMatchObject({ on_hand: 10, committed: 0, reserved: 3 });
    // A second hold for the same basket replaces the first.
    await inTx((ctx) => inventory.reserveStock(ctx, 'basket-a', [{ sku, quantity: 4, productName: 'Tap' }], later, now));
    expect(await levels(sku)).toMatchObject({ reserved: 4 });
    expect(await inventory.heldFor({ db }, 'basket-a')).toEqual(new Map([[sku, 4]]));
    expect(await inTx((ctx) => inventory.commitReservations(ctx, 'basket-a', now))).toBe(true);
    expect(await levels(sku)).toMatchObject({ on_hand: 10, committed: 4, reserved: 0 });
    expect(await inTx((ctx) => inventory.commitReservations(ctx, 'basket-a', now))).toBe(false);

    await inTx((ctx) => inventory.reserveStock(ctx, 'basket-b', [{ sku, quantity: 6, productName: 'Tap' }], later, now));
    const refused = await inTx((ctx) => inventory.reserveStock(ctx, 'basket-c', [{ sku, quantity: 1, productName: 'Basin mixer' }], later, now)).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 409, code: 'OUT_OF_STOCK', message: expect.stringContaining('Basin mixer has just sold out') });
    await inTx((ctx) => inventory.releaseReservations(ctx, 'basket-b'));
    expect(await levels(sku)).toMatchObject({ committed: 4, reserved: 0 });
    expect(await inventory.stockInvariantViolations({ db }, [sku])).toEqual([]);
  });

  it('gives back part of a committed order (lines cancelled before dispatch), never more than it holds', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 7);
    await setStock(db, sku, 'in_stock', 10);
    await inTx((ctx) => inventory.reserveStock(ctx, 'basket-part', [{ sku, quantity: 3, productName: 'Tap' }], later, now));
    await inTx((ctx) => inventory.commitReservations(ctx, 'basket-part', now));
    expect(await inTx((ctx) => inventory.releaseCommittedLines(ctx, 'basket-part', [{ sku, quantity: 1 }]))).toEqual([{ sku, quantity: 1 }]);
    expect(await levels(sku)).toMatchObject({ committed: 2, reserved: 0 });
    expect(await inTx((ctx) => inventory.releaseCommittedLines(ctx, 'basket-part', [{ sku, quantity: 5 }]))).toEqual([{ sku, quantity: 2 }]);
    expect(await levels(sku)).toMatchObject({ committed: 0 });
    expect(await inTx((ctx) => inventory.releaseCommittedLines(ctx, 'basket-part', [{ sku, quantity: 1 }]))).toEqual([]);
    expect(await inventory.stockInvariantViolations({ db }, [sku])).toEqual([]);
  });

  it('releases holds that ran out, and will not commit them', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 5);
    await setStock(db, sku, 'in_stock', 5);
    await inTx((ctx) => inventory.reserveStock(ctx, 'basket-late', [{ sku, quantity: 2, productName: 'Tap' }], later, now));
    expect(await inTx((ctx) => inventory.commitReservations(ctx, 'basket-late', new Date(later.getTime() + 1)))).toBe(false);
    expect(await inventory.releaseExpired({ db }, new Date(later.getTime() + 1))).toBe(1);
    expect(await levels(sku)).toMatchObject({ reserved: 0, committed: 0 });
  });

  it('a payment start takes the last unit from a hold that ran out, never from one still running', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 13);
    await setStock(db, sku, 'low_stock', 1);
    await db.execute(sql`update stock_levels set reserved = 0 where sku = ${sku}`);
    const line = [{ sku, quantity: 1, productName: 'Last basin' }];
    await inTx((ctx) => inventory.reserveStock(ctx, 'basket-running', line, later, now));
    // Still running at `now`: another shopper is told it has gone, and the hold is untouched.
    const refused = await inTx((ctx) => inventory.reserveStock(ctx, 'basket-next', line, later, now)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, code: 'OUT_OF_STOCK', message: expect.stringContaining('Last basin has just sold out') });
    expect(await inventory.heldFor({ db }, 'basket-running')).toEqual(new Map([[sku, 1]]));
    // Once it has run out, the next shopper's start gives it back and holds the unit, in one transaction.
    await inTx((ctx) => inventory.reserveStock(ctx, 'basket-next', line, new Date(later.getTime() + 15 * 60_000), later));
    expect(await inventory.heldFor({ db }, 'basket-running')).toEqual(new Map());
    expect(await inventory.heldFor({ db }, 'basket-next')).toEqual(new Map([[sku, 1]]));
    expect(await levels(sku)).toMatchObject({ on_hand: 1, committed: 0, reserved: 1 });
  });

  it('needs no hold for made-to-order goods', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'made_to_order'`);
    await inTx((ctx) => inventory.reserveStock(ctx, 'basket-made', [{ sku, quantity: 50, productName: 'Vanity unit' }], later, now));
    expect(await inventory.heldFor({ db }, 'basket-made')).toEqual(new Map());
  });

  it('holds a basket’s quantity once however many holds for it race', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 7);
    await setStock(db, sku, 'in_stock', 40);
    await db.execute(sql`update stock_levels set reserved = 0 where sku = ${sku}`);
    await Promise.all(
      Array.from({ length: 20 }, () => inTx((ctx) => inventory.reserveStock(ctx, 'basket-twice', [{ sku, quantity: 2, productName: 'Tap' }], later, now))),
    );
    expect(await levels(sku)).toMatchObject({ on_hand: 40, reserved: 2 });
    expect(await inventory.heldFor({ db }, 'basket-twice')).toEqual(new Map([[sku, 2]]));
    expect(await inTx((ctx) => inventory.commitReservations(ctx, 'basket-twice', now))).toBe(true);
    expect(await levels(sku)).toMatchObject({ committed: 2, reserved: 0 });
  });

  it('gives the last unit to exactly one of fifty shoppers holding it at once', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock'`, 9);
    await setStock(db, sku, 'low_stock', 1);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        inTx((ctx) => inventory.reserveStock(ctx, `race-${index}`, [{ sku, quantity: 1, productName: 'Last basin' }], later, now)),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refusals).toHaveLength(49);
    expect(refusals.every((reason) => reason instanceof AppError && reason.code === 'OUT_OF_STOCK')).toBe(true);
    expect(await levels(sku)).toMatchObject({ on_hand: 1, reserved: 1 });
    expect(await inventory.stockInvariantViolations({ db })).toEqual([]);
  });
});

/** The stock row as stored, without `stock_counts`' correction for holds of orders placed lately. */
const storedRow = async (sku: string) => {
  const result = (await db.execute(sql`select xmin::text as version, committed, reserved from stock_levels where sku = ${sku}`)) as unknown as {
    rows: { version: string; committed: number; reserved: number }[];
  };
  return result.rows[0]!;
};

describe('an order’s holds counted as committed later (decision 0161)', () => {
  it('placing an order leaves the stock row alone; the job then moves its units from reserved to committed, once', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 15);
    await setStock(db, sku, 'in_stock', 10);
    await db.execute(sql`update stock_levels set reserved = 0, committed = 0 where sku = ${sku}`);
    await inTx((ctx) => inventory.reserveStock(ctx, 'counted-later', [{ sku, quantity: 3, productName: 'Tap' }], later, now));
    const held = await storedRow(sku);
    expect(await inTx((ctx) => inventory.commitReservations(ctx, 'counted-later', now))).toBe(true);
    // The very row version it was: no order waits on a best seller's row to place.
    expect(await storedRow(sku)).toEqual(held);
    expect(held).toMatchObject({ committed: 0, reserved: 3 });
    // Counted exactly, it is committed, and what can be sold is as it was.
    expect(await levels(sku)).toEqual({ on_hand: 10, committed: 3, reserved: 0 });
    expect(await inventory.stockRecord({ db }, sku)).toMatchObject({ onHand: 10, committed: 3, reserved: 0 });
    expect((await inventory.availabilityOf({ db }, [sku])).get(sku)).toMatchObject({ sellable: 7 });

    expect(await inventory.countCommittedHolds({ db }, 1000)).toBeGreaterThanOrEqual(1);
    expect(await storedRow(sku)).toMatchObject({ committed: 3, reserved: 0 });
    expect(await inventory.countCommittedHolds({ db }, 1000)).toBe(0);
    expect(await levels(sku)).toEqual({ on_hand: 10, committed: 3, reserved: 0 });
    expect(await inventory.stockInvariantViolations({ db }, [sku])).toEqual([]);
  });

  it('a cancellation before the job has run gives the units back from reserved, and after it from committed', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 16);
    await setStock(db, sku, 'in_stock', 10);
    await db.execute(sql`update stock_levels set reserved = 0, committed = 0 where sku = ${sku}`);
    for (const basketId of ['cancel-early', 'cancel-part']) {
      await inTx((ctx) => inventory.reserveStock(ctx, basketId, [{ sku, quantity: 3, productName: 'Tap' }], later, now));
      await inTx((ctx) => inventory.commitReservations(ctx, basketId, now));
    }
    expect(await storedRow(sku)).toMatchObject({ committed: 0, reserved: 6 });
    // One order cancelled whole, and one of the other's three, before the job runs.
    expect(await inTx((ctx) => inventory.releaseCommitted(ctx, 'cancel-early'))).toEqual([{ sku, quantity: 3 }]);
    expect(await inTx((ctx) => inventory.releaseCommittedLines(ctx, 'cancel-part', [{ sku, quantity: 1 }]))).toEqual([{ sku, quantity: 1 }]);
    expect(await storedRow(sku)).toMatchObject({ committed: 0, reserved: 2 });
    expect(await levels(sku)).toEqual({ on_hand: 10, committed: 2, reserved: 0 });
    // The rest once counted: the last one comes off committed.
    await inventory.countCommittedHolds({ db }, 1000);
    expect(await storedRow(sku)).toMatchObject({ committed: 2, reserved: 0 });
    expect(await inTx((ctx) => inventory.releaseCommittedLines(ctx, 'cancel-part', [{ sku, quantity: 5 }]))).toEqual([{ sku, quantity: 2 }]);
    expect(await storedRow(sku)).toMatchObject({ committed: 0, reserved: 0 });
    expect(await inTx((ctx) => inventory.releaseCommitted(ctx, 'cancel-early'))).toEqual([]);
    expect(await inventory.stockInvariantViolations({ db }, [sku])).toEqual([]);
  });

  it('orders, cancellations and the job racing on one sku leave it counted exactly', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 17);
    await setStock(db, sku, 'in_stock', 60);
    await db.execute(sql`update stock_levels set reserved = 0, committed = 0 where sku = ${sku}`);
    const baskets = Array.from({ length: 30 }, (_, index) => `counted-race-${index}`);
    for (const basketId of baskets) await inTx((ctx) => inventory.reserveStock(ctx, basketId, [{ sku, quantity: 2, productName: 'Tap' }], later, now));
    // Every order placed, a third of them cancelled whole and a third by one unit, with the job running between.
    await Promise.all([
      ...baskets.map(async (basketId, index) => {
        await inTx((ctx) => inventory.commitReservations(ctx, basketId, now));
        if (index % 3 === 0) await inTx((ctx) => inventory.releaseCommitted(ctx, basketId));
        if (index % 3 === 1) await inTx((ctx) => inventory.releaseCommittedLines(ctx, basketId, [{ sku, quantity: 1 }]));
      }),
      ...Array.from({ length: 10 }, () => inventory.countCommittedHolds({ db }, 7)),
    ]);
    // 10 orders of 2, and 10 of 1, still placed.
    expect(await levels(sku)).toEqual({ on_hand: 60, committed: 30, reserved: 0 });
    while ((await inventory.countCommittedHolds({ db }, 1000)) > 0);
    expect(await storedRow(sku)).toMatchObject({ committed: 30, reserved: 0 });
    expect(await inventory.stockInvariantViolations({ db }, [sku])).toEqual([]);
  });
});

describe('the stock-hold-expiry job', () => {
  // Before the holds above run out (`later`), so only this block's holds are due.
  const jobTime = new Date(now.getTime() - 60 * 60_000);
  const minutes = (count: number) => new Date(jobTime.getTime() + count * 60_000);
  const holdOne = (basketId: string, sku: string, quantity: number, expiresAt: Date) =>
    inTx((ctx) => inventory.reserveStock(ctx, basketId, [{ sku, quantity, productName: 'Tap' }], expiresAt, minutes(-20)));

  it('gives back the holds that ran out, with their stock, and leaves a payment still running alone', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 11);
    await setStock(db, sku, 'in_stock', 10);
    await db.execute(sql`update stock_levels set reserved = 0 where sku = ${sku}`);
    for (const basketId of ['job-gone-1', 'job-gone-2', 'job-gone-3']) await holdOne(basketId, sku, 2, minutes(-5));
    await holdOne('job-paying', sku, 1, minutes(10));
    // The orders placed above are counted first, so the batch below is this test's holds alone.
    await inventory.countCommittedHolds({ db }, 1000);
    expect(await levels(sku)).toMatchObject({ on_hand: 10, committed: 0, reserved: 7 });

    const job = createInventoryModule({ inventory, restock: api.app.composed.services.restock }).jobs!(api.app).find(
      (entry) => entry.name === STOCK_HOLD_EXPIRY_JOB,
    )!;
    expect(await job.runOnce({ db, clock: { now: () => jobTime }, log: api.app.log })).toEqual({ claimed: 3 });
    expect(await levels(sku)).toMatchObject({ on_hand: 10, committed: 0, reserved: 1 });
    for (const basketId of ['job-gone-1', 'job-gone-2', 'job-gone-3']) expect(await inventory.heldFor({ db }, basketId)).toEqual(new Map());
    expect(await inventory.heldFor({ db }, 'job-paying')).toEqual(new Map([[sku, 1]]));
    // Nothing more is due: the next batch claims nothing, and the payment still running can be placed.
    expect(await job.runOnce({ db, clock: { now: () => jobTime }, log: api.app.log })).toEqual({ claimed: 0 });
    expect(await inTx((ctx) => inventory.commitReservations(ctx, 'job-paying', jobTime))).toBe(true);
    expect(await levels(sku)).toMatchObject({ on_hand: 10, committed: 1, reserved: 0 });
    // The order placed is counted as committed on its stock row by the job's next batch.
    expect(await storedRow(sku)).toMatchObject({ committed: 0, reserved: 1 });
    expect(await job.runOnce({ db, clock: { now: () => jobTime }, log: api.app.log })).toEqual({ claimed: 1 });
    expect(await storedRow(sku)).toMatchObject({ committed: 1, reserved: 0 });
    expect(await inventory.stockInvariantViolations({ db }, [sku])).toEqual([]);
  });

  it('runs on the jobs runner of an instance whose JOBS names it', async () => {
    const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 10`, 12);
    await setStock(db, sku, 'in_stock', 4);
    await db.execute(sql`update stock_levels set reserved = 0 where sku = ${sku}`);
    await holdOne('job-runner-gone', sku, 3, minutes(-5));
    expect(await levels(sku)).toMatchObject({ reserved: 3 });
    // Another instance on this database, running only this job: its first batch runs as it starts.
    const config = loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: STOCK_HOLD_EXPIRY_JOB });
    const instance = await buildApi({ config, database: api.database, clock: { now: () => jobTime }, logger: false });
    try {
      await instance.ready();
      await expect.poll(() => inventory.heldFor({ db }, 'job-runner-gone'), { timeout: 10_000 }).toEqual(new Map());
      expect(await levels(sku)).toMatchObject({ on_hand: 4, committed: 0, reserved: 0 });
    } finally {
      await instance.close();
    }
  });
});
