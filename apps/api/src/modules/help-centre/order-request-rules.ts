/**
 * The rules of order self-service, pure (docs/domain.md §7, §8.1–8.3, decision 0031): what can still
 * be cancelled or returned of each line, the windows from delivery, and which goods cannot come back
 * as unwanted (as their product's returnability in the catalogue says).
 */
import { CANCELLATION_PERIOD_DAYS, CHANGE_OF_MIND_RETURN_DAYS, type OrderStatus } from '@shop/contracts';
import type { Returnability } from '../catalogue/index.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Unwanted goods come back within 30 days of delivery: the shop's own returns promise (§8.2,
 * CHANGE_OF_MIND_RETURN_DAYS on the help pages), which contains the consumer's 14-day right to
 * cancel under the CCR (§8.1) and applies to trade customers too, who have no such right (their
 * B2B terms are the same promise).
 */
export const CONSUMER_CANCELLATION_DAYS = CANCELLATION_PERIOD_DAYS;
export const RETURN_WINDOW_DAYS = CHANGE_OF_MIND_RETURN_DAYS;
/** §8.3: damage within 48 hours of delivery, missing items within 7 days (so the carrier can be claimed against). */
export const DAMAGE_REPORT_HOURS = 48;
export const MISSING_REPORT_DAYS = 7;

/** Not yet dispatched: cancelled at once (§7). Matches orders' own CANCELLABLE. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['placed', 'processing', 'picking'];
/** A change can still be made only before picking starts (§10.2). */
export const AMENDABLE_STATUSES: readonly OrderStatus[] = ['placed', 'processing'];
/** Goods on their way or arrived: what is cancelled now comes back as a return. */
export const SENT_STATUSES: readonly OrderStatus[] = ['dispatched', 'delivered'];

export interface RuleLine {
  position: number;
  productName: string;
  label: string;
  sku: string;
  quantity: number;
  cancelledQuantity: number;
  lineTotalIncVat: number;
  /** The product's returnability, as the catalogue sets it (`catalogue.returnabilityOf`). */
  returnability: Returnability;
}

/**
 * The order's lines with their products' returnability from the catalogue. A product the catalogue
 * no longer has counts as standard: nothing on record excludes it.
 */
export const withReturnability = <Line extends { sku: string }>(
  lines: readonly Line[],
  bySku: ReadonlyMap<string, Returnability>,
): (Line & { returnability: Returnability })[] => lines.map((line) => ({ ...line, returnability: bySku.get(line.sku) ?? 'standard' }));

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

export const returnWindowEndsAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY);
export const damageReportEndsAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + DAMAGE_REPORT_HOURS * HOUR);
export const missingReportEndsAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + MISSING_REPORT_DAYS * DAY);

/** The deadline for a report of this kind; wrong items are treated as missing (the right one did not come). */
export const reportEndsAt = (issue: 'damaged' | 'missing' | 'wrong-item', deliveredAt: Date): Date =>
  issue === 'damaged' ? damageReportEndsAt(deliveredAt) : missingReportEndsAt(deliveredAt);

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
