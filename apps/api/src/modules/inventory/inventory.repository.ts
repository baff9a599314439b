import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { StockCount } from './availability.ts';
import { stockLevels, stockReservations } from './inventory.tables.ts';

export type NewStockLevel = Pick<typeof stockLevels.$inferInsert, 'sku' | 'onHand' | 'status' | 'eta'>;

export async function insertStockLevels(db: Database, rows: readonly NewStockLevel[]): Promise<void> {
  if (rows.length > 0) await db.insert(stockLevels).values([...rows]);
}

/**
 * The stock rows of any number of skus in one statement (the same text for any number, so it is
 * prepared once per connection), each with what `heldBy`'s own payment holds of it. Read as plain
 * rows: the listing snapshot asks for 100,000 at a time, and mapping them through the query
 * builder cost as much as the read.
 */
export async function findStockCounts(db: Database, skus: readonly string[], heldBy: string | null): Promise<(StockCount & { sku: string })[]> {
  const held =
    heldBy === null
      ? sql`0`
      : sql`(select coalesce(sum(r.quantity), 0)::int from ${stockReservations} r where r.basket_id = ${heldBy} and r.sku = s.sku and r.state = 'held')`;
  const result = (await db.execute(
    sql`select s.sku, s.status, s.eta::text as eta, s.on_hand as "onHand", s.committed, s.reserved, ${held} as "heldByAsker"
        from ${stockLevels} s where s.sku = any(${sql.param(skus)}::text[])`,
  )) as unknown as { rows: (StockCount & { sku: string })[] };
  return result.rows;
}
