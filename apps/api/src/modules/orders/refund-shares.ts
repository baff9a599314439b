/**
 * A refund's shares of the order's payments (the checkout payment, then each later change's or
 * delivery upgrade's charge): how much each is asked for after the order's earlier refunds, asking the
 * provider for each share, and keeping the provider's refunds it was taken from.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { Refund } from '../payments/index.ts';
import { allocateRefund, leftOn, type PaymentTaken } from './refund-allocation.ts';
import { orderAfterCredit } from './line-quantities.ts';
import * as repository from './orders.repository.ts';
import type { OrderRefundRow, OrderRow } from './orders.repository.ts';
import type { ProviderRefundPart } from './orders.tables.ts';
import { accountPaymentsOf, ON_ACCOUNT, type OrdersDeps } from './orders.deps.ts';

/**
 * Step 2 with the provider: the refund split across the order's payments (`refund-allocation.ts`:
 * a cancellation gives back later charges first, other refunds come from the checkout payment first),
 * each payment asked for at most what it has left after the order's earlier refunds, every request
 * keyed from the refund's key, so a retry splits it the same way and asks nothing twice. The answer
 * is the checkout payment's refund when there is one (its webhooks settle a pending one), else the
 * last; a failed one answers for all.
 */
export async function refundFromPayments(
  deps: OrdersDeps,
  ctx: { db: Database | Transaction; clock: Clock; log?: FastifyBaseLogger },
  order: OrderRow,
  refund: OrderRefundRow,
): Promise<{ answer: Refund; parts: ProviderRefundPart[] }> {
  const gateway = deps.payments.gateway();
  const { charges, parts, left } = await sharesOf(ctx.db, order, refund);
  let answer: Refund | null = null;
  const asked: ProviderRefundPart[] = [];
  for (const part of parts) {
    const charge = charges.find((candidate) => candidate.paymentIntentRef === part.ref);
    let outcome: Refund;
    if (charge) outcome = await gateway.refund(part.ref, part.amountPence, `${refund.idempotencyKey}:charge:${charge.id}`);
    // Paid on account: the provider credits the business's account instead of a card (its order edited before dispatch).
    else if (order.paymentMethod === ON_ACCOUNT) {
      const after = orderAfterCredit(order, await repository.linesOf(ctx.db, order.id), left.get(part.ref) ?? 0);
      outcome = await accountPaymentsOf(deps).refund(ctx, { orderRef: part.ref, amountPence: part.amountPence, idempotencyKey: refund.idempotencyKey, after });
    } else outcome = await gateway.refund(part.ref, part.amountPence, refund.idempotencyKey);
    asked.push({ intentRef: part.ref, refundRef: outcome.id, amountPence: outcome.amountPence, status: outcome.status });
    if (outcome.status === 'failed') return { answer: outcome, parts: asked };
    if (!charge || !answer || answer.intentRef !== order.paymentIntentRef) answer = outcome;
  }
  if (!answer) throw new Error(`No payment of order ${order.orderNumber} to refund ${refund.amountPence} from`);
  return { answer, parts: asked };
}

/**
 * Keeps the provider's refunds a refund was taken from (under the order's lock). Asked again (a retry), the
 * provider may answer a part as it first did: a status its webhook has moved on since is kept.
 */
export async function keepParts(db: Transaction, refund: OrderRefundRow, parts: readonly ProviderRefundPart[]): Promise<ProviderRefundPart[]> {
  const known = (await repository.refundsOf(db, [refund.orderId])).find((candidate) => candidate.id === refund.id)?.providerParts ?? [];
  const merged = parts.map((part) => {
    const before = known.find((candidate) => candidate.refundRef === part.refundRef);
    return before && before.status !== 'pending' ? { ...part, status: before.status } : part;
  });
  await repository.setRefundParts(db, refund.id, merged);
  // Taken from a webhook as this refund's share, but the provider's answer names another: it was made at the provider directly.
  return known.filter((part) => !parts.some((answered) => answered.refundRef === part.refundRef));
}

/**
 * How a refund splits across the order's payments, after the order's earlier refunds: what the provider
 * is asked for from each, and so how a provider refund whose answer never came is known as its share.
 */
export async function sharesOf(db: Database | Transaction, order: OrderRow, refund: OrderRefundRow) {
  const charges = await repository.chargesOf(db, order.id);
  const earlier = (await repository.refundsOf(db, [order.id])).filter((other) => other.sequence < refund.sequence && other.state !== 'failed');
  const payments = paymentsOf(order, charges);
  // What each payment has left once this refund is made too: an order on account's is what stays on the provider's order.
  return { charges, parts: allocateRefund(payments, earlier, refund), left: leftOn(payments, [...earlier, refund]) };
}

/** The order's payments: the checkout payment (what was captured less the later charges), then each charge. */
function paymentsOf(order: OrderRow, charges: readonly repository.OrderChargeRow[]): PaymentTaken[] {
  const later = charges.reduce((sum, charge) => sum + charge.amountPence, 0);
  return [
    { ref: order.paymentIntentRef, kind: 'order', amountPence: order.capturedPence - later },
    ...charges.map((charge) => ({ ref: charge.paymentIntentRef, kind: charge.kind, amountPence: charge.amountPence })),
  ];
}
