import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { offerings, prices, products } from '../catalogue.tables.ts';
import { onSale } from './products.ts';

/** The SQL behind sellable-offerings.ts. */
function offeringsQuery(db: Database) {
  return (
    db
      .select({
        sku: offerings.sku,
        productId: products.id,
        productName: products.name,
        productSlug: products.slug,
        label: offerings.label,
        imageUrl: sql<string | null>`(select i.url from product_images i
          where i.product_id = ${products.id} and (i.offering_id is null or i.offering_id = ${offerings.id})
          order by i.position limit 1)`,
        categoryId: products.categoryId,
        brandId: products.brandId,
        isBundle: products.isBundle,
        deliveryClass: products.deliveryClass,
        packQty: offerings.packQty,
        priceIncVat: prices.priceIncVat,
        priceExVat: prices.priceExVat,
        wasPriceIncVat: prices.wasPriceIncVat,
        vatRateCode: prices.vatRateCode,
        returnability: products.returnability,
      })
      .from(offerings)
      .innerJoin(products, eq(products.id, offerings.productId))
      .innerJoin(prices, eq(prices.offeringId, offerings.id))
      // A withdrawn product's skus are not sold: a basket holding one shows it as no longer available.
      .where(and(sql`${offerings.sku} = any(${sql.placeholder('skus')}::text[])`, onSale))
      // Named, so PostgreSQL plans it once per connection: planning cost more than running it.
      .prepare('sellable_offerings')
  );
}
// Every basket change asks: the query is built once per database.
const offeringsQueries = new WeakMap<Database, ReturnType<typeof offeringsQuery>>();

export type SellableOfferingRow = Awaited<ReturnType<ReturnType<typeof offeringsQuery>['execute']>>[number];

/** The stored offering, product and price of each of `skus` that exists, in one prepared statement. */
export function sellableOfferingRows(db: Database, skus: readonly string[]): Promise<SellableOfferingRow[]> {
  let query = offeringsQueries.get(db);
  if (!query) offeringsQueries.set(db, (query = offeringsQuery(db)));
  return query.execute({ skus: [...new Set(skus)] });
}

/** The sizes and finishes each product is sold in, in the product page's order: what a line may be swapped to. */
export type Variants = Map<number, { sku: string; label: string }[]>;

export async function variantsOf(ctx: { db: Database }, productIds: readonly number[]): Promise<Variants> {
  const variants: Variants = new Map();
  if (productIds.length === 0) return variants;
  const rows = await ctx.db
    .select({ productId: offerings.productId, sku: offerings.sku, label: offerings.label })
    .from(offerings)
    .where(sql`${offerings.productId} = any(${sql.param([...new Set(productIds)])}::int[])`)
    .orderBy(asc(offerings.productId), asc(offerings.position), asc(offerings.id));
  for (const row of rows) {
    const list = variants.get(row.productId) ?? [];
    list.push({ sku: row.sku, label: row.label });
    variants.set(row.productId, list);
  }
  return variants;
}
