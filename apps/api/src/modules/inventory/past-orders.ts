/**
 * Past orders written as demo data (orders' `recordHistoricalOrders`) leave stock as a placed order
 * does (docs/domain.md §3): each stocked line committed to the order's basket, so on hand =
 * available + committed + reserved counts it and cancelling the order gives back what it took, once.
 * The goods they took arrived before they were placed, so on hand rises with committed and what is
 * free now (the catalogue's figure, and the status it shows) is unchanged. Made-to-order lines are
 * made for the order and never held, as at checkout.
 */
import type { Database } from '../../db/client.ts';
import * as repository from './inventory.repository.ts';

export interface PastOrder {
  basketId: string;
  placedAt: Date;
  lines: readonly { sku: string; quantity: number }[];
}

export async function commitPastOrders(db: Database, orders: readonly PastOrder[]): Promise<void> {
  const taken = new Map<string, number>();
  // One hold per basket and sku, as checkout holds a basket's line.
  const holds = new Map<string, { basketId: string; sku: string; quantity: number; at: Date }>();
  for (const order of orders) {
    for (const { sku, quantity } of order.lines) {
      taken.set(sku, (taken.get(sku) ?? 0) + quantity);
      const key = `${order.basketId}\u0000${sku}`;
      holds.set(key, { basketId: order.basketId, sku, quantity: (holds.get(key)?.quantity ?? 0) + quantity, at: order.placedAt });
    }
  }
  const stocked = await repository.commitArrivedStock(db, taken);
  await repository.insertCommittedHolds(
    db,
    [...holds.values()].filter((hold) => stocked.has(hold.sku)),
  );
}
