/** Trade orders as placed, and what each business orders (for buy-again). */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { builtOnce, rawStatement } from '../../../db/built-once.ts';
import { tradeOrderedProducts, tradeOrders } from '../trade.tables.ts';

export type TradeOrderRow = typeof tradeOrders.$inferSelect;
export type OrderedProductRow = typeof tradeOrderedProducts.$inferSelect;

const p = sql.placeholder;
/** Every column of a trade order as a placeholder of its name. */
const orderValues = {
  orderId: p('orderId'),
  businessId: p('businessId'),
  tradeAccountId: p('tradeAccountId'),
  orderNumber: p('orderNumber'),
  bandCode: p('bandCode'),
  itemCount: p('itemCount'),
  totalIncVat: p('totalIncVat'),
  totalExVat: p('totalExVat'),
  savingsExVat: p('savingsExVat'),
  placedAt: p('placedAt'),
};

// Written with every trade order: built once (decision 0151).
const tradeOrderInsert = builtOnce<TradeOrderRow, { orderId: string }[]>((db) =>
  db.insert(tradeOrders).values(orderValues).onConflictDoNothing().returning({ orderId: tradeOrders.orderId }).prepare('insert_trade_order'),
);
const tradeOrderWithPlaced = builtOnce<TradeOrderRow & { since: string; until: string }, { total: string | number | null }[]>((db) => {
  const inserted = db.$with('inserted').as(db.insert(tradeOrders).values(orderValues).onConflictDoNothing().returning({ totalExVat: tradeOrders.totalExVat }));
  const before = db
    .select({ total: sql`coalesce(sum(${tradeOrders.totalExVat}), 0)` })
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.businessId, p('businessId')),
        gte(tradeOrders.placedAt, sql`${p('since')}::timestamptz`),
        lte(tradeOrders.placedAt, sql`${p('until')}::timestamptz`),
      ),
    );
  return db
    .with(inserted)
    .select({ total: sql<string | number | null>`(select ${inserted.totalExVat} from ${inserted}) + (${before})` })
    .from(sql`(select 1) as one`)
    .prepare('insert_trade_order_with_placed');
});

export async function insertTradeOrder(db: Database, order: TradeOrderRow): Promise<boolean> {
  const rows = await tradeOrderInsert(db, order);
  return rows.length > 0;
}

/**
 * Records the order and, in the same statement, what the business's trade orders placed from `since` to the order's time
 * came to ex VAT (as `placedExVatBetween`, this order included): null when the order was recorded before. The sum is read
 * from the statement's snapshot, which does not hold the row it inserts, so the inserted order is added to it.
 */
export async function insertTradeOrderWithPlaced(db: Database, order: TradeOrderRow, since: Date): Promise<number | null> {
  const [row] = await tradeOrderWithPlaced(db, { ...order, since: since.toISOString(), until: order.placedAt.toISOString() });
  return row?.total === null || row?.total === undefined ? null : Number(row.total);
}

/** Many at once (demo data). */
export async function insertTradeOrders(db: Database, rows: readonly TradeOrderRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(tradeOrders).values([...rows]);
}

/** `addOrderedProducts`' one statement, built once (decision 0151): the lines as arrays, so its text is the same for any number. */
const orderedProductsUpsert = builtOnce<{ businessId: number; skus: string[]; quantities: number[]; at: string }, unknown>((db) =>
  rawStatement(
    db,
    sql`insert into ${tradeOrderedProducts} (business_id, sku, times_ordered, quantity_ordered, last_ordered_at)
      select ${p('businessId')}::int, l.sku, 1, l.quantity, ${p('at')}::timestamptz
      from unnest(${p('skus')}::text[], ${p('quantities')}::int[]) with ordinality as l(sku, quantity, n) order by l.n
      on conflict (business_id, sku) do update set times_ordered = ${tradeOrderedProducts}.times_ordered + 1,
        quantity_ordered = ${tradeOrderedProducts}.quantity_ordered + excluded.quantity_ordered,
        last_ordered_at = greatest(${tradeOrderedProducts}.last_ordered_at, excluded.last_ordered_at)`,
  ),
);

/** Adds one order's lines to what the business has ordered (one statement for all the lines). */
export async function addOrderedProducts(db: Database, businessId: number, lines: readonly { sku: string; quantity: number }[], at: Date): Promise<void> {
  const bySku = new Map<string, number>();
  // In sku order, so two orders of one business sharing skus take their rows in the same order.
  for (const line of lines.toSorted((a, b) => a.sku.localeCompare(b.sku))) bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.quantity);
  if (bySku.size === 0) return;
  await orderedProductsUpsert(db, { businessId, skus: [...bySku.keys()], quantities: [...bySku.values()], at: at.toISOString() });
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
