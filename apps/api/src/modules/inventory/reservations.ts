/**
 * Holding stock for a payment (docs/domain.md §3: stock is reserved when payment starts, with an
 * expiry, and committed when the order is placed). Every change is a conditional
 * update on the sku's row, so two shoppers racing for the last unit cannot both hold it: the second
 * update finds nothing available and is refused. Rows are touched in sku order, so two baskets
 * sharing skus never deadlock. A hold that ran out is given back by the statement that checks it
 * ran out, with its stock, in one transaction: by the next payment start for its skus, and by the
 * `stock-hold-expiry` job for the rest (decision 0050).
 */
import type { Database, Transaction } from '../../db/client.ts';
import { InventoryErrors } from './inventory.errors.ts';
import * as repository from './inventory.repository.ts';

export interface ReservationLine {
  sku: string;
  quantity: number;
  productName: string;
}

const bySku = <T extends { sku: string }>(lines: readonly T[]) => lines.toSorted((a, b) => a.sku.localeCompare(b.sku));

/** Units per sku, in sku order (the order every change takes stock rows in). */
function unitsBySku(lines: readonly repository.HeldLine[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of bySku(lines)) units.set(line.sku, (units.get(line.sku) ?? 0) + line.quantity);
  return units;
}

/** Gives back what a basket holds (state `held`), in the caller's transaction. */
export async function releaseReservations(db: Transaction, basketId: string): Promise<number> {
  await repository.lockHoldsOf(db, basketId);
  const held = await repository.moveHolds(db, basketId, 'held', 'released');
  for (const line of bySku(held)) await repository.adjustStock(db, line.sku, { reserved: -line.quantity });
  return held.length;
}

/** Run-out holds one payment start gives back at most: the job gives back the rest. */
const RUN_OUT_PER_START = 100;

/**
 * Holds the basket's stocked lines until `expiresAt`, replacing what it held before; made-to-order
 * goods need no hold. Other baskets' holds on these skus that ran out by `now` are given back first,
 * so an abandoned payment never keeps the last unit from a shopper paying now. All or nothing: a line
 * that cannot be held refuses the lot (409 OUT_OF_STOCK, naming each short line), and the caller's
 * transaction rolls back.
 */
export async function reserveStock(db: Transaction, basketId: string, lines: readonly ReservationLine[], expiresAt: Date, now: Date): Promise<void> {
  await holdOrCommit(db, basketId, lines, { state: 'held', expiresAt }, now);
}

/**
 * The order is placed with no hold before it (an order on account, decision 0121): the basket's stocked lines go
 * straight to committed, in the placing transaction, as `reserveStock` then `commitReservations` would leave them (a
 * committed hold per line, so a cancellation gives it back), and whatever the basket held before is given back. All or
 * nothing, refused as `reserveStock` refuses; the same conditional update on each stock row, so no unit is sold twice.
 */
export async function commitStock(db: Transaction, basketId: string, lines: readonly ReservationLine[], now: Date): Promise<void> {
  await holdOrCommit(db, basketId, lines, { state: 'committed', expiresAt: now }, now);
}

async function holdOrCommit(
  db: Transaction,
  basketId: string,
  lines: readonly ReservationLine[],
  into: { state: 'held' | 'committed'; expiresAt: Date },
  now: Date,
): Promise<void> {
  // The basket's own holds first, waiting for any change to them, while no stock row is held yet; then one statement
  // (pipelined behind the lock, it runs once the lock is granted) gives back the basket's holds and the run-out holds
  // of its skus, and takes each line from its stock row, the rows in sku order.
  const wanted = new Map(lines.map((line) => [line.sku, line]));
  const asked = bySku([...wanted.values()]);
  const [, held] = await Promise.all([repository.lockHoldsOf(db, basketId), repository.holdLines(db, basketId, asked, into, now, RUN_OUT_PER_START)]);
  const short = held
    .filter((line) => !line.held && line.status !== 'made_to_order')
    .map((line) => ({ productName: wanted.get(line.sku)!.productName, available: Math.max(0, line.available) }));
  if (short.length > 0) throw InventoryErrors.outOfStock(short);
}

/** The order is placed: what the basket holds moves from reserved to committed. False when it holds nothing live. */
export async function commitReservations(db: Transaction, basketId: string, now: Date): Promise<boolean> {
  // The lock and the move go together (pipelined): the move runs once the lock is granted.
  const [, moved] = await Promise.all([repository.lockHoldsOf(db, basketId), repository.commitHolds(db, basketId, now)]);
  return moved > 0;
}

/**
 * The order placed from this basket is cancelled before it left the warehouse: what it committed
 * becomes available again (committed − n; on hand is untouched, the goods never left). Once only:
 * the reservations move from `committed` to `released` in the same statement that finds them, so a
 * second call gives back nothing. Made-to-order lines were never committed and are not touched.
 */
export async function releaseCommitted(db: Transaction, basketId: string): Promise<{ sku: string; quantity: number }[]> {
  const lines = bySku(await repository.moveHolds(db, basketId, 'committed', 'released'));
  // A hold committed lately may still be counted as reserved on its stock row (decision 0161).
  for (const line of lines) await repository.adjustStock(db, line.sku, line.stillReserved ? { reserved: -line.quantity } : { committed: -line.quantity });
  return lines.map(({ sku, quantity }) => ({ sku, quantity }));
}

/**
 * Some lines of the basket's order are cancelled before it left (the help centre): that much of
 * each sku's committed hold is released and can be sold again. Only what is still committed moves,
 * so a repeat cannot give back more than was held.
 */
export async function releaseCommittedLines(
  db: Transaction,
  basketId: string,
  lines: readonly { sku: string; quantity: number }[],
): Promise<{ sku: string; quantity: number }[]> {
  const released: { sku: string; quantity: number }[] = [];
  for (const line of bySku(lines)) {
    const taken = await repository.takeFromCommittedHold(db, basketId, line.sku, line.quantity);
    if (taken.committed + taken.reserved > 0) {
      await repository.adjustStock(db, line.sku, { committed: -taken.committed, reserved: -taken.reserved });
      released.push({ sku: line.sku, quantity: taken.committed + taken.reserved });
    }
  }
  return released;
}

/** The skus a basket holds now, with quantities. */
export async function heldFor(db: Database, basketId: string): Promise<Map<string, number>> {
  return new Map((await repository.findHolds(db, basketId)).map((row) => [row.sku, row.quantity]));
}

/**
 * Gives back up to `limit` holds that ran out by `now` (abandoned payments), with their stock, in one
 * transaction of its own (a savepoint in the caller's). Live holds are never touched. Returns how
 * many holds it released.
 */
export function releaseExpired(db: Database, now: Date, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const released = await repository.releaseExpiredHolds(tx, now, { limit });
    for (const [sku, units] of unitsBySku(released)) await repository.adjustStock(tx, sku, { reserved: -units });
    return released.length;
  });
}

/**
 * Moves up to `limit` committed holds still counted as reserved to their stock rows' committed count (decision 0161): one
 * statement, so it needs no transaction of its own. How many moved.
 */
export function countCommittedHolds(db: Database, limit = 500): Promise<number> {
  return repository.countCommittedHolds(db, limit);
}

/** Stock rows breaking the invariant (for tests and health checks): none, always. */
export function stockInvariantViolations(db: Database, skus?: readonly string[]) {
  return repository.findStockViolations(db, skus);
}
