/**
 * Nothing lost, nobody charged twice: a payment the gateway confirms is noted by the webhook (in the
 * transaction that records the event), and this worker makes each note an order, by the same
 * completePayment the shopper's browser calls, or a refund. It covers a crash or lost connection
 * between the payment and the order, and a shopper who closed the tab while the bank said yes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import type { PaymentEventHandler } from '../payments/index.ts';
import * as repository from './checkout.repository.ts';
import { completePayment, refundUnplaced, type PaymentDeps } from './payment.ts';

/** A browser that is still on the page gets the first go; the worker steps in after this (`PAYMENT_RECOVERY_GRACE_SECONDS`). */
export const RECOVERY_GRACE_MS = 30_000;
const RETRY_MS = 60_000;

/** The webhook's part: a succeeded payment is noted, due once the shopper's browser has had `graceMs` to place the order. */
export const notePaidIntents =
  (graceMs = RECOVERY_GRACE_MS): PaymentEventHandler =>
  async ({ event, intent }, { db, clock }) => {
    if (event.type !== 'payment_intent.succeeded' || intent?.status !== 'succeeded') return;
    const basketId = intent.metadata.basketId;
    if (!basketId) return;
    await repository.notePaidIntent(db, intent.id, basketId, new Date(clock.now().getTime() + graceMs));
  };

/** Notes claimed at a time, and how long a claim holds: a worker that crashed mid-batch loses its notes after this. */
const BATCH = 100;
const LEASE_MS = 2 * 60_000;

/**
 * One batch: claims up to `batch` due notes (leased, so two instances never settle the same note at
 * once) and settles them. Most are for payments the shopper's browser already made an order of:
 * those are closed with one more statement, and only the rest are settled one by one.
 */
export async function recoverDue(
  db: Database | Transaction,
  clock: Clock,
  deps: PaymentDeps,
  log?: FastifyBaseLogger,
  batch = BATCH,
): Promise<{ claimed: number; settled: number }> {
  const due = await repository.claimDueRecoveries(db, clock.now(), LEASE_MS, batch);
  if (due.length === 0) return { claimed: 0, settled: 0 };
  const ordered = await deps.orders.paymentsWithOrders(
    { db },
    due.map((note) => note.intentRef),
  );
  if (ordered.size > 0) await repository.finishRecoveries(db, [...ordered], 'order', clock.now());
  let settled = ordered.size;
  for (const note of due.filter((entry) => !ordered.has(entry.intentRef))) {
    try {
      const outcome = await settle(db, clock, deps, note.intentRef, note.basketId, log);
      await repository.finishRecoveries(db, [note.intentRef], outcome, clock.now());
      settled += 1;
    } catch (error) {
      log?.error({ err: error, intent: note.intentRef }, 'payment recovery failed; will retry');
      await repository.retryRecoveryLater(
        db,
        note.intentRef,
        error instanceof Error ? error.message : String(error),
        new Date(clock.now().getTime() + RETRY_MS),
      );
    }
  }
  return { claimed: due.length, settled };
}

/** Payment recovery as a job of the platform's runner: every five seconds, straight away again while batches come back full. */
export function paymentRecoveryJob(runOnce: Job['runOnce']): Job {
  return { name: 'payment-recovery', everyMs: 5_000, batchSize: BATCH, runOnce };
}

async function settle(
  db: Database | Transaction,
  clock: Clock,
  deps: PaymentDeps,
  intentRef: string,
  basketId: string,
  log?: FastifyBaseLogger,
): Promise<string> {
  const hasOrder = async (ref: string) => (await deps.orders.paymentsWithOrders({ db }, [ref])).has(ref);
  if (await hasOrder(intentRef)) return 'order';
  const checkout = await repository.findCheckout(db, basketId);
  if (!checkout || checkout.paymentIntentRef !== intentRef) {
    // The order and the removal of its checkout commit together: placed since the first look, it is here now.
    if (await hasOrder(intentRef)) return 'order';
    // Paid for a basket that is gone or moved on to another payment: give the money back.
    const refund = await refundUnplaced({ log }, intentRef, deps);
    return refund === 'succeeded' ? 'refunded' : `refund ${refund}`;
  }
  try {
    await completePayment(deps, { db, clock, actor: checkout.payer ?? null, log }, basketId);
    return 'order';
  } catch (error) {
    // completePayment refunds what cannot become an order, then says why.
    if (error instanceof AppError) return `refused: ${error.code}`;
    throw error;
  }
}
