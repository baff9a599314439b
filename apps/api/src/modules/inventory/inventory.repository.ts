import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { StockCount } from './availability.ts';
import { stockLevels, stockReservations } from './inventory.tables.ts';

export type NewStockLevel = Pick<typeof stockLevels.$inferInsert, 'sku' | 'onHand' | 'status' | 'eta'>;

export async function insertStockLevels(db: Database, rows: readonly NewStockLevel[]): Promise<void> {
  if (rows.length > 0) await db.insert(stockLevels).values([...rows]);
}

/** The counts of the skus asked; `asker`: with what the asking basket holds of each (else none is asked about). */
function stockCountsQuery(db: Database, asker: boolean) {
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
      heldByAsker: (asker ? sql<number>`(${held})` : sql<number>`0`).mapWith(Number),
    })
    .from(stockLevels)
    .where(sql`${stockLevels.sku} = any(${sql.placeholder('skus')}::text[])`)
    .prepare(asker ? 'stock_counts_held' : 'stock_counts');
}
// Every basket change, card, product page and snapshot asks: the queries are built once per database.
const stockCountsQueries = new WeakMap<Database, Record<'asker' | 'anyone', ReturnType<typeof stockCountsQuery>>>();

/**
 * The stock rows of any number of skus in one statement, each with what `heldBy`'s own payment
 * holds of it.
 */
export async function findStockCounts(db: Database, skus: readonly string[], heldBy: string | null): Promise<Map<string, StockCount>> {
  let queries = stockCountsQueries.get(db);
  if (!queries) stockCountsQueries.set(db, (queries = { asker: stockCountsQuery(db, true), anyone: stockCountsQuery(db, false) }));
  const rows = heldBy === null ? await queries.anyone.execute({ skus: [...skus] }) : await queries.asker.execute({ skus: [...skus], heldBy });
  return new Map(rows.map(({ sku, ...count }) => [sku, count]));
}
