/**
 * Holding stock for a payment (docs/domain.md §3: stock is reserved when payment starts, with an
 * expiry, and committed when the order is placed). Every change is a conditional
 * update on the sku's row, so two shoppers racing for the last unit cannot both hold it: the second
 * update finds nothing available and is refused. Rows are touched in sku order, so two baskets
 * sharing skus never deadlock.
 */
import type { Database } from '../../db/client.ts';
import { InventoryErrors } from './inventory.errors.ts';
import * as repository from './inventory.repository.ts';

export interface ReservationLine {
  sku: string;
  quantity: number;
  productName: string;
}

const bySku = <T extends { sku: string }>(lines: readonly T[]) => lines.toSorted((a, b) => a.sku.localeCompare(b.sku));

/** Gives back what a basket holds (state `held`), in the caller's transaction. */
export async function releaseReservations(db: Database, basketId: string): Promise<number> {
  await repository.lockHoldsOf(db, basketId);
  const held = await repository.moveHolds(db, basketId, 'held', 'released');
  for (const line of bySku(held)) await repository.adjustStock(db, line.sku, { reserved: -line.quantity });
  return held.length;
}

/**
 * Holds the basket's stocked lines until `expiresAt`, replacing what it held before; made-to-order
 * goods need no hold. All or nothing: a line that cannot be held refuses the lot (409 OUT_OF_STOCK,
 * naming each short line), and the caller's transaction rolls back.
 */
export async function reserveStock(db: Database, basketId: string, lines: readonly ReservationLine[], expiresAt: Date): Promise<void> {
  await releaseReservations(db, basketId);
  if (lines.length === 0) return;
  const short: { productName: string; available: number }[] = [];
  for (const line of bySku(lines)) {
    if (await repository.reserveIfFree(db, line.sku, line.quantity)) {
      await repository.insertHold(db, { basketId, sku: line.sku, quantity: line.quantity, expiresAt });
      continue;
    }
    const row = await repository.findStockLevel(db, line.sku);
    if (row?.status === 'made_to_order') continue;
    short.push({ productName: line.productName, available: Math.max(0, (row?.onHand ?? 0) - (row?.committed ?? 0) - (row?.reserved ?? 0)) });
  }
  if (short.length > 0) throw InventoryErrors.outOfStock(short);
}

/** The order is placed: what the basket holds moves from reserved to committed. False when it holds nothing live. */
export async function commitReservations(db: Database, basketId: string, now: Date): Promise<boolean> {
  await repository.lockHoldsOf(db, basketId);
  const held = await repository.moveHolds(db, basketId, 'held', 'committed', now);
  for (const line of bySku(held)) await repository.adjustStock(db, line.sku, { reserved: -line.quantity, committed: line.quantity });
  return held.length > 0;
}

/**
 * The order placed from this basket is cancelled before it left the warehouse: what it committed
 * becomes available again (committed − n; on hand is untouched, the goods never left). Once only:
 * the reservations move from `committed` to `released` in the same statement that finds them, so a
 * second call gives back nothing. Made-to-order lines were never committed and are not touched.
 */
export async function releaseCommitted(db: Database, basketId: string): Promise<{ sku: string; quantity: number }[]> {
  const lines = bySku(await repository.moveHolds(db, basketId, 'committed', 'released'));
  for (const line of lines) await repository.adjustStock(db, line.sku, { committed: -line.quantity });
  return lines;
}

/**
 * Some lines of the basket's order are cancelled before it left (the help centre): that much of
 * each sku's committed hold is released and can be sold again. Only what is still committed moves,
 * so a repeat cannot give back more than was held.
 */
export async function releaseCommittedLines(
  db: Database,
  basketId: string,
  lines: readonly { sku: string; quantity: number }[],
): Promise<{ sku: string; quantity: number }[]> {
  const released: { sku: string; quantity: number }[] = [];
  for (const line of bySku(lines)) {
    const taken = await repository.takeFromCommittedHold(db, basketId, line.sku, line.quantity);
    if (taken > 0) {
      await repository.adjustStock(db, line.sku, { committed: -taken });
      released.push({ sku: line.sku, quantity: taken });
    }
  }
  return released;
}

/** The skus a basket holds now, with quantities. */
export async function heldFor(db: Database, basketId: string): Promise<Map<string, number>> {
  return new Map((await repository.findHolds(db, basketId)).map((row) => [row.sku, row.quantity]));
}

/** Gives back holds that ran out (abandoned payments). Returns how many baskets it released. */
export async function releaseExpired(db: Database, now: Date, limit = 100): Promise<number> {
  const expired = await repository.findBasketsWithExpiredHolds(db, now, limit);
  for (const basketId of expired) await releaseReservations(db, basketId);
  return expired.length;
}

/** Stock rows breaking the invariant (for tests and health checks): none, always. */
export function stockInvariantViolations(db: Database, skus?: readonly string[]) {
  return repository.findStockViolations(db, skus);
}
