import type { Database } from '../../db/client.ts';
import { availability, type Availability } from './availability.ts';
import * as repository from './inventory.repository.ts';

export interface AvailabilityOptions {
  /** A basket paying now: what it holds itself counts as free to it. */
  heldBy?: string | null;
}

/**
 * What can be sold now of each sku asked (`availability.ts`), in one read however many are asked:
 * the listing snapshot asks for thousands at a time, a basket for its lines.
 */
export async function availabilityOf(db: Database, skus: readonly string[], options: AvailabilityOptions = {}): Promise<Map<string, Availability>> {
  if (skus.length === 0) return new Map();
  const found = new Map<string, Availability>();
  for (const count of await repository.findStockCounts(db, skus, options.heldBy ?? null)) found.set(count.sku, availability(count.sku, count));
  // A sku without a stock row is out of stock (`availability` says how).
  for (const sku of skus) if (!found.has(sku)) found.set(sku, availability(sku, undefined));
  return found;
}

export interface StockLevel {
  sku: string;
  onHand: number;
  status: Availability['status'];
  eta: string | null;
}

/** Records the stock of new skus (the catalogue's seed; later a stock feed). */
export async function addStockLevels(db: Database, levels: readonly StockLevel[]): Promise<void> {
  await repository.insertStockLevels(db, levels);
}
