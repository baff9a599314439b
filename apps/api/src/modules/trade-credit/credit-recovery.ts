/**
 * Credits on account whose answer was lost and whose webhook never came (decision 0115): after a while the shop finishes
 * them itself, on the path staff repeating the action take, so the refund does not wait for anyone to remember it.
 */
import type { ServiceContext } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { TradeCreditDeps } from './trade-credit.deps.ts';

/** Named in the `JOBS` setting. */
export const CREDIT_RECOVERY_JOB = 'credit-recovery';
/** A credit still pending this long after it was asked for: the provider's webhook (usually seconds) and staff have had their chance. */
export const CREDIT_RECOVERY_AFTER_MS = 15 * 60_000;
/** A batch holds what it claimed this long; a credit the provider still does not answer is asked about again after it. */
export const CREDIT_RECOVERY_LEASE_MS = 5 * 60_000;
export const CREDIT_RECOVERY_BATCH = 50;

export interface CreditRecoveryService {
  /** One batch of the job: pending credits on account claimed and finished, how many of each. */
  finishLostCredits(ctx: Pick<ServiceContext, 'db' | 'clock' | 'log'>, batch?: number): Promise<{ claimed: number; settled: number }>;
  /** How many credits on account have been pending past the interval, the job's to finish (one Two has not answered yet included). */
  lostCreditsWaiting(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<number>;
}

export function createCreditRecovery(deps: TradeCreditDeps): CreditRecoveryService {
  return {
    async finishLostCredits(ctx, batch = CREDIT_RECOVERY_BATCH) {
      const now = ctx.clock.now().getTime();
      const done = await deps.orders.finishPendingCredits(ctx, {
        pendingSince: new Date(now - CREDIT_RECOVERY_AFTER_MS),
        leaseUntil: new Date(now + CREDIT_RECOVERY_LEASE_MS),
        limit: batch,
      });
      if (done.settled > 0) ctx.log.info(done, 'credits on account whose answers were lost were settled');
      return done;
    },
    lostCreditsWaiting: (ctx) => deps.orders.countPendingCredits(ctx, new Date(ctx.clock.now().getTime() - CREDIT_RECOVERY_AFTER_MS)),
  };
}

/**
 * The job as staff's operations page sees it: the credits waiting for it. It never gives one up (the refund may have been
 * credited), so there is nothing to send round again.
 */
export const creditRecoveryQueue = (recovery: Pick<CreditRecoveryService, 'lostCreditsWaiting'>): JobQueue => ({
  inspect: async (ctx) => ({ waiting: await recovery.lostCreditsWaiting(ctx), failed: [] }),
  retry: async () => 'unknown',
});
