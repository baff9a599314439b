import type { ServiceContext, TransactionContext } from '../../platform/context.ts';
import { availability, type Availability, type StockCount } from './availability.ts';
import * as repository from './inventory.repository.ts';
import { commitPastOrders, type PastOrder } from './past-orders.ts';
import { countRefused } from './stock-counts.ts';

/** A sku's stock row as counted (staff's stock screen). */
export interface StockRecord {
  sku: string;
  onHand: number;
  committed: number;
  reserved: number;
  status: Availability['status'];
}
import * as reservations from './reservations.ts';
import type { ReservationLine } from './reservations.ts';

/** Inventory's calls read and write stock in the caller's database or transaction: they need no more. */
type InventoryContext = Pick<ServiceContext, 'db'>;

export interface AvailabilityOptions {
  /** A basket paying now: what it holds itself counts as free to it. */
  heldBy?: string | null;
}

export interface StockLevel {
  sku: string;
  onHand: number;
  status: Availability['status'];
  eta: string | null;
}

/**
 * Stock per sku and the holds payments put on it. The catalogue, the basket and wishlists ask what
 * can be sold (`availabilityOf`, the one definition); checkout holds and commits stock; orders give
 * it back on cancellation. Changes to holds run in the caller's transaction (`ctx.db`).
 */
export interface InventoryService {
  /**
   * What can be sold now of each sku asked (`availability.ts`), in one read however many are asked:
   * the listing snapshot asks for thousands at a time, a basket for its lines.
   */
  availabilityOf(ctx: InventoryContext, skus: readonly string[], options?: AvailabilityOptions): Promise<Map<string, Availability>>;
  /** `availabilityOf` and a check of wanted quantities against it, read inside another module's statement (decision 0116). */
  stockCheck(skus: readonly string[], wanted: readonly { sku: string; quantity: number }[], heldBy: string): StockCheck;
  /** Records the stock of new skus (the catalogue's seed; later a stock feed). */
  addStockLevels(ctx: InventoryContext, levels: readonly StockLevel[]): Promise<void>;
  /**
   * Holds the basket's stocked lines until `expiresAt`, replacing what it held before, after giving
   * back other baskets' holds on them that ran out by `now`; all or nothing (409 OUT_OF_STOCK).
   */
  reserveStock(ctx: TransactionContext, basketId: string, lines: readonly ReservationLine[], expiresAt: Date, now: Date): Promise<void>;
  /** Gives back what a basket holds. Returns how many holds it released. */
  releaseReservations(ctx: TransactionContext, basketId: string): Promise<number>;
  /** The order is placed: what the basket holds moves from reserved to committed. False when it holds nothing live at `now`. */
  commitReservations(ctx: TransactionContext, basketId: string, now: Date): Promise<boolean>;
  /** An order placed with no hold before it (on account): its lines' stock committed at once, as a hold then its commit would. */
  commitStock(ctx: TransactionContext, basketId: string, lines: readonly ReservationLine[], now: Date): Promise<void>;
  /**
   * Past orders written as demo data: their stocked lines committed to their baskets as a placed
   * order's are, on stock that arrived for them, so what is free now is unchanged (`past-orders.ts`).
   */
  commitPastOrders(ctx: InventoryContext, orders: readonly PastOrder[]): Promise<void>;
  /** The basket's order is cancelled before it left: what it committed can be sold again, once. */
  releaseCommitted(ctx: TransactionContext, basketId: string): Promise<{ sku: string; quantity: number }[]>;
  /** Some lines of the basket's order are cancelled before it left: that much of each sku can be sold again. */
  releaseCommittedLines(
    ctx: TransactionContext,
    basketId: string,
    lines: readonly { sku: string; quantity: number }[],
  ): Promise<{ sku: string; quantity: number }[]>;
  /**
   * Gives back up to `limit` holds that ran out by `now` (abandoned payments), and only those, with
   * their stock, in one transaction. Returns how many holds it released.
   */
  releaseExpired(ctx: InventoryContext, now: Date, limit?: number): Promise<number>;
  /** Moves up to `limit` holds committed lately from their stock rows' reserved count to committed (decision 0161); how many. */
  countCommittedHolds(ctx: InventoryContext, limit?: number): Promise<number>;
  /** The skus a basket holds now, with quantities. */
  heldFor(ctx: InventoryContext, basketId: string): Promise<Map<string, number>>;
  /** Stock rows breaking on hand = available + committed + reserved (for tests and health checks): none, always. */
  stockInvariantViolations(ctx: InventoryContext, skus?: readonly string[]): Promise<{ sku: string; onHand: number; committed: number; reserved: number }[]>;
  /** A sku's stock row as counted (staff's stock screen); undefined when it has none. */
  stockRecord(ctx: InventoryContext, sku: string): Promise<StockRecord | undefined>;
  /** Stock arrived (a staff restock): on hand goes up, and an out-of-stock sku can be sold again. */
  addStock(ctx: InventoryContext, sku: string, quantity: number, now: Date): Promise<StockRecord>;
  /** The stock rows of the skus asked that have one (an import's dry run). */
  stockRecords(ctx: InventoryContext, skus: readonly string[]): Promise<Map<string, StockRecord>>;
  /**
   * The shelf counted (an import or a feed): on hand set to `onHand`, in the caller's transaction, only
   * while it covers what orders and payments hold (`below-held` otherwise; `made-to-order` keeps none).
   */
  setStockOnHand(
    ctx: InventoryContext,
    sku: string,
    onHand: number,
    now: Date,
  ): Promise<{ set: StockRecord } | { refused: 'below-held' | 'made-to-order'; held: number }>;
  /**
   * Several shelves about to be counted (an import's batch): their rows locked until the caller's
   * transaction ends, so what is held cannot change before `setStocksOnHand`; each count's stock
   * before, and why it would be refused (as `setStockOnHand` refuses it), or null.
   */
  lockForCounts(
    ctx: InventoryContext,
    counts: readonly { sku: string; onHand: number }[],
  ): Promise<Map<string, { before: number; refused: 'below-held' | 'made-to-order' | null }>>;
  /** Several shelves counted at once (an import's batch), each as `setStockOnHand` sets it; returns the skus set (a refused one is not). */
  setStocksOnHand(ctx: InventoryContext, counts: readonly { sku: string; onHand: number }[], now: Date): Promise<Set<string>>;
}

