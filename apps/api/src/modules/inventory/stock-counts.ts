/**
 * When a count of the shelf (an import or a feed) is refused: a made-to-order sku keeps no stock,
 * and on hand may not go below what orders and payments hold (`on hand = available + committed +
 * reserved`). The same rule as `setOnHand`'s statement, for a batch that checks before it writes.
 */
import type { StockRecord } from './inventory.repository.ts';

export function countRefused(record: Pick<StockRecord, 'status' | 'committed' | 'reserved'>, onHand: number): 'made-to-order' | 'below-held' | null {
  if (record.status === 'made_to_order') return 'made-to-order';
  return onHand < record.committed + record.reserved ? 'below-held' : null;
}
