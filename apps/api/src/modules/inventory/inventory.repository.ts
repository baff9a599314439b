import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { StockCount } from './availability.ts';
import { stockLevels, stockReservations } from './inventory.tables.ts';

export type NewStockLevel = Pick<typeof stockLevels.$inferInsert, 'sku' | 'onHand' | 'status' | 'eta'>;

export async function insertStockLevels(db: Database, rows: readonly NewStockLevel[]): Promise<void> {
  if (rows.length > 0) await db.insert(stockLevels).values([...rows]);
}

/**
 * The stock rows of any number of skus in one statement (the same text for every list, so it is
 * prepared once per connection), each with what `heldBy`'s own payment holds of it.
 */
export async function findStockCounts(db: Database, skus: readonly string[], heldBy: string | null): Promise<Map<string, StockCount>> {
  const held = db
    .select({ total: sql`coalesce(sum(${stockReservations.quantity}), 0)` })
    .from(stockReservations)
    .where(and(eq(stockReservations.basketId, sql`${heldBy}::text`), eq(stockReservations.sku, stockLevels.sku), eq(stockReservations.state, 'held')));
  const rows = await db
    .select({
      sku: stockLevels.sku,
      status: stockLevels.status,
      eta: stockLevels.eta,
      onHand: stockLevels.onHand,
      committed: stockLevels.committed,
      reserved: stockLevels.reserved,
      heldByAsker: sql<number>`(${held})`.mapWith(Number),
    })
    .from(stockLevels)
    .where(sql`${stockLevels.sku} = any(${sql.param([...skus])}::text[])`);
  return new Map(rows.map(({ sku, ...count }) => [sku, count]));
}
