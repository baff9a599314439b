/**
 * Credits on account whose answer was lost and whose provider webhook never came either (decision 0115): a batch of
 * the refunds of orders paid on account still pending after a while is claimed (a lease, so instances sharing the
 * database never take the same one) and each is finished as staff repeating the action would finish it, the provider
 * asked again with the refund's own key (`finishPendingRefund`, decision 0113): nothing is credited twice.
 */
import type { ServiceContext } from '../../platform/context.ts';
import type { OrdersDeps } from './orders.deps.ts';
import * as repository from './orders.repository.ts';
import { finishPendingRefund } from './refunds.ts';

/** Which pending credits a batch takes, and until when it holds them (also the pause before trying one again). */
export interface PendingCreditsClaim {
  /** Only credits asked for before this: the provider's webhook and staff have had their chance. */
  pendingSince: Date;
  leaseUntil: Date;
  limit: number;
}

export async function finishPendingCredits(
  deps: OrdersDeps,
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'log'>,
  claim: PendingCreditsClaim,
): Promise<{ claimed: number; settled: number }> {
  const due = await repository.claimPendingCredits(ctx.db, { ...claim, now: ctx.clock.now() });
  let settled = 0;
  for (const refund of due) {
    try {
      // No one's action: the refund's history keeps the name of whoever asked for it.
      if (await finishPendingRefund(deps, { ...ctx, actor: null }, refund.orderId)) settled += 1;
    } catch (error) {
      // The provider unreachable again (still pending, tried after the lease) or refusing (marked failed by the same path).
      ctx.log.warn({ err: error, refund: refund.id }, 'a pending credit on account could not be finished now');
    }
  }
  return { claimed: due.length, settled };
}
