import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { orderReturnLines, orderReturns } from './after-sales.tables.ts';

type Db = Database | Transaction;

export type OrderReturnRow = typeof orderReturns.$inferSelect;
export type OrderReturnLineRow = typeof orderReturnLines.$inferSelect;

/** How many of each line (by position) are returned or on their way back: every return of the order but refused ones. */
export async function returnedQuantities(db: Db, orderId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ position: orderReturnLines.position, quantity: sql<number>`sum(${orderReturnLines.quantity})::int` })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, 'refused')))
    .groupBy(orderReturnLines.position);
  return new Map(rows.map((row) => [row.position, Number(row.quantity)]));
}

/**
 * Serialises returns of one order (a transaction-scoped advisory lock), so two requests at once
 * cannot each see the goods as not yet returned and both return them.
 */
export async function lockReturnsOf(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-returns:${orderId}`}, 0))`);
}

export async function insertReturn(
  db: Db,
  row: typeof orderReturns.$inferInsert,
  lines: readonly Omit<typeof orderReturnLines.$inferInsert, 'returnId'>[],
): Promise<OrderReturnRow> {
  const [stored] = await db.insert(orderReturns).values(row).returning();
  await db.insert(orderReturnLines).values(lines.map((line) => ({ ...line, returnId: stored!.id })));
  return stored!;
}

export async function referenceTaken(db: Db, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.reference, reference)).limit(1);
  return row !== undefined;
}

/** The return an unwanted-items request (by its help request's id) asked for, locked when `lock`. */
export async function returnOfRequest(db: Db, requestId: string, lock = false): Promise<OrderReturnRow | undefined> {
  const query = db.select().from(orderReturns).where(eq(orderReturns.requestId, requestId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function linesOfReturns(db: Db, returnIds: readonly string[]): Promise<OrderReturnLineRow[]> {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderReturnLines)
    .where(inArray(orderReturnLines.returnId, [...returnIds]))
    .orderBy(orderReturnLines.position);
}

/** Moves a return on, only from the status and version it was read at; false when it changed meanwhile. */
export async function updateReturn(db: Db, current: OrderReturnRow, change: Partial<typeof orderReturns.$inferInsert>): Promise<OrderReturnRow | undefined> {
  const [row] = await db
    .update(orderReturns)
    .set({ ...change, version: current.version + 1 })
    .where(and(eq(orderReturns.id, current.id), eq(orderReturns.version, current.version)))
    .returning();
  return row;
}

/** Units of `skus` returned or on their way back (refused returns left out), for reviews' product insights. */
export async function unitsReturned(db: Db, skus: readonly string[]): Promise<number> {
  if (skus.length === 0) return 0;
  const [returned] = await db
    .select({ units: sql<number>`coalesce(sum(${orderReturnLines.quantity}), 0)`.mapWith(Number) })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(and(inArray(orderReturnLines.sku, [...skus]), ne(orderReturns.status, 'refused')));
  return returned?.units ?? 0;
}
