/**
 * Holding stock for a payment (docs/domain.md §3: stock is reserved when payment starts, with an
 * expiry, and committed when the order is placed). Every change is a conditional
 * update on the sku's row, so two shoppers racing for the last unit cannot both hold it: the second
 * update finds nothing available and is refused. Rows are touched in sku order, so two baskets
 * sharing skus never deadlock.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { stockLevels, stockReservations } from './inventory.tables.ts';

export interface ReservationLine {
  sku: string;
  quantity: number;
  productName: string;
}

export const InventoryErrors = {
  outOfStock: (lines: readonly { productName: string; available: number }[]) =>
    new AppError(
      409,
      'OUT_OF_STOCK',
      `Sorry, ${lines.map((line) => (line.available > 0 ? `only ${line.available} of ${line.productName} ${line.available === 1 ? 'is' : 'are'} left` : `${line.productName} has just sold out`)).join('; ')}. Update your basket and try again: you have not been charged.`,
    ),
};

/**
 * Changes to one basket's holds queue behind each other until the caller's transaction ends: two
 * payment starts for one basket (two tabs, a retry) each release then hold again, and without this
 * the second would miss the first's uncommitted hold and add its own beside it.
 */
async function lockHoldsOf(db: Database, basketId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stock-hold:${basketId}`}, 0))`);
}

/** Gives back what a basket holds (state `held`), in the caller's transaction. */
export async function releaseReservations(db: Database, basketId: string): Promise<number> {
  await lockHoldsOf(db, basketId);
  const held = await db
    .update(stockReservations)
    .set({ state: 'released' })
    .where(and(eq(stockReservations.basketId, basketId), eq(stockReservations.state, 'held')))
    .returning({ sku: stockReservations.sku, quantity: stockReservations.quantity });
  for (const line of held.toSorted((a, b) => a.sku.localeCompare(b.sku))) {
    await db.update(stockLevels).set({ reserved: sql`${stockLevels.reserved} - ${line.quantity}` }).where(eq(stockLevels.sku, line.sku));
  }
  return held.length;
}

/**
 * Holds the basket's stocked lines until `expiresAt`, replacing what it held before; made-to-order
 * goods need no hold. All or nothing: a line that cannot be held refuses the lot (409 OUT_OF_STOCK,
 * naming each short line), and the caller's transaction rolls back.
 */
export async function reserveStock(db: Database, basketId: string, lines: readonly ReservationLine[], expiresAt: Date): Promise<void> {
  await releaseReservations(db, basketId);
  const skus = lines.map((line) => line.sku);
  if (skus.length === 0) return;
  const short: { productName: string; available: number }[] = [];
  for (const line of lines.toSorted((a, b) => a.sku.localeCompare(b.sku))) {
    const [held] = await db
      .update(stockLevels)
      .set({ reserved: sql`${stockLevels.reserved} + ${line.quantity}` })
      .where(
        and(
          eq(stockLevels.sku, line.sku),
          sql`${stockLevels.status} <> 'made_to_order'`,
          sql`${stockLevels.onHand} - ${stockLevels.committed} - ${stockLevels.reserved} >= ${line.quantity}`,
        ),
      )
      .returning({ sku: stockLevels.sku });
    if (held) {
      await db.insert(stockReservations).values({ basketId, sku: line.sku, quantity: line.quantity, expiresAt });
      continue;
    }
    const [row] = await db.select().from(stockLevels).where(eq(stockLevels.sku, line.sku));
    if (row?.status === 'made_to_order') continue;
    short.push({ productName: line.productName, available: Math.max(0, (row?.onHand ?? 0) - (row?.committed ?? 0) - (row?.reserved ?? 0)) });
  }
  if (short.length > 0) throw InventoryErrors.outOfStock(short);
}

/** The order is placed: what the basket holds moves from reserved to committed. False when it holds nothing live. */
export async function commitReservations(db: Database, basketId: string, now: Date): Promise<boolean> {
  await lockHoldsOf(db, basketId);
  const held = await db
    .update(stockReservations)
    .set({ state: 'committed' })
    .where(and(eq(stockReservations.basketId, basketId), eq(stockReservations.state, 'held'), sql`${stockReservations.expiresAt} > ${now}`))
    .returning({ sku: stockReservations.sku, quantity: stockReservations.quantity });
  for (const line of held.toSorted((a, b) => a.sku.localeCompare(b.sku))) {
    await db
      .update(stockLevels)
      .set({ reserved: sql`${stockLevels.reserved} - ${line.quantity}`, committed: sql`${stockLevels.committed} + ${line.quantity}` })
      .where(eq(stockLevels.sku, line.sku));
  }
  return held.length > 0;
}

/**
 * The order placed from this basket is cancelled before it left the warehouse: what it committed
 * becomes available again (committed − n; on hand is untouched, the goods never left). Once only:
 * the reservations move from `committed` to `released` in the same statement that finds them, so a
 * second call gives back nothing. Made-to-order lines were never committed and are not touched.
 */
export async function releaseCommitted(db: Database, basketId: string): Promise<{ sku: string; quantity: number }[]> {
  const committed = await db
    .update(stockReservations)
    .set({ state: 'released' })
    .where(and(eq(stockReservations.basketId, basketId), eq(stockReservations.state, 'committed')))
    .returning({ sku: stockReservations.sku, quantity: stockReservations.quantity });
  const lines = committed.toSorted((a, b) => a.sku.localeCompare(b.sku));
  for (const line of lines) {
    await db.update(stockLevels).set({ committed: sql`${stockLevels.committed} - ${line.quantity}` }).where(eq(stockLevels.sku, line.sku));
  }
  return lines;
}

/** The skus a basket holds now, with quantities. */
export async function heldFor(db: Database, basketId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ sku: stockReservations.sku, quantity: stockReservations.quantity })
    .from(stockReservations)
    .where(and(eq(stockReservations.basketId, basketId), eq(stockReservations.state, 'held')));
  return new Map(rows.map((row) => [row.sku, row.quantity]));
}

/** Gives back holds that ran out (abandoned payments). Returns how many baskets it released. */
export async function releaseExpired(db: Database, now: Date, limit = 100): Promise<number> {
  const expired = await db
    .selectDistinct({ basketId: stockReservations.basketId })
    .from(stockReservations)
    .where(and(eq(stockReservations.state, 'held'), lte(stockReservations.expiresAt, now)))
    .orderBy(asc(stockReservations.basketId))
    .limit(limit);
  for (const { basketId } of expired) await releaseReservations(db, basketId);
  return expired.length;
}

/** Stock rows breaking the invariant (for tests and health checks): none, always. */
export async function stockInvariantViolations(db: Database, skus?: readonly string[]) {
  return db
    .select({ sku: stockLevels.sku, onHand: stockLevels.onHand, committed: stockLevels.committed, reserved: stockLevels.reserved })
    .from(stockLevels)
    .where(
      and(
        skus ? inArray(stockLevels.sku, [...skus]) : undefined,
        sql`${stockLevels.status} <> 'made_to_order' and (${stockLevels.onHand} - ${stockLevels.committed} - ${stockLevels.reserved} < 0 or ${stockLevels.reserved} < 0)`,
      ),
    );
}
