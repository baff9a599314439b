/**
 * The provider's refund events (`charge.refunded`, `charge.refund.updated`) for any of an order's
 * payments: the checkout payment, or a charge taken after placing (an order change's difference, a
 * delivery upgrade). Each comes in the transaction that records it, with the payment's refunds as the
 * provider has them now, and is handled under the order's lock. Each provider refund is one of:
 * - a share of one of ours we heard of (its id kept from the provider's answer): followed;
 * - a share of one of ours we never heard of (the answer was lost, or is still on its way while the
 *   webhook came first): known by being exactly the share ours takes from that payment, then followed;
 * - none of ours (made at the provider directly, its dashboard) and succeeded: booked as `external`.
 * Ours is recorded before the provider is asked, and committed, so under the lock a refund of ours
 * is always found (decision 0131). Matching by the provider's ids, not counting events, makes a
 * repeated or late event harmless.
 */
import type { FastifyBaseLogger } from 'fastify';
import { formatPenceShort } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import { REFUND_EVENT_TYPES, type PaymentEventHandler, type Refund } from '../payments/index.ts';
import * as repository from './orders.repository.ts';
import type { OrderRefundRow, OrderRow } from './orders.repository.ts';
import type { OrdersDeps } from './orders.deps.ts';
import { bookExternal, settle } from './refund-outcomes.ts';
import { sharesOf } from './refund-shares.ts';

interface Heard {
  deps: OrdersDeps;
  db: Transaction;
  order: OrderRow;
  now: Date;
  log: FastifyBaseLogger;
}

export function settleRefundsFromWebhook(deps: OrdersDeps): PaymentEventHandler {
  return async ({ event, intent, refunds }, { db, clock, log }) => {
    if (!REFUND_EVENT_TYPES.includes(event.type) || !intent || !refunds) return;
    const chargedFor = await repository.orderOfCharge(db, intent.id);
    const locked = await repository.lockOrder(db, chargedFor ? repository.byId(chargedFor) : repository.byPaymentIntent(intent.id));
    if (!locked) return; // a payment that never became an order (checkout refunds those itself)
    let order = locked;
    for (const theirs of refunds) {
      const ours = await repository.refundsOf(db, [locked.id]);
      const changed = await heardOf({ deps, db, order, now: clock.now(), log }, ours, { ...theirs, intentRef: intent.id });
      // Its refunded total and status moved: the next refund builds on them.
      if (changed) order = (await repository.findOrder(db, repository.byId(locked.id)))!;
    }
  };
}

/** One provider refund as it is now; true when the order's refunds changed. */
async function heardOf(at: Heard, ours: readonly OrderRefundRow[], theirs: Refund): Promise<boolean> {
  const shared = ours.find((refund) => refund.providerParts.some((part) => part.refundRef === theirs.id));
  if (shared) return followPart(at, shared, theirs);
  // Named by its id alone: a refund of the checkout payment made before each payment's share was kept.
  const named = ours.find((refund) => refund.gatewayRefundRef === theirs.id);
  if (named) return followNamed(at, named, theirs);
  if (theirs.status === 'failed') return false;
  const unheard = await unheardShare(at, ours, theirs);
  if (unheard) {
    const parts = [
      ...unheard.providerParts,
      { intentRef: theirs.intentRef, refundRef: theirs.id, amountPence: theirs.amountPence, status: 'pending' as const },
    ];
    await repository.setRefundParts(at.db, unheard.id, parts);
    // The checkout payment's refund is the one a refund is known by (`refunds.ts`).
    if (theirs.intentRef === at.order.paymentIntentRef) await repository.linkRefund(at.db, unheard.id, theirs.id);
    await followPart(at, { ...unheard, providerParts: parts, gatewayRefundRef: unheard.gatewayRefundRef ?? theirs.id }, theirs);
    return true;
  }
  if (theirs.status !== 'succeeded') return false;
  await bookExternal(at.deps, at.db, at.order, theirs, at.now);
  return true;
}

