/**
 * The rules of order self-service, pure (docs/domain.md §7, §8.1–8.3, decision 0031): what can still
 * be cancelled or returned of each line, the windows from delivery, and which goods cannot come back
 * as unwanted (each line's returnability, kept with the order as its product's was when sold).
 */
import { CANCELLABLE_STATUSES, formatPence, type OrderStatus } from '@shop/contracts';
import type { Returnability } from '../catalogue/index.ts';

// The windows (return, damage, missing) and which statuses allow what are the shop's policy
// (`@shop/contracts`, `policy/`): the 30-day returns (§8.2) contain the consumer's 14-day right to
// cancel (§8.1) and apply to trade customers too, who have no such right.

export interface RuleLine {
  position: number;
  productName: string;
  label: string;
  sku: string;
  quantity: number;
  cancelledQuantity: number;
  lineTotalIncVat: number;
  /** The line's returnability, as its product's was when sold (kept on the order line). */
  returnability: Returnability;
}

/** Goods made to measure or personalised, which the right to cancel excludes (§8.1). */
export const isMadeToMeasure = (line: Pick<RuleLine, 'returnability'>): boolean => line.returnability === 'made-to-measure';

/** Sealed for hygiene (§8.1): returnable only unopened. */
export const isSealedHygieneGood = (line: Pick<RuleLine, 'returnability'>): boolean => line.returnability === 'sealed-hygiene';

/** What of a line can still be cancelled before dispatch. */
export const cancellableQuantity = (line: Pick<RuleLine, 'quantity' | 'cancelledQuantity'>, status: OrderStatus): number =>
  CANCELLABLE_STATUSES.includes(status) ? line.quantity - line.cancelledQuantity : 0;

/** What of a line can still come back: what was sent, less what is returned or on its way back. */
export const returnableQuantity = (line: Pick<RuleLine, 'quantity' | 'cancelledQuantity'>, returned: number): number =>
  Math.max(0, line.quantity - line.cancelledQuantity - returned);

/** Why a line cannot come back as unwanted, in words for the customer (null when it can). */
export function notReturnableReason(line: Pick<RuleLine, 'productName' | 'returnability'>): string | null {
  if (isMadeToMeasure(line))
    return `${line.productName} was made to measure for you, so it cannot be returned as unwanted. If it is faulty, report it instead.`;
  return null;
}

/** The price paid for `quantity` of a line: its share of the goods after the order's discount, in whole pence. */
export function paidFor(line: Pick<RuleLine, 'quantity' | 'lineTotalIncVat'>, quantity: number, order: { goodsPence: number; discountPence: number }): number {
  const gross = (line.lineTotalIncVat * quantity) / line.quantity;
  const share = order.goodsPence > 0 ? (order.goodsPence - order.discountPence) / order.goodsPence : 1;
  return Math.round(gross * share);
}

export type ReturnRefusal =
  | { kind: 'no-such-line'; position: number }
  | { kind: 'not-allowed'; message: string }
  | { kind: 'too-many'; productName: string; left: number }
  | { kind: 'duplicate-line'; position: number };

/**
 * Checks the lines a customer asks to return: each a line of the order, not made to measure, not
 * an opened sealed hygiene good, and no more than is left to return. The first refusal, or null.
 */
export function checkReturnLines(
  lines: readonly RuleLine[],
  returned: ReadonlyMap<number, number>,
  wanted: readonly { position: number; quantity: number; opened?: boolean | undefined }[],
): ReturnRefusal | null {
  const seen = new Set<number>();
  for (const want of wanted) {
    if (seen.has(want.position)) return { kind: 'duplicate-line', position: want.position };
    seen.add(want.position);
    const line = lines.find((candidate) => candidate.position === want.position);
    if (!line) return { kind: 'no-such-line', position: want.position };
    const reason = notReturnableReason(line);
    if (reason) return { kind: 'not-allowed', message: reason };
    if (want.opened && isSealedHygieneGood(line))
      return {
        kind: 'not-allowed',
        message: `${line.productName} is sealed for hygiene and cannot be returned once opened. If it is faulty, report it instead.`,
      };
    const left = returnableQuantity(line, returned.get(line.position) ?? 0);
    if (want.quantity > left) return { kind: 'too-many', productName: line.productName, left };
  }
  return null;
}

/**
 * Money given back, as the customer is told it: a card's refund goes back to the card, while an order paid on account
 * is credited to the business's account with Two, which takes it off what is owed (decision 0110). No card is involved.
 */
export function moneyBackSaid(pence: number, paidOnAccount: boolean, when: 'done' | 'after-return'): string {
  const amount = formatPence(pence);
  if (when === 'done') {
    return paidOnAccount
      ? `We have credited ${amount} to your account with Two: it comes off what your business owes for this order.`
      : `We have refunded ${amount} to the way you paid. It can take 3 to 5 working days to reach your account.`;
  }
  return paidOnAccount ? `we credit ${amount} to your account with Two` : `we refund ${amount} to the way you paid`;
}
