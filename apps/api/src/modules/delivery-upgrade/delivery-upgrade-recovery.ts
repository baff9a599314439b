/**
 * Nothing lost, nothing kept: a delivery upgrade's payment the gateway confirms is noted by its
 * webhook, and once the customer's window has had its chance this job settles the note. The
 * upgrade's own payment, still open: the upgrade is made with it, as the customer's "Pay" would have
 * (or, when it can no longer apply, refunded and the customer e-mailed, by the same completion). A
 * payment that is not the upgrade's own (a second way of paying that got through) is refunded.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, Clock } from '../../platform/context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job, JobContext } from '../../platform/jobs.ts';
import type { PaymentEventHandler } from '../payments/index.ts';
import { completeUpgrade, refundSecondPayment } from './delivery-upgrade-completion.ts';
import type { DeliveryUpgradeDeps } from './delivery-upgrade.deps.ts';
import * as repository from './delivery-upgrade.repository.ts';

/** The customer's window gets the first go; the job steps in after this. */
export const UPGRADE_RECOVERY_GRACE_MS = 60_000;
const LEASE_MS = 2 * 60_000;
const RETRY_MS = 60_000;
const BATCH = 50;

export const DELIVERY_UPGRADE_RECOVERY_JOB = 'delivery-upgrade-recovery';

/** Who the job acts as: order staff's rights to the order, recorded by this name in its history. */
const RECOVERY: Actor = { userId: 'payment-recovery', name: 'Payment recovery', roles: ['order-admin'] };

/** The webhook's part: a succeeded payment for an upgrade is noted, due once the window has had `graceMs`. */
export const noteUpgradePayments =
  (graceMs = UPGRADE_RECOVERY_GRACE_MS): PaymentEventHandler =>
  async ({ event, intent }, { db, clock }) => {
    if (event.type !== 'payment_intent.succeeded' || intent?.status !== 'succeeded') return;
    const { deliveryUpgradeId: upgradeId, orderNumber } = intent.metadata;
    if (!upgradeId || !orderNumber) return;
    await repository.notePayment(db, { intentRef: intent.id, upgradeId, orderNumber, dueAt: new Date(clock.now().getTime() + graceMs) });
  };

/** One batch of due notes, each settled: how many it claimed. */
export async function recoverUpgradePayments(deps: DeliveryUpgradeDeps, ctx: JobContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await repository.claimDueNotes(ctx.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
  for (const note of due) {
    try {
      await repository.settleNote(ctx.db, note.intentRef, await settle(deps, ctx, note), ctx.clock.now());
    } catch (error) {
      ctx.log.error({ err: error, intent: note.intentRef }, 'a delivery upgrade’s payment could not be settled; will retry');
      await repository.retryNoteAt(
        ctx.db,
        note.intentRef,
        new Date(ctx.clock.now().getTime() + RETRY_MS),
        error instanceof Error ? error.message : String(error),
      );
    }
  }
  return due.length;
}

async function settle(
  deps: DeliveryUpgradeDeps,
  ctx: { db: Database; clock: Clock; log: FastifyBaseLogger },
  note: { intentRef: string; upgradeId: string; orderNumber: string },
): Promise<string> {
  const row = await repository.findById(ctx.db, note.upgradeId);
  if (!row) return 'gone';
  if (row.paymentIntentRef !== note.intentRef) return (await refundSecondPayment(deps, note.upgradeId, note.intentRef)) ? 'refunded' : 'not taken';
  // Completed or refunded by the customer's own call meanwhile.
  if (row.state !== 'open') return row.state;
  try {
    await completeUpgrade(deps, { ...ctx, actor: RECOVERY }, note.orderNumber, { paid: true, paymentIntentId: note.intentRef });
    return 'completed';
  } catch (error) {
    // The completion refunds what can no longer apply, then says why.
    if (error instanceof AppError) return `refused: ${error.code}`;
    throw error;
  }
}

export function deliveryUpgradeRecoveryJob(recover: (ctx: JobContext) => Promise<number>): Job {
  return { name: DELIVERY_UPGRADE_RECOVERY_JOB, everyMs: 10_000, batchSize: BATCH, runOnce: async (ctx) => ({ claimed: await recover(ctx) }) };
}
