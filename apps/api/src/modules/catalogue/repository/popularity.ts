import { and, count, eq, inArray, ne, or } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { offerings, productBadges, products } from '../catalogue.tables.ts';

/** The SQL of popularity and the "Best seller" badge (popularity.ts holds the rules). */

/** The product of each of these skus. */
export async function productIdsOfSkus(db: Transaction, skus: readonly string[]): Promise<Map<string, number>> {
  const rows = skus.length
    ? await db
        .select({ sku: offerings.sku, productId: offerings.productId })
        .from(offerings)
        .where(inArray(offerings.sku, [...skus]))
    : [];
  return new Map(rows.map((row) => [row.sku, row.productId]));
}

export async function productCount(db: Transaction): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products);
  return total;
}

/** Products whose popularity may change: those with some now, and those of `sold`. */
export function productsWithPopularity(db: Transaction, sold: readonly number[]) {
  return db
    .select({ id: products.id, popularity: products.popularity })
    .from(products)
    .where(sold.length ? or(ne(products.popularity, 0), inArray(products.id, [...sold])) : ne(products.popularity, 0));
}

export async function setPopularity(db: Transaction, productId: number, popularity: number): Promise<void> {
  await db.update(products).set({ popularity }).where(eq(products.id, productId));
}

export async function bestSellerIds(db: Transaction): Promise<number[]> {
  const rows = await db.select({ id: productBadges.productId }).from(productBadges).where(eq(productBadges.badge, 'best_seller'));
  return rows.map((row) => row.id);
}

export async function dropBestSellers(db: Transaction, productIds: readonly number[]): Promise<void> {
  await db.delete(productBadges).where(and(eq(productBadges.badge, 'best_seller'), inArray(productBadges.productId, [...productIds])));
}

export async function addBestSellers(db: Transaction, productIds: readonly number[]): Promise<void> {
  await db.insert(productBadges).values(productIds.map((productId) => ({ productId, badge: 'best_seller' as const })));
}
