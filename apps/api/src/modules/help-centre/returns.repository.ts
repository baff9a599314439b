import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { helpRequests, orderReturnLines, orderReturns } from './help-centre.tables.ts';

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

/** The return an unwanted-items request (by its HC- reference) asked for, locked when `lock`. */
export async function returnOfRequest(db: Db, requestReference: string, lock = false): Promise<OrderReturnRow | undefined> {
  const query = db
    .select({ ret: orderReturns })
    .from(orderReturns)
    .innerJoin(helpRequests, eq(helpRequests.id, orderReturns.requestId))
    .where(eq(helpRequests.reference, requestReference))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: orderReturns }) : await query;
  return row?.ret;
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

export async function requestOfReturn(db: Db, row: Pick<OrderReturnRow, 'requestId'>) {
  const [request] = await db.select().from(helpRequests).where(eq(helpRequests.id, row.requestId)).limit(1);
  return request;
}

/**
 * After-sales figures for reviews' product insights: units of `skus` returned or on their way back
 * (refused returns left out), and units reported damaged on delivery. Damage reports name each
 * line's sku in their details (reports written before they did are not counted).
 */
export async function afterSalesUnits(db: Db, skus: readonly string[]): Promise<{ unitsReturned: number; unitsReportedDamaged: number }> {
  if (skus.length === 0) return { unitsReturned: 0, unitsReportedDamaged: 0 };
  const [[returned], damaged] = await Promise.all([
    db
      .select({ units: sql<number>`coalesce(sum(${orderReturnLines.quantity}), 0)`.mapWith(Number) })
      .from(orderReturnLines)
      .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
      .where(and(inArray(orderReturnLines.sku, [...skus]), ne(orderReturns.status, 'refused'))),
    db.execute(sql`
      select coalesce(sum((line->>'quantity')::int), 0)::int as units
      from ${helpRequests}, jsonb_array_elements(${helpRequests.details}->'lines') as line
      where ${helpRequests.type} = 'DAMAGED_MISSING' and ${helpRequests.details}->>'issueType' = 'damaged'
        and line->>'sku' in (${sql.join(
          skus.map((sku) => sql`${sku}`),
          sql`, `,
        )})`) as unknown as Promise<{ rows: { units: number }[] }>,
  ]);
  return { unitsReturned: returned?.units ?? 0, unitsReportedDamaged: Number(damaged.rows[0]?.units ?? 0) };
}
