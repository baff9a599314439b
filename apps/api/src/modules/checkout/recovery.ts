/**
 * Nothing lost, nobody charged twice: a payment the gateway confirms is noted by the webhook (in the
 * transaction that records the event), and this worker makes each note an order, by the same
 * completePayment the shopper's browser calls, or a refund. It covers a crash or lost connection
 * between the payment and the order, and a shopper who closed the tab while the bank said yes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findOrderByPayment } from '../orders/index.ts';
import type { PaymentEventHandler } from '../payments/index.ts';
import * as repository from './checkout.repository.ts';
import { completePayment, type PaymentDeps } from './payment.ts';

/** A browser that is still on the page gets the first go; the worker steps in after this. */
export const RECOVERY_GRACE_MS = 30_000;
const RETRY_MS = 60_000;

export const notePaidIntents: PaymentEventHandler = async ({ event, intent }, { db, clock }) => {
  if (event.type !== 'payment_intent.succeeded' || intent?.status !== 'succeeded') return;
  const basketId = intent.metadata.basketId;
  if (!basketId) return;
  await repository.notePaidIntent(db, intent.id, basketId, new Date(clock.now().getTime() + RECOVERY_GRACE_MS));
};

/** Works through the notes that are due; returns how many it settled. */
export async function runRecoveries(db: Database, clock: Clock, deps: PaymentDeps, log?: FastifyBaseLogger): Promise<number> {
  const now = clock.now();
  let settled = 0;
  for (const due of await repository.dueRecoveries(db, now, 20)) {
    try {
      const outcome = await settle(db, clock, deps, due.intentRef, due.basketId);
      await repository.finishRecovery(db, due.intentRef, outcome, clock.now());
      settled += 1;
    } catch (error) {
      log?.error({ err: error, intent: due.intentRef }, 'payment recovery failed; will retry');
      await repository.retryRecoveryLater(db, due.intentRef, error instanceof Error ? error.message : String(error), new Date(clock.now().getTime() + RETRY_MS));
    }
  }
  return settled;
}

async function settle(db: Database, clock: Clock, deps: PaymentDeps, intentRef: string, basketId: string): Promise<string> {
  if (await findOrderByPayment(db, intentRef)) return 'order';
  const checkout = await repository.findCheckout(db, basketId);
  if (!checkout || checkout.paymentIntentRef !== intentRef) {
    // Paid for a basket that is gone or moved on to another payment: give the money back.
    await deps.gateway.refund(intentRef, undefined, `refund:${intentRef}`);
    return 'refunded';
  }
  try {
    await completePayment({ db, clock, actor: checkout.payer ?? null }, basketId, deps);
    return 'order';
  } catch (error) {
    // completePayment refunds what cannot become an order, then says why.
    if (error instanceof AppError) return `refused: ${error.code}`;
    throw error;
  }
}

/** Runs the recoveries every few seconds until stopped. */
export function startRecoveryWorker(db: Database, clock: Clock, deps: PaymentDeps, log: FastifyBaseLogger, everyMs = 5_000) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runRecoveries(db, clock, deps, log).catch((error: unknown) => log.error({ err: error }, 'payment recoveries stopped'));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
