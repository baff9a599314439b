/**
 * Popularity and the "Best seller" badge, stored from what orders sold (`best-sellers.ts` decides):
 * worked out at start-up and then on a schedule by the best-sellers job, and once after the demo seed.
 */
import type { Database } from '../../db/client.ts';
import * as repository from './repository/popularity.ts';
import { bestSellers, POPULARITY_WINDOW_DAYS, unitsPerProduct } from './best-sellers.ts';

const DAY_MS = 86_400_000;

/** Sales since `now` less the window, from orders (given by the composition root: orders come after the catalogue). */
export type UnitsSoldSince = (ctx: { db: Database }, since: Date) => Promise<ReadonlyMap<string, number>>;

/**
 * Sets each product's popularity to its units sold in the window and the badge to the best sellers;
 * writes only what changed (every write moves the listings' change counter on). Returns how many products changed.
 */
export async function recountPopularity(db: Database, unitsSoldSince: UnitsSoldSince, now: Date): Promise<number> {
  const sold = await unitsSoldSince({ db }, new Date(now.getTime() - POPULARITY_WINDOW_DAYS * DAY_MS));
  return db.transaction(async (tx) => {
    const units = unitsPerProduct(sold, await repository.productIdsOfSkus(tx, [...sold.keys()]));
    const best = bestSellers(units, await repository.productCount(tx));
    const stale = await repository.productsWithPopularity(tx, [...units.keys()]);
    let changed = 0;
    for (const row of stale) {
      const popularity = units.get(row.id) ?? 0;
      if (popularity === row.popularity) continue;
      await repository.setPopularity(tx, row.id, popularity);
      changed += 1;
    }
    const had = new Set(await repository.bestSellerIds(tx));
    const dropped = [...had].filter((id) => !best.includes(id));
    const added = best.filter((id) => !had.has(id));
    if (dropped.length) await repository.dropBestSellers(tx, dropped);
    if (added.length) await repository.addBestSellers(tx, added);
    return changed + dropped.length + added.length;
  });
}
