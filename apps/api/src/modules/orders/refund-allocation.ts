/**
 * Which of an order's payments a refund comes from (pure, integer pence). An order may be paid by
 * several payments: the one at checkout, then one per paid order change and per paid delivery
 * upgrade (`order_charges`). A provider refunds a payment up to what it took, never more, so a refund
 * larger than the first payment (a lower total after a paid change) is split across them.
 *
 * Each refund draws on the payments in an order fixed by its kind, each only as far as the refunds
 * before it left; the refunds before are replayed from the order's records, so a retry of the same
 * refund splits it the same way and asks each payment with the same key. Order:
 * - a cancellation gives back the later charges first, then the checkout payment (decision 0087);
 * - any other refund comes from the checkout payment first, then the order changes' payments (oldest
 *   first), and a paid delivery upgrade's last, so that money stays its own for as long as it can (reg. 34).
 */
export type PaymentKind = 'order' | 'order_change' | 'delivery_upgrade';

export interface PaymentTaken {
  ref: string;
  kind: PaymentKind;
  amountPence: number;
}

export interface RefundTaken {
  kind: 'cancellation' | 'refund' | 'external';
  amountPence: number;
  /** The provider's refunds it is made of, where known: a refund made at the provider directly came from the payment it names. */
  providerParts?: readonly { intentRef: string; amountPence: number }[];
}

export interface RefundPart {
  ref: string;
  amountPence: number;
}

const LATER_FIRST: Record<PaymentKind, number> = { order_change: 0, delivery_upgrade: 0, order: 1 };
const CHECKOUT_FIRST: Record<PaymentKind, number> = { order: 0, order_change: 1, delivery_upgrade: 2 };

/** The payments in the order a refund of `kind` draws on them (a stable sort: within a kind, oldest first). */
export function drawOrder(payments: readonly PaymentTaken[], kind: RefundTaken['kind']): PaymentTaken[] {
  const rank = kind === 'cancellation' ? LATER_FIRST : CHECKOUT_FIRST;
  return payments.toSorted((a, b) => rank[a.kind] - rank[b.kind]);
}

/** What is left to refund on each payment after the refunds given, in turn. */
export function leftOn(payments: readonly PaymentTaken[], refunds: readonly RefundTaken[]): Map<string, number> {
  const left = new Map(payments.map((payment) => [payment.ref, payment.amountPence]));
  for (const refund of refunds) for (const part of split(payments, left, refund)) left.set(part.ref, left.get(part.ref)! - part.amountPence);
  return left;
}

function split(payments: readonly PaymentTaken[], left: ReadonlyMap<string, number>, refund: RefundTaken): RefundPart[] {
  // Made at the provider (its dashboard) on one payment: no order of ours decided where it came from.
  if (refund.kind === 'external' && refund.providerParts?.length)
    return refund.providerParts.map((part) => ({ ref: part.intentRef, amountPence: part.amountPence }));
  const parts: RefundPart[] = [];
  let owed = refund.amountPence;
  for (const payment of drawOrder(payments, refund.kind)) {
    const share = Math.min(owed, left.get(payment.ref) ?? 0);
    if (share <= 0) continue;
    parts.push({ ref: payment.ref, amountPence: share });
    owed -= share;
  }
  // Whatever no payment has left (a refund made at the provider before we kept its payments) stays with the checkout payment.
  if (owed > 0 && payments.length > 0) {
    const first = payments.find((payment) => payment.kind === 'order') ?? payments[0]!;
    const own = parts.find((part) => part.ref === first.ref);
    if (own) own.amountPence += owed;
    else parts.push({ ref: first.ref, amountPence: owed });
  }
  return parts;
}

/**
 * The parts of `refund` after the order's `earlier` refunds (in the order they were made, failed ones
 * left out): each payment asked for at most what it has left, the parts adding up to the refund.
 */
export function allocateRefund(payments: readonly PaymentTaken[], earlier: readonly RefundTaken[], refund: RefundTaken): RefundPart[] {
  return split(payments, leftOn(payments, earlier), refund);
}
