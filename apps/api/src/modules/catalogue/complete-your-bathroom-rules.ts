/**
 * "Complete your bathroom" (issue text: a basket that holds a basin but no waste, or a bath but no
 * panel): the essential items of what is in the basket that nothing in it already is. An item counts
 * as had when the basket holds anything of its sub-category (any basin waste answers a basin's waste),
 * so a shopper who chose their own is not told they lack one.
 */

/** One essential item of a product in the basket, as the catalogue lists it (its sub-category beside it). */
export interface EssentialOf {
  /** The basket's product it is essential to. */
  forProductId: number;
  productId: number;
  categoryId: number;
  requirement: 'required' | 'recommended';
  position: number;
}

/** What the basket holds: its products, in the order its lines are, and their sub-categories. */
export interface BasketHolding {
  productIds: readonly number[];
  categoryIds: ReadonlySet<number>;
}

/**
 * The products to suggest, best first: what the basket's products need (required) before what goes
 * well with them (recommended); within each, by the basket's line order and then the catalogue's
 * order of the items. Each product once, none of a sub-category the basket already has.
 */
export function itemsToComplete(essentials: readonly EssentialOf[], basket: BasketHolding): number[] {
  const lineOrder = new Map(basket.productIds.map((id, index) => [id, index]));
  const held = new Set(basket.productIds);
  const rank = (item: EssentialOf) => [item.requirement === 'required' ? 0 : 1, lineOrder.get(item.forProductId) ?? Infinity, item.position];
  const ordered = essentials.toSorted((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
  const chosen: number[] = [];
  for (const item of ordered) {
    if (held.has(item.productId) || basket.categoryIds.has(item.categoryId) || chosen.includes(item.productId)) continue;
    chosen.push(item.productId);
  }
  return chosen;
}
