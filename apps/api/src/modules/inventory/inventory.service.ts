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
  const unique = [...new Set(skus)];
  if (unique.length === 0) return new Map();
  const counts = await repository.findStockCounts(db, unique, options.heldBy ?? null);
  return new Map(unique.map((sku) => [sku, availability(sku, counts.get(sku))]));
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
