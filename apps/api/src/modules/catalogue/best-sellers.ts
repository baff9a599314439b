/**
 * Which products are best sellers (docs/domain.md §2): popularity is the units of a product sold in
 * the last `POPULARITY_WINDOW_DAYS` days, from order lines; the "Best seller" badge goes to the few
 * that sold most, and never to one that has hardly sold. Pure: `popularity.ts` stores what it decides.
 */

/** How far back sales count: a season, so last year's favourite does not stay a best seller. */
export const POPULARITY_WINDOW_DAYS = 90;
/** The share of the catalogue that may carry the badge (the demo's 830 products: 25). */
const BEST_SELLER_SHARE = 0.03;
/** Fewer units than this in the window is not "best selling", however small the shop. */
export const BEST_SELLER_MIN_UNITS = 5;

/** Units per product from units per sku; skus the catalogue does not know are left out. */
export function unitsPerProduct(unitsBySku: ReadonlyMap<string, number>, productOfSku: ReadonlyMap<string, number>): Map<number, number> {
  const units = new Map<number, number>();
  for (const [sku, sold] of unitsBySku) {
    const productId = productOfSku.get(sku);
    if (productId !== undefined) units.set(productId, (units.get(productId) ?? 0) + sold);
  }
  return units;
}

/** The best sellers among `productCount` products: most units first (ties by id), at most 3% of them, each with at least 5 units. */
export function bestSellers(units: ReadonlyMap<number, number>, productCount: number): number[] {
  const limit = Math.max(1, Math.floor(productCount * BEST_SELLER_SHARE));
  return [...units]
    .filter(([, sold]) => sold >= BEST_SELLER_MIN_UNITS)
    .toSorted(([a, soldA], [b, soldB]) => soldB - soldA || a - b)
    .slice(0, limit)
    .map(([productId]) => productId);
}
