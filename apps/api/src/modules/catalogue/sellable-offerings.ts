/**
 * What the basket, wishlists and checkout need to know to sell skus: the stored retail price and
 * its VAT rate (pricing prices it for the caller), pack, product ids for discount targeting,
 * delivery class, and what inventory says can be sold. Two reads for any number of skus.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Availability, AvailabilityOptions, InventoryService, StockStatus } from '../inventory/index.ts';
import { offerings, prices, products, type DELIVERY_CLASSES } from './catalogue.tables.ts';

export interface SellableOffering {
  sku: string;
  productId: number;
  productName: string;
  productSlug: string;
  label: string;
  imageUrl: string | null;
  categoryId: number;
  brandId: number;
  isBundle: boolean;
  deliveryClass: (typeof DELIVERY_CLASSES)[number];
  packQty: number;
  priceIncVat: number;
  priceExVat: number;
  wasPriceIncVat: number | null;
  vatRateCode: string;
  stockStatus: StockStatus;
  eta: string | null;
  /** How many can be sold now, by inventory's definition (`Infinity` when made to order). */
  sellable: Availability['sellable'];
}

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

/** The offerings of `skus` that exist; `heldBy` names the basket asking, whose own stock holds count as free to it. */
export async function findSellableOfferings(
  inventory: InventoryService,
  ctx: Pick<ServiceContext, 'db'>,
  skus: readonly string[],
  options: AvailabilityOptions = {},
): Promise<Map<string, SellableOffering>> {
  if (skus.length === 0) return new Map();
  const { db } = ctx;
  let query = offeringsQueries.get(db);
  if (!query) offeringsQueries.set(db, (query = offeringsQuery(db)));
  const rows = await query.execute({ skus: [...new Set(skus)] });
  if (rows.length === 0) return new Map();
  const stock = await inventory.availabilityOf(
    ctx,
    rows.map((row) => row.sku),
    options,
  );
  return new Map(
    rows.map((row) => {
      const { status, eta, sellable } = stock.get(row.sku)!;
      return [row.sku, { ...row, stockStatus: status, eta, sellable }];
    }),
  );
}
