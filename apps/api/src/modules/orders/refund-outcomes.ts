/**
 * What a refund that has gone through does (`refunds.ts` asks for it; `refund-webhooks.ts` hears of
 * it): settled once from pending, the order cancelled, refunded in full or noted in part, a refund
 * made at the provider's dashboard booked against the payment it came from, and the customer told.
 */
import { formatPenceShort } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { Refund } from '../payments/index.ts';
import { orderCancelledEmail, orderRefundedEmail } from './order-emails.ts';
import { reread } from './order-view.ts';
import * as repository from './orders.repository.ts';
import type { OrderRefundRow, OrderRow } from './orders.repository.ts';
import type { OrdersDeps } from './orders.deps.ts';

/** The service's dependencies with the shop's address (for e-mails). */
type Effects = OrdersDeps;

/** Step 3, under the order's lock: the refund succeeded; its effects happen once, whoever settles it first. */
export async function settle(deps: Effects, db: Transaction, order: OrderRow, refund: OrderRefundRow, gatewayRef: string | null, now: Date): Promise<void> {
  if (!(await repository.markRefundSucceeded(db, refund, gatewayRef, now))) return;
  await refunded(deps, db, { ...order, refundedPence: order.refundedPence + refund.amountPence }, refund, now);
}

/** What a succeeded refund does to the order: cancels it, moves it to refunded (all of it back), or notes a part. */
export async function refunded(deps: Effects, db: Transaction, order: OrderRow, refund: OrderRefundRow, now: Date): Promise<void> {
  if (refund.kind === 'cancellation') {
    await cancelled(deps, db, order, { reason: refund.reason, actor: refund.actor, refundedPence: refund.amountPence }, now);
    return;
  }
  const full = order.refundedPence >= order.capturedPence;
  const note = `${full ? 'Refunded in full' : 'Partial refund'}: ${formatPenceShort(refund.amountPence)}. ${refund.reason}`;
  if (full) await repository.recordStatus(db, order, { status: 'refunded', note, actor: refund.actor }, now);
  else await repository.recordRefundEntry(db, order, { note, actor: refund.actor }, now);
  const after = await reread(db, order, 'customer');
  const email = orderRefundedEmail(deps, after, deps.publicUrl, refund.amountPence);
  await deps.notifications.enqueueEmail({ db }, { to: after.emailAddress, ...email, template: 'order.refunded', dedupeKey: `order.refunded:${refund.id}` });
}

/** Cancelled before dispatch: the committed stock is available again, a discount code is given back (decision 0010), the customer told. */
export async function cancelled(
  deps: Effects,
  db: Transaction,
  order: OrderRow,
  given: { reason: string; actor: string | null; refundedPence: number },
  now: Date,
): Promise<void> {
  await deps.inventory.releaseCommitted({ db }, order.basketId);
  const claim = await deps.discounts.giveBackDiscountClaim({ db }, order.id);
  const refundNote = given.refundedPence > 0 ? ` Refunded ${formatPenceShort(given.refundedPence)}.` : '';
  const codeNote = claim && order.discountCode ? ` Discount code ${order.discountCode} given back.` : '';
  const reason = /[.!?]$/.test(given.reason) ? given.reason : `${given.reason}.`;
  await repository.recordStatus(db, order, { status: 'cancelled', note: `${reason}${refundNote}${codeNote}`, actor: given.actor }, now);
  const after = await reread(db, order, 'customer');
  const email = orderCancelledEmail(deps, after, deps.publicUrl, { refundedPence: given.refundedPence, discountCodeBack: claim !== null });
  await deps.notifications.enqueueEmail({ db }, { to: after.emailAddress, ...email, template: 'order.cancelled', dedupeKey: `order.cancelled:${order.id}` });
}

/**
 * Refunded at the provider directly (its dashboard), from any of the order's payments: booked against
 * the order with the payment it came from (so later refunds ask that payment only for what it has
 * left), and the customer told.
 */
export async function bookExternal(deps: Effects, db: Transaction, order: OrderRow, theirs: Refund, now: Date): Promise<void> {
  const refund = await repository.insertRefund(
    db,
    {
      orderId: order.id,
      kind: 'external',
      amountPence: theirs.amountPence,
      reason: 'Refunded at the payment provider',
      state: 'succeeded',
      gatewayRefundRef: theirs.id,
      providerParts: [{ intentRef: theirs.intentRef, refundRef: theirs.id, amountPence: theirs.amountPence, status: 'succeeded' }],
      actor: null,
      requestedAt: now,
      settledAt: now,
    },
    (sequence) => `order:${order.id}:external:${sequence}`,
  );
  await repository.addRefunded(db, order.id, theirs.amountPence, now);
  await refunded(deps, db, { ...order, refundedPence: order.refundedPence + theirs.amountPence }, refund, now);
}