/**
 * The refund of ours `theirs` is a share of though its id never reached us: one not failed, with no
 * share of that payment heard yet, whose share of it (the same split the shop asked the provider
 * for) is exactly `theirs`'s amount; pending ones first. A succeeded one is a candidate only when it
 * kept no shares at all (made before they were kept). None: the provider refunded it directly.
 */
async function unheardShare(at: Heard, ours: readonly OrderRefundRow[], theirs: Refund): Promise<OrderRefundRow | undefined> {
  const checkout = theirs.intentRef === at.order.paymentIntentRef;
  const candidates = ours
    .filter((refund) => refund.kind !== 'external' && (refund.state === 'pending' || (refund.state === 'succeeded' && refund.providerParts.length === 0)))
    .filter((refund) => !refund.providerParts.some((part) => part.intentRef === theirs.intentRef) && !(checkout && refund.gatewayRefundRef !== null))
    .toSorted((a, b) => Number(b.state === 'pending') - Number(a.state === 'pending') || a.sequence - b.sequence);
  for (const refund of candidates) {
    const { parts } = await sharesOf(at.db, at.order, refund);
    if (parts.some((part) => part.ref === theirs.intentRef && part.amountPence === theirs.amountPence)) return refund;
  }
  return undefined;
}

/**
 * One payment's share of a refund, as the provider now has it: kept, then the refund follows its
 * shares (all of it heard and succeeded: settled; one failed while pending: failed, the order as it
 * was; one failed after it had succeeded: reversed). False when nothing changed.
 */
async function followPart(at: Heard, mine: OrderRefundRow, theirs: Refund): Promise<boolean> {
  const before = mine.providerParts.find((part) => part.refundRef === theirs.id)!;
  if (before.status === theirs.status) return false;
  const parts = mine.providerParts.map((part) => (part.refundRef === theirs.id ? { ...part, status: theirs.status } : part));
  await repository.setRefundParts(at.db, mine.id, parts);
  // A share heard only from its webhook may be one of several: the others are still to be heard of.
  const whole = parts.reduce((sum, part) => sum + part.amountPence, 0) >= mine.amountPence;
  if (mine.state === 'pending' && whole && parts.every((part) => part.status === 'succeeded'))
    await settle(at.deps, at.db, at.order, mine, mine.gatewayRefundRef ?? theirs.id, at.now);
  else if (mine.state === 'pending' && theirs.status === 'failed') await failed(at, mine);
  else if (mine.state === 'succeeded' && theirs.status === 'failed') await reversed(at, mine);
  return true;
}

/** A refund of ours known by its provider refund's id alone (no shares kept), as that refund now is. */
async function followNamed(at: Heard, mine: OrderRefundRow, theirs: Refund): Promise<boolean> {
  if (mine.state === 'pending' && theirs.status === 'succeeded') await settle(at.deps, at.db, at.order, mine, theirs.id, at.now);
  else if (mine.state === 'pending' && theirs.status === 'failed') await failed(at, mine);
  else if (mine.state === 'succeeded' && theirs.status === 'failed') await reversed(at, mine);
  else return false;
  return true;
}

const failed = (at: Heard, mine: OrderRefundRow) => repository.markRefundFailed(at.db, mine.id, 'The payment provider could not complete the refund.', at.now);

/** The card issuer sent a refund back after it succeeded: the money is with the shop again, and staff must act. */
async function reversed(at: Heard, refund: OrderRefundRow): Promise<void> {
  const { db, order, now, log } = at;
  const failure = 'The card issuer returned the refund after it was made: the customer has not been refunded.';
  if (!(await repository.markRefundReversed(db, refund, failure, now))) return;
  const note = `Refund of ${formatPenceShort(refund.amountPence)} failed at the payment provider: the customer has not been refunded. Refund them another way.`;
  await repository.recordRefundEntry(db, order, { note, actor: null }, now);
  log.error({ order: order.orderNumber, refund: refund.id }, 'a refund failed after it succeeded; the customer has not been refunded');
}
