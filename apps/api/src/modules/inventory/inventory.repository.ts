import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stockLevels } from './inventory.tables.ts';

export type StockRow = typeof stockLevels.$inferSelect;

export async function insertStockLevels(db: Database, rows: (typeof stockLevels.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(stockLevels).values(rows);
}

export async function findStockLevels(db: Database, skus: readonly string[]): Promise<Map<string, StockRow>> {
  if (skus.length === 0) return new Map();
  const rows = await db.select().from(stockLevels).where(inArray(stockLevels.sku, [...skus]));
  return new Map(rows.map((row) => [row.sku, row]));
}
