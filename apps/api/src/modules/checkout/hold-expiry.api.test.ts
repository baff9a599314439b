/**
 * Holds that ran out are given back without touching anyone's live hold (docs/domain.md §3): a
 * payment start gives back the run-out holds of its skus in the transaction that holds its own, and
 * inventory's job the rest, each only rows that ran out by its clock. Raced over real HTTP; on
 * PostgreSQL the starts and the job's batch overlap.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@shop/api-client';
import { readyToPay } from '../../testing/ready-to-pay.ts';
import { findSeededSku, setStock } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createInventoryService } from '../inventory/index.ts';
import { HOLD_MINUTES } from './payable.ts';

let api: TestApi;
const inventory = createInventoryService();
let clockOffsetMs = 0;

beforeAll(async () => {
  api = await startTestApi({
    clock: { now: () => new Date(Date.now() + clockOffsetMs) },
    // Hundreds of payment starts from one address in a minute.
    env: { SANDBOX_WEBHOOK_CHAOS: 'off', RATE_LIMIT_PER_MINUTE: '100000' },
  });
});
afterAll(() => api.close());

describe('holds that ran out, released while others pay', () => {
  it('never takes a fresh hold from a shopper, nor tells them a unit only they hold has gone', { timeout: 240_000 }, async () => {
    // Two skus of two units, two shoppers after one unit of each; each paid once and walked away.
    const shoppers = [];
    for (const offset of [20, 21]) {
      const { sku } = await findSeededSku(api.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle`, offset);
      await setStock(api.database.db, sku, 'low_stock', 2);
      await api.database.db.execute(sql`update stock_levels set reserved = 0 where sku = ${sku}`);
      for (let shopper = 0; shopper < 2; shopper++) shoppers.push({ sku, ...(await readyToPay(api, sku)) });
    }
    for (const shopper of shoppers) await shopper.checkout.createPaymentIntent({ params: shopper.params, body: {} });
    const skus = [...new Set(shoppers.map((shopper) => shopper.sku))];
    const releaseExpired = () => inventory.releaseExpired(api.database, new Date(Date.now() + clockOffsetMs));

    // Each round every hold has run out, all four come back to pay at once and a release of what
    // ran out (the job's batch) runs beside them: each start gives back what ran out on its sku
    // while the other shopper of that sku holds afresh. PGlite's one connection cannot race.
    const rounds = api.database.kind === 'postgres' ? 200 : 20;
    const counts = { freshHoldReleased: 0, toldItHadGone: 0, otherRefusals: [] as string[] };
    for (let round = 0; round < rounds; round++) {
      clockOffsetMs += (HOLD_MINUTES + 1) * 60_000;
      const starts = shoppers.map((shopper) => shopper.checkout.createPaymentIntent({ params: shopper.params, body: {} }));
      const [results, released] = await Promise.all([Promise.allSettled(starts), releaseExpired()]);
      expect(released).toBeGreaterThanOrEqual(0);
      let freshHoldReleased = false;
      let toldItHadGone = false;
      for (const [index, result] of results.entries()) {
        const shopper = shoppers[index]!;
        if (result.status === 'rejected') {
          const { status, code } = result.reason as ApiError;
          // Any refusal but "it has gone" is a failure of its own, counted apart.
          if (status === 409 && code === 'OUT_OF_STOCK') toldItHadGone = true;
          else counts.otherRefusals.push(`${status} ${code}`);
        } else if (!(await inventory.heldFor(api.database, shopper.params.basketId)).has(shopper.sku)) freshHoldReleased = true;
      }
      if (freshHoldReleased) counts.freshHoldReleased += 1;
      if (toldItHadGone) counts.toldItHadGone += 1;
      expect(await inventory.stockInvariantViolations(api.database, skus)).toEqual([]);
    }
    process.stdout.write(`holds that ran out (${api.database.kind}, ${rounds} rounds): ${JSON.stringify(counts)}\n`);
    expect(counts).toEqual({ freshHoldReleased: 0, toldItHadGone: 0, otherRefusals: [] });
    // Every shopper holds their unit now, once: on hand = available + committed + reserved.
    const levels = (await api.database.db.execute(
      sql`select sku, on_hand, committed, reserved from stock_counts where sku in (${sql.join(
        skus.map((sku) => sql`${sku}`),
        sql`, `,
      )})`,
    )) as unknown as { rows: { on_hand: number; committed: number; reserved: number }[] };
    expect(levels.rows).toHaveLength(2);
    for (const row of levels.rows) expect(row).toMatchObject({ on_hand: 2, committed: 0, reserved: 2 });
  });
});
