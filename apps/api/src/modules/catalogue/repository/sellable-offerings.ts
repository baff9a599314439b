import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { offerings, prices, products } from '../catalogue.tables.ts';

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
      .where(sql`${offerings.sku} = any(${sql.placeholder('skus')}::text[])`)
      // Named, so PostgreSQL plans it once per connection: planning cost more than running it.
      .prepare('sellable_offerings')
  );
}
// Every basket change asks: the query is built once per database.
const offeringsQueries = new WeakMap<Database, ReturnType<typeof offeringsQuery>>();

/** The stored offering, product and price of each of `skus` that exists, in one prepared statement. */
export function sellableOfferingRows(db: Database, skus: readonly string[]) {
  let query = offeringsQueries.get(db);
  if (!query) offeringsQueries.set(db, (query = offeringsQuery(db)));
  return query.execute({ skus: [...new Set(skus)] });
}
