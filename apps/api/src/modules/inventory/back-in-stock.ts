import type { Job } from '../../platform/jobs.ts';
import { BACK_IN_STOCK_BATCH } from './stock-notices.ts';
import type { RestockService } from './restock.service.ts';

/** Named in the `JOBS` setting. Instances running it together never send one notice twice (`claimWaitingNotices`). */
export const BACK_IN_STOCK_JOB = 'back-in-stock-notices';

export function backInStockJob(restock: Pick<RestockService, 'sendDueNotices'>): Job {
  return {
    name: BACK_IN_STOCK_JOB,
    // Soon after a restock, yet one cheap read (a partial index) when nothing waits.
    everyMs: 10_000,
    batchSize: BACK_IN_STOCK_BATCH,
    runOnce: ({ db, clock }) => restock.sendDueNotices({ db, clock }),
  };
}
