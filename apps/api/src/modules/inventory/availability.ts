/**
 * What can be sold of a sku now: inventory's one definition, which the catalogue (cards, product
 * pages, listings), the basket, wishlists and checkout all read. Pure; `inventory.service.ts` reads
 * the counts.
 */

/** How a sku's availability is shown: the four states of docs/domain.md §3. */
export const STOCK_STATUSES = ['in_stock', 'low_stock', 'made_to_order', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** A sku's stock row as counted, with what the asking basket itself holds of it. */
export interface StockCount {
  status: StockStatus;
  eta: string | null;
  onHand: number;
  committed: number;
  reserved: number;
  /** Units the asking basket holds for its own payment (part of `reserved`). */
  heldByAsker: number;
}

export interface Availability {
  sku: string;
  /** As shown to shoppers; a sku with no stock record is out of stock. */
  status: StockStatus;
  /** When more arrives (made to order, or out of stock with a date). */
  eta: string | null;
  /**
   * How many can be sold now: the free stock, on hand − committed − reserved (what the asking
   * basket holds itself counts as free to it), never negative; none when out of stock; `Infinity`
   * when made to order, which is made for the order and never held.
   */
  sellable: number;
}

export function availability(sku: string, count: StockCount | undefined): Availability {
  if (!count) return { sku, status: 'out_of_stock', eta: null, sellable: 0 };
  const { status, eta } = count;
  if (status === 'made_to_order') return { sku, status, eta, sellable: Number.POSITIVE_INFINITY };
  if (status === 'out_of_stock') return { sku, status, eta, sellable: 0 };
  return { sku, status, eta, sellable: Math.max(0, count.onHand - count.committed - (count.reserved - count.heldByAsker)) };
}
