/**
 * "Frequently bought together" (decision 0117): which products orders put together more often than
 * chance would, and the order shoppers see them in once staff have pinned and blocked.
 */
import type { BoughtTogetherChoice } from '@shop/contracts';

/** Orders of the last year are counted: a bathroom range changes slowly, and a year holds the seasons. */
export const BOUGHT_TOGETHER_DAYS = 365;
/** Fewer orders together than this is chance, whatever the lift says (two orders of two rare products). */
export const MIN_ORDERS_TOGETHER = 3;
/** Bought together at least this much more often than by chance (hundredths): 1.0 is what two unrelated products show. */
export const MIN_LIFT_HUNDREDTHS = 120;
/** The most pairs kept per product: more are never shown. */
export const PAIRS_KEPT = 20;

export interface OrderCounts {
  /** Orders counted. */
  orders: number;
  /** Orders holding each product. */
  holding: ReadonlyMap<number, number>;
  /** Orders holding both of two products, each pair once. */
  together: readonly (readonly [productId: number, otherProductId: number, orders: number])[];
}

export interface Pair {
  productId: number;
  pairedProductId: number;
  ordersTogether: number;
  liftHundredths: number;
}

/**
 * Each product's pairs, both ways round: lift is P(both) / (P(one) × P(other)), so a best seller
 * that is in every basket does not pair with everything. Best lift first, the top `PAIRS_KEPT` kept.
 */
export function pairsOf({ orders, holding, together }: OrderCounts): Pair[] {
  const byProduct = new Map<number, Pair[]>();
  const keep = (pair: Pair) => byProduct.set(pair.productId, [...(byProduct.get(pair.productId) ?? []), pair]);
  for (const [a, b, both] of together) {
    const [holdingA, holdingB] = [holding.get(a) ?? 0, holding.get(b) ?? 0];
    if (both < MIN_ORDERS_TOGETHER || holdingA === 0 || holdingB === 0) continue;
    const liftHundredths = Math.round((100 * both * orders) / (holdingA * holdingB));
    if (liftHundredths < MIN_LIFT_HUNDREDTHS) continue;
    keep({ productId: a, pairedProductId: b, ordersTogether: both, liftHundredths });
    keep({ productId: b, pairedProductId: a, ordersTogether: both, liftHundredths });
  }
  return [...byProduct.values()].flatMap((pairs) => pairs.toSorted(byStrength).slice(0, PAIRS_KEPT));
}

const byStrength = (a: Pair, b: Pair) => b.liftHundredths - a.liftHundredths || b.ordersTogether - a.ordersTogether || a.pairedProductId - b.pairedProductId;

export interface Choice {
  productId: number;
  pairedProductId: number;
  choice: BoughtTogetherChoice;
  chosenAt: Date;
}

/**
 * What to show with `anchors` (a product, or a basket's products), best first: staff's pins in the
 * order they were made, then pairs by lift; anything blocked for an anchor, and `leaveOut` (the
 * anchors themselves, what is already in the basket), never. A product paired with several anchors
 * ranks by its strongest pair.
 */
export function rankBoughtTogether(pairs: readonly Pair[], choices: readonly Choice[], leaveOut: ReadonlySet<number>): number[] {
  const blocked = new Set(choices.filter((choice) => choice.choice === 'blocked').map((choice) => choice.pairedProductId));
  const pinned = choices
    .filter((choice) => choice.choice === 'pinned')
    .toSorted((a, b) => a.chosenAt.getTime() - b.chosenAt.getTime() || a.pairedProductId - b.pairedProductId)
    .map((choice) => choice.pairedProductId);
  const byOrders = pairs.toSorted(byStrength).map((pair) => pair.pairedProductId);
  return [...new Set([...pinned, ...byOrders])].filter((id) => !blocked.has(id) && !leaveOut.has(id));
}

/** The lift as staff read it: "4.2 times". */
export const liftOf = (hundredths: number) => Math.round(hundredths / 10) / 10;

/** Why a product is, or is not, in the row, for staff. */
export function whyOf(pair: Pick<Pair, 'ordersTogether' | 'liftHundredths'> | null, choice: BoughtTogetherChoice | null, unsellable: string | null): string {
  const orders = pair
    ? `${pair.ordersTogether} ${pair.ordersTogether === 1 ? 'order' : 'orders'} together, ${liftOf(pair.liftHundredths)} times more often than by chance`
    : 'no orders together';
  if (choice === 'blocked') return `Blocked by staff (${orders})`;
  const reason = choice === 'pinned' ? `Pinned by staff (${orders})` : orders.charAt(0).toUpperCase() + orders.slice(1);
  return unsellable ? `${reason}; not shown while it is ${unsellable}` : reason;
}
