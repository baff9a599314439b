/**
 * Wishlist arithmetic, pure: what an item costs today (retail or trade, as pricing prices it for the
 * shopper), whether it can be bought (inventory's word, carried by the offering), and what changed
 * since the shopper last looked.
 */
import { formatPenceShort, type WishlistItem, type WishlistNotice } from '@shop/contracts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { UnitPrice } from '../pricing/index.ts';

export const MAX_QUANTITY = 999;
export const MAX_ITEMS = 200;

export interface StoredItem {
  sku: string;
  quantity: number;
  note: string | null;
  priceWhenAddedIncVat: number;
  lastSeenIncVat: number;
  lastSeenAvailable: boolean;
  addedAt: Date;
}

/** An offering still sold, with its unit price for this shopper. */
export interface Offer {
  offering: SellableOffering;
  price: UnitPrice;
}

/** Today's price of an offering for this shopper; 0 when it is no longer sold. */
export const priceToday = (offer: Offer | undefined): number => offer?.price.incVat ?? 0;

export function describeItem(item: StoredItem, offer: Offer | undefined): WishlistItem {
  const base = {
    sku: item.sku,
    quantity: item.quantity,
    note: item.note,
    addedAt: item.addedAt.toISOString(),
    priceWhenAddedIncVat: item.priceWhenAddedIncVat,
  };
  if (!offer) {
    return {
      ...base,
      productId: 0,
      productName: item.sku,
      productSlug: '',
      label: '',
      imageUrl: null,
      available: false,
      stockStatus: 'out_of_stock',
      unavailableReason: 'sku_not_found',
      priceIncVat: 0,
      priceExVat: 0,
      wasPriceIncVat: null,
    };
  }
  const { offering, price } = offer;
  const available = offering.sellable > 0;
  return {
    ...base,
    productId: offering.productId,
    productName: offering.productName,
    productSlug: offering.productSlug,
    label: offering.label,
    imageUrl: offering.imageUrl,
    available,
    stockStatus: offering.stockStatus,
    unavailableReason: available ? null : 'out_of_stock',
    priceIncVat: price.incVat,
    priceExVat: price.exVat,
    wasPriceIncVat: price.wasIncVat,
  };
}

/** What a refresh tells the shopper about one item, compared with what they saw last time. */
export function changesSinceLastSeen(item: StoredItem, now: WishlistItem): WishlistNotice[] {
  const notices: WishlistNotice[] = [];
  const name = now.productName;
  if (now.unavailableReason === 'sku_not_found') {
    if (item.lastSeenAvailable) notices.push({ type: 'unavailable', sku: item.sku, message: `${item.sku} is no longer sold.` });
    return notices;
  }
  if (item.lastSeenAvailable && !now.available) notices.push({ type: 'unavailable', sku: item.sku, message: `${name} is out of stock at the moment.` });
  if (!item.lastSeenAvailable && now.available) notices.push({ type: 'back_in_stock', sku: item.sku, message: `${name} is back in stock.` });
  if (item.lastSeenIncVat > 0 && now.priceIncVat < item.lastSeenIncVat) {
    notices.push({
      type: 'price_dropped',
      sku: item.sku,
      from: item.lastSeenIncVat,
      to: now.priceIncVat,
      message: `${name} is now ${formatPenceShort(now.priceIncVat)}, down from ${formatPenceShort(item.lastSeenIncVat)}.`,
    });
  }
  if (item.lastSeenIncVat > 0 && now.priceIncVat > item.lastSeenIncVat) {
    notices.push({
      type: 'price_rose',
      sku: item.sku,
      from: item.lastSeenIncVat,
      to: now.priceIncVat,
      message: `${name} is now ${formatPenceShort(now.priceIncVat)}, up from ${formatPenceShort(item.lastSeenIncVat)}.`,
    });
  }
  return notices;
}

/** An item as first written: today's price is both the price "when added" and the last one seen. */
export function freshItem(sku: string, offer: Offer | undefined, fields: Pick<StoredItem, 'quantity' | 'note' | 'addedAt'>): StoredItem {
  const price = priceToday(offer);
  return { sku, ...fields, priceWhenAddedIncVat: price, lastSeenIncVat: price, lastSeenAvailable: (offer?.offering.sellable ?? 0) > 0 };
}
