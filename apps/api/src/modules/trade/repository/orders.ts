/** Trade orders as placed, and what each business orders (for buy-again). */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { tradeOrderedProducts, tradeOrders } from '../trade.tables.ts';

export type TradeOrderRow = typeof tradeOrders.$inferSelect;
export type OrderedProductRow = typeof tradeOrderedProducts.$inferSelect;

export async function insertTradeOrder(db: Database, order: TradeOrderRow): Promise<boolean> {
  const rows = await db.insert(tradeOrders).values(order).onConflictDoNothing().returning({ orderId: tradeOrders.orderId });
  return rows.length > 0;
}

/**
 * Records the order and, in the same statement, what the business's trade orders placed from `since` to the order's time
 * came to ex VAT (as `placedExVatBetween`, this order included): null when the order was recorded before. The sum is read
 * from the statement's snapshot, which does not hold the row it inserts, so the inserted order is added to it.
 */
export async function insertTradeOrderWithPlaced(db: Database, order: TradeOrderRow, since: Date): Promise<number | null> {
  const inserted = db.$with('inserted').as(db.insert(tradeOrders).values(order).onConflictDoNothing().returning({ totalExVat: tradeOrders.totalExVat }));
  const before = db
    .select({ total: sql`coalesce(sum(${tradeOrders.totalExVat}), 0)` })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.businessId, order.businessId), gte(tradeOrders.placedAt, since), lte(tradeOrders.placedAt, order.placedAt)));
  const [row] = await db
    .with(inserted)
    .select({ total: sql<string | number | null>`(select ${inserted.totalExVat} from ${inserted}) + (${before})` })
    .from(sql`(select 1) as one`);
  return row?.total === null || row?.total === undefined ? null : Number(row.total);
}

/** Many at once (demo data). */
export async function insertTradeOrders(db: Database, rows: readonly TradeOrderRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(tradeOrders).values([...rows]);
}

/** Adds one order's lines to what the business has ordered (one statement for all the lines). */
export async function addOrderedProducts(db: Database, businessId: number, lines: readonly { sku: string; quantity: number }[], at: Date): Promise<void> {
  const bySku = new Map<string, number>();
  // In sku order, so two orders of one business sharing skus take their rows in the same order.
  for (const line of lines.toSorted((a, b) => a.sku.localeCompare(b.sku))) bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.quantity);
  if (bySku.size === 0) return;
  await db
    .insert(tradeOrderedProducts)
    .values([...bySku].map(([sku, quantity]) => ({ businessId, sku, timesOrdered: 1, quantityOrdered: quantity, lastOrderedAt: at })))
    .onConflictDoUpdate({
      target: [tradeOrderedProducts.businessId, tradeOrderedProducts.sku],
      set: {
        timesOrdered: sql`${tradeOrderedProducts.timesOrdered} + 1`,
        quantityOrdered: sql`${tradeOrderedProducts.quantityOrdered} + excluded.quantity_ordered`,
        lastOrderedAt: sql`greatest(${tradeOrderedProducts.lastOrderedAt}, excluded.last_ordered_at)`,
      },
    });
}

/** What businesses have ordered, in totals (demo data, written once). */
export async function insertOrderedProductTotals(db: Database, rows: readonly OrderedProductRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(tradeOrderedProducts).values([...rows]);
}

/** The business's trade orders placed since `since`, newest first. */
export function tradeOrdersSince(db: Database, businessId: number, since: Date): Promise<TradeOrderRow[]> {
  return db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.businessId, businessId), gte(tradeOrders.placedAt, since)))
    .orderBy(desc(tradeOrders.placedAt));
}

/**
 * What the business's trade orders placed from `since` to `until` came to ex VAT as placed, refunds not taken off: never
 * less than its spend over those dates (spend is net of refunds), in one sum read from an index.
 */
export async function placedExVatBetween(db: Database, businessId: number, since: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`sum(${tradeOrders.totalExVat})` })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.businessId, businessId), gte(tradeOrders.placedAt, since), lte(tradeOrders.placedAt, until)));
  return Number(row?.total ?? 0);
}

export function latestTradeOrders(db: Database, businessId: number, limit: number, before?: Date): Promise<TradeOrderRow[]> {
  return db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.businessId, businessId), before ? lte(tradeOrders.placedAt, before) : undefined))
    .orderBy(desc(tradeOrders.placedAt))
    .limit(limit);
}

export function orderedProductsOf(db: Database, businessId: number): Promise<OrderedProductRow[]> {
  return db.select().from(tradeOrderedProducts).where(eq(tradeOrderedProducts.businessId, businessId));
}
