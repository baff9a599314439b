/**
 * A basket's lines, pure: how many of an offering a basket may hold, and a stored line as the
 * shopper sees it, with its price (worked out by pricing) and whether it can still be sold (what
 * inventory says can be sold, as the catalogue's offering carries it).
 */
import type { BasketLine } from '@shop/contracts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { UnitPrice } from '../pricing/index.ts';

export const MAX_QUANTITY = 999;
export const MAX_LINES = 100;

/** How many packs of an offering a basket line can hold now: what can be sold, at most MAX_QUANTITY. */
export function sellableQuantity(offering: SellableOffering | undefined): number {
  return offering ? Math.min(MAX_QUANTITY, offering.sellable) : 0;
}

export interface StoredLine {
  sku: string;
  quantity: number;
}

/** The product name and variant label of a sku the basket can no longer sell (withdrawn, or no longer made), as the catalogue still has them. */
export interface LineName {
  productName: string;
  label: string;
}

/**
 * A line as shown: the offering it names (when it can still be sold) and that offering's unit price for the caller.
 * One that cannot be sold is named by its product and variant when the catalogue still has them (by its code when not),
 * with no price and nothing to buy: it can only be removed.
 */
export function priceLine(line: StoredLine, priced: { offering: SellableOffering; price: UnitPrice } | undefined, name?: LineName): BasketLine {
  if (!priced) {
    return {
      sku: line.sku,
      productId: 0,
      productName: name?.productName ?? line.sku,
      productSlug: '',
      label: name?.label ?? '',
      imageUrl: null,
      packQty: 1,
      quantity: line.quantity,
      stockStatus: 'out_of_stock',
      maxQuantity: 0,
      deliveryClass: 'parcel',
      available: false,
      unavailableReason: 'sku_not_found',
      unitPriceIncVat: 0,
      unitPriceExVat: 0,
      wasUnitPriceIncVat: null,
      lineTotalIncVat: 0,
      lineTotalExVat: 0,
      lineSavingsIncVat: 0,
    };
  }
  const { offering, price } = priced;
  const max = sellableQuantity(offering);
  const reason = max === 0 ? 'out_of_stock' : line.quantity > max ? 'insufficient_stock' : null;
  return {
    sku: offering.sku,
    productId: offering.productId,
    productName: offering.productName,
    productSlug: offering.productSlug,
    label: offering.label,
    imageUrl: offering.imageUrl,
    packQty: offering.packQty,
    quantity: line.quantity,
    stockStatus: offering.stockStatus,
    maxQuantity: max,
    deliveryClass: offering.deliveryClass,
    available: reason === null,
    unavailableReason: reason,
    unitPriceIncVat: price.incVat,
    unitPriceExVat: price.exVat,
    wasUnitPriceIncVat: price.wasIncVat,
    lineTotalIncVat: price.incVat * line.quantity,
    lineTotalExVat: price.exVat * line.quantity,
    lineSavingsIncVat: price.wasIncVat ? (price.wasIncVat - price.incVat) * line.quantity : 0,
  };
}
