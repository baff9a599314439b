import type { ShopTable } from '@shop/contracts';

/** Each of the shop's own tables as staff choose it in the editor and a screen reader hears it on the page (decision 0123). */
export const SHOP_TABLE_CAPTIONS: Readonly<Record<ShopTable, string>> = {
  'delivery-options': 'Delivery options, prices and timings',
  'remote-delivery-areas': 'Delivery to the Highlands, islands and Northern Ireland',
  'trade-bands': 'Trade bands and their discounts',
  'review-rejection-reasons': 'The reasons a review may be rejected',
  'shop-cookies': 'Cookies the shop sets',
  'payment-provider-cookies': 'Cookies our payment provider sets',
  'shop-browser-storage': 'Browser storage the shop uses',
  'optional-browser-storage': 'Browser storage that is not strictly necessary',
};
