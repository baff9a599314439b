import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { StockCount } from './availability.ts';
import { stockLevels, stockReservations } from './inventory.tables.ts';

export type NewStockLevel = Pick<typeof stockLevels.$inferInsert, 'sku' | 'onHand' | 'status' | 'eta'>;

export async function insertStockLevels(db: Database, rows: readonly NewStockLevel[]): Promise<void> {
  if (rows.length > 0) await db.insert(stockLevels).values([...rows]);
}

function stockCountsQuery(db: Database) {
  const held = db
    .select({ total: sql`coalesce(sum(${stockReservations.quantity}), 0)` })
    .from(stockReservations)
    .where(and(eq(stockReservations.basketId, sql.placeholder('heldBy')), eq(stockReservations.sku, stockLevels.sku), eq(stockReservations.state, 'held')));
  return db
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
    .where(sql`${stockLevels.sku} = any(${sql.placeholder('skus')}::text[])`)
    .prepare('stock_counts');
}
// Every basket change, card and product page asks: the query is built once per database.
const stockCountsQueries = new WeakMap<Database, ReturnType<typeof stockCountsQuery>>();

/**
 * The stock rows of any number of skus in one statement, each with what `heldBy`'s own payment
 * holds of it.
 */
export async function findStockCounts(db: Database, skus: readonly string[], heldBy: string | null): Promise<Map<string, StockCount>> {
  let query = stockCountsQueries.get(db);
  if (!query) stockCountsQueries.set(db, (query = stockCountsQuery(db)));
  const rows = await query.execute({ skus: [...skus], heldBy });
  return new Map(rows.map(({ sku, ...count }) => [sku, count]));
}
