/**
 * What the basket, wishlists and checkout need to know to sell skus: the stored retail price and
 * its VAT rate (pricing prices it for the caller), pack, product ids for discount targeting,
 * delivery class, and what inventory says can be sold. Two reads, sent together, for any number of skus.
 */
import type { ServiceContext } from '../../platform/context.ts';
import type { Availability, AvailabilityOptions, InventoryService, StockStatus } from '../inventory/index.ts';
import type { DELIVERY_CLASSES } from './catalogue.tables.ts';
import type { Returnability } from './returnability.ts';
import { sellableOfferingRows } from './repository/sellable-offerings.ts';

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
  /** Whether it may be returned (the order confirmation states it, decision 0053). */
  returnability: Returnability;
  stockStatus: StockStatus;
  eta: string | null;
  /** How many can be sold now, by inventory's definition (`Infinity` when made to order). */
  sellable: Availability['sellable'];
}

/** The offerings of `skus` that exist; `heldBy` names the basket asking, whose own stock holds count as free to it. */
export async function findSellableOfferings(
  inventory: InventoryService,
  ctx: Pick<ServiceContext, 'db'>,
  skus: readonly string[],
  options: AvailabilityOptions = {},
): Promise<Map<string, SellableOffering>> {
  if (skus.length === 0) return new Map();
  // Both reads at once (the stock of a sku that turns out not to exist is not used): on PostgreSQL
  // each on a connection of its own, or one after the other without waiting inside a transaction.
  const unique = [...new Set(skus)];
  const [rows, stock] = await Promise.all([sellableOfferingRows(ctx.db, unique), inventory.availabilityOf(ctx, unique, options)]);
  return new Map(
    rows.map((row) => {
      const { status, eta, sellable } = stock.get(row.sku)!;
      return [row.sku, { ...row, stockStatus: status, eta, sellable }];
    }),
  );
}
