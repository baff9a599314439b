/**
 * Holds that ran out are given back on a schedule too (docs/domain.md §3), so stock an abandoned
 * payment held goes back on sale even when nobody starts paying for that sku: a payment start gives
 * back the run-out holds of its own skus at once (`reserveStock`), this job the rest. It also moves
 * the holds of orders placed since it last ran from their stock rows' reserved count to committed
 * (decision 0161): placing leaves the stock row alone.
 */
import type { Job } from '../../platform/jobs.ts';
import type { InventoryService } from './inventory.service.ts';

/** Holds one batch gives back at most; a full batch is followed at once by the next. */
const BATCH = 500;

/** Named in the `JOBS` setting. Instances running it together never take the same hold (`SKIP LOCKED`). */
export const STOCK_HOLD_EXPIRY_JOB = 'stock-hold-expiry';

export function stockHoldExpiryJob(inventory: Pick<InventoryService, 'releaseExpired' | 'countCommittedHolds'>): Job {
  return {
    name: STOCK_HOLD_EXPIRY_JOB,
    // A hold lasts 15 minutes: half a minute more before its stock is on sale again is nothing to a shopper.
    everyMs: 30_000,
    batchSize: BATCH,
    runOnce: async ({ db, clock }) => {
      const released = await inventory.releaseExpired({ db }, clock.now(), BATCH);
      const counted = await inventory.countCommittedHolds({ db }, BATCH);
      // Either batch full: the next run follows at once.
      return { claimed: Math.max(released, counted) };
    },
  };
}
