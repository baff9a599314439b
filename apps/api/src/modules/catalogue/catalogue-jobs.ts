/**
 * The catalogue's scheduled work: was-prices age out as reductions run their course
 * (docs/domain.md §1), staff's scheduled prices start and end, best sellers follow what orders sold (§2) and "Frequently bought
 * together" what orders held together. Each runs at start-up, then
 * on their schedule; each works everything out afresh, so instances running them together agree.
 */
import type { Job } from '../../platform/jobs.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { UnitsSoldSince } from './popularity.ts';
import type { CoPurchasesSince } from './bought-together.ts';

/** Named in the `JOBS` setting. */
export const REFERENCE_PRICES_JOB = 'reference-prices';
export const BEST_SELLERS_JOB = 'best-sellers';
export const SCHEDULED_PRICES_JOB = 'scheduled-prices';
export const RANGE_IMPORTS_JOB = 'range-imports';
export const BOUGHT_TOGETHER_JOB = 'bought-together';
/** How often scheduled prices are started and ended: a scheduled price shows within this (and a change notice) of its time. */
export const SCHEDULED_PRICES_EVERY_MS = 30_000;

const HOUR_MS = 60 * 60 * 1000;

export function catalogueJobs(
  catalogue: Pick<
    CatalogueService,
    'refreshReferencePrices' | 'recountPopularity' | 'startAndEndScheduledPrices' | 'applyDueRangeImport' | 'recountBoughtTogether'
  >,
  fromOrders: { unitsSoldSince: UnitsSoldSince; coPurchasesSince: CoPurchasesSince },
): Job[] {
  return [
    // Hourly, so a "was" comes down within the hour its allowed period ends.
    { name: REFERENCE_PRICES_JOB, everyMs: HOUR_MS, runOnce: async (ctx) => ({ claimed: await catalogue.refreshReferencePrices(ctx) }) },
    // Staff's scheduled prices start and end on time, to within the period (decision 0086).
    {
      name: SCHEDULED_PRICES_JOB,
      everyMs: SCHEDULED_PRICES_EVERY_MS,
      runOnce: async (ctx) => ({ claimed: await catalogue.startAndEndScheduledPrices(ctx) }),
    },
    // Imports staff applied, one at a time per worker, each resumed where it was (decision 0093).
    { name: RANGE_IMPORTS_JOB, everyMs: 5_000, batchSize: 1, runOnce: async (ctx) => ({ claimed: await catalogue.applyDueRangeImport(ctx) }) },
    // A 90-day count moves slowly: every six hours is plenty.
    {
      name: BEST_SELLERS_JOB,
      everyMs: 6 * HOUR_MS,
      runOnce: async (ctx) => ({ claimed: await catalogue.recountPopularity(ctx, fromOrders.unitsSoldSince) }),
    },
    // A year of orders moves slowly too; each count replaces the last whole (decision 0117).
    {
      name: BOUGHT_TOGETHER_JOB,
      everyMs: 6 * HOUR_MS,
      runOnce: async (ctx) => ({ claimed: await catalogue.recountBoughtTogether(ctx, fromOrders.coPurchasesSince) }),
    },
  ];
}
