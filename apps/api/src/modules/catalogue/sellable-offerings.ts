/**
 * What the basket (and later checkout) needs to know to sell skus: price, VAT rate, pack, product
 * ids for discount targeting, delivery class and stock. One query for any number of skus.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stockLevels, type StockStatus } from '../inventory/index.ts';
import { offerings, prices, products, vatRates, type DELIVERY_CLASSES } from './catalogue.tables.ts';

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
  vatBasisPoints: number;
  stockStatus: StockStatus;
  /** On the shelf and not yet claimed by open orders (never negative). */
  freeStock: number;
  eta: string | null;
}

export async function findSellableOfferings(db: Database, skus: readonly string[]): Promise<Map<string, SellableOffering>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      sku: offerings.sku,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      label: offerings.label,
      imageUrl: sql<string | null>`(select i.url from product_images i where i.product_id = ${products.id} and (i.offering_id is null or i.offering_id = ${offerings.id}) order by i.position limit 1)`,
      categoryId: products.categoryId,
      brandId: products.brandId,
      isBundle: products.isBundle,
      deliveryClass: products.deliveryClass,
      packQty: offerings.packQty,
      priceIncVat: prices.priceIncVat,
      priceExVat: prices.priceExVat,
      wasPriceIncVat: prices.wasPriceIncVat,
      vatRateCode: prices.vatRateCode,
      vatBasisPoints: vatRates.basisPoints,
      stockStatus: stockLevels.status,
      onHand: stockLevels.onHand,
      committed: stockLevels.committed,
      eta: stockLevels.eta,
    })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .innerJoin(vatRates, eq(vatRates.code, prices.vatRateCode))
    .leftJoin(stockLevels, eq(stockLevels.sku, offerings.sku))
    .where(sql`${offerings.sku} = any(${sql.placeholder('skus')}::text[])`)
    // Named, so PostgreSQL plans it once per connection: planning cost more than running it.
    .prepare('sellable_offerings')
    .execute({ skus: [...new Set(skus)] });
  return new Map(
    rows.map(({ onHand, committed, ...row }) => [
      row.sku,
      { ...row, stockStatus: row.stockStatus ?? 'out_of_stock', freeStock: Math.max(0, (onHand ?? 0) - (committed ?? 0)), eta: row.eta ?? null },
    ]),
  );
}