/**
 * Parts of a statement another module sends: `counts` reads the stock of the skus asked (a JSON
 * array), `short` is true when any wanted quantity is more than can be sold, both as `availabilityOf`
 * defines it; `read` turns what `counts` returned into that availability.
 */
export interface StockCheck extends repository.StockParts {
  read(counts: unknown): Map<string, Availability>;
}

function stockCheck(skus: readonly string[], wanted: readonly { sku: string; quantity: number }[], heldBy: string): StockCheck {
  return {
    ...repository.stockCountsIn(skus, wanted, heldBy),
    read: (counts) => availabilityFrom(skus, counts as (StockCount & { sku: string })[]),
  };
}

function availabilityFrom(skus: readonly string[], counts: readonly (StockCount & { sku: string })[]): Map<string, Availability> {
  const found = new Map<string, Availability>();
  for (const count of counts) found.set(count.sku, availability(count.sku, count));
  // A sku without a stock row is out of stock (`availability` says how).
  for (const sku of skus) if (!found.has(sku)) found.set(sku, availability(sku, undefined));
  return found;
}

async function availabilityOf(db: InventoryContext['db'], skus: readonly string[], options: AvailabilityOptions = {}): Promise<Map<string, Availability>> {
  if (skus.length === 0) return new Map();
  return availabilityFrom(skus, await repository.findStockCounts(db, skus, options.heldBy ?? null));
}

export function createInventoryService(): InventoryService {
  return {
    availabilityOf: (ctx, skus, options) => availabilityOf(ctx.db, skus, options),
    stockCheck,
    addStockLevels: (ctx, levels) => repository.insertStockLevels(ctx.db, levels),
    reserveStock: (ctx, basketId, lines, expiresAt, now) => reservations.reserveStock(ctx.db, basketId, lines, expiresAt, now),
    releaseReservations: (ctx, basketId) => reservations.releaseReservations(ctx.db, basketId),
    commitReservations: (ctx, basketId, now) => reservations.commitReservations(ctx.db, basketId, now),
    commitStock: (ctx, basketId, lines, now) => reservations.commitStock(ctx.db, basketId, lines, now),
    commitPastOrders: (ctx, orders) => commitPastOrders(ctx.db, orders),
    releaseCommitted: (ctx, basketId) => reservations.releaseCommitted(ctx.db, basketId),
    releaseCommittedLines: (ctx, basketId, lines) => reservations.releaseCommittedLines(ctx.db, basketId, lines),
    releaseExpired: (ctx, now, limit) => reservations.releaseExpired(ctx.db, now, limit),
    countCommittedHolds: (ctx, limit) => reservations.countCommittedHolds(ctx.db, limit),
    heldFor: (ctx, basketId) => reservations.heldFor(ctx.db, basketId),
    stockInvariantViolations: (ctx, skus) => reservations.stockInvariantViolations(ctx.db, skus),
    stockRecord: (ctx, sku) => repository.findStockRecord(ctx.db, sku),
    addStock: (ctx, sku, quantity, now) => repository.addOnHand(ctx.db, sku, quantity, now),
    stockRecords: async (ctx, skus) => new Map((await repository.findStockRecords(ctx.db, skus)).map((row) => [row.sku, row])),
    setStockOnHand: async (ctx, sku, onHand, now) => {
      const set = await repository.setOnHand(ctx.db, sku, onHand, now);
      if (set) return { set };
      const row = (await repository.findStockRecord(ctx.db, sku))!;
      return { refused: countRefused(row, onHand) ?? 'below-held', held: row.committed + row.reserved };
    },
    lockForCounts: async (ctx, counts) => {
      const records = new Map(
        (
          await repository.lockStockRecords(
            ctx.db,
            counts.map((count) => count.sku),
          )
        ).map((row) => [row.sku, row]),
      );
      return new Map(
        counts.map(({ sku, onHand }) => {
          const record = records.get(sku);
          return [sku, { before: record?.onHand ?? 0, refused: record ? countRefused(record, onHand) : null }];
        }),
      );
    },
    setStocksOnHand: (ctx, counts, now) => repository.setOnHandOfMany(ctx.db, counts, now),
  };
}
