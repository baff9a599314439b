/**
 * Buy-again's order, pure: what a business orders often and lately comes first. How often counts
 * fully while it is recent and fades as the last order ages (half its weight after
 * `RECENCY_HALF_DAYS`), so a product bought every week stays ahead of one bought ten times last year.
 */

export interface OrderedProduct {
  sku: string;
  timesOrdered: number;
  quantityOrdered: number;
  lastOrderedAt: Date;
}

const DAY_MS = 86_400_000;
export const RECENCY_HALF_DAYS = 60;

export function buyAgainScore(product: Pick<OrderedProduct, 'timesOrdered' | 'lastOrderedAt'>, now: Date): number {
  const days = Math.max(0, (now.getTime() - product.lastOrderedAt.getTime()) / DAY_MS);
  return product.timesOrdered / (1 + days / RECENCY_HALF_DAYS);
}

/** Highest score first; the more recent, then the sku, break ties so the order never wobbles. */
export function rankBuyAgain<T extends OrderedProduct>(products: readonly T[], now: Date): T[] {
  return products
    .map((product) => ({ product, score: buyAgainScore(product, now) }))
    .toSorted(
      (a, b) =>
        b.score - a.score ||
        b.product.lastOrderedAt.getTime() - a.product.lastOrderedAt.getTime() ||
        (a.product.sku < b.product.sku ? -1 : a.product.sku > b.product.sku ? 1 : 0),
    )
    .map(({ product }) => product);
}
