/**
 * Popularity and the "Best seller" badge, stored from what orders sold (`best-sellers.ts` decides):
 * worked out at start-up and then on a schedule by the best-sellers job, and once after the demo seed.
 */
import { and, count, eq, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { offerings, productBadges, products } from './catalogue.tables.ts';
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
    const skus = [...sold.keys()];
    const skuRows = skus.length
      ? await tx.select({ sku: offerings.sku, productId: offerings.productId }).from(offerings).where(inArray(offerings.sku, skus))
      : [];
    const units = unitsPerProduct(sold, new Map(skuRows.map((row) => [row.sku, row.productId])));
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(products);
    const best = bestSellers(units, total);
    const stale = await tx
      .select({ id: products.id, popularity: products.popularity })
      .from(products)
      .where(units.size ? or(ne(products.popularity, 0), inArray(products.id, [...units.keys()])) : ne(products.popularity, 0));
    let changed = 0;
    for (const row of stale) {
      const popularity = units.get(row.id) ?? 0;
      if (popularity === row.popularity) continue;
      await tx.update(products).set({ popularity }).where(eq(products.id, row.id));
      changed += 1;
    }
    const badged = await tx.select({ id: productBadges.productId }).from(productBadges).where(eq(productBadges.badge, 'best_seller'));
    const had = new Set(badged.map((row) => row.id));
    const dropped = [...had].filter((id) => !best.includes(id));
    const added = best.filter((id) => !had.has(id));
    if (dropped.length) await tx.delete(productBadges).where(and(eq(productBadges.badge, 'best_seller'), inArray(productBadges.productId, dropped)));
    if (added.length) await tx.insert(productBadges).values(added.map((productId) => ({ productId, badge: 'best_seller' as const })));
    return changed + dropped.length + added.length;
  });
}
