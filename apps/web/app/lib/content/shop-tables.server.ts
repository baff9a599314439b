import {
  formatPence,
  formatPenceShort,
  REMOTE_DELIVERY_ZONES,
  REVIEW_REJECTION_REASON_NAMES,
  REVIEW_REJECTION_REASONS,
  zoneDeliveryText,
  type ShopTable,
} from '@shop/contracts';
import { data } from 'react-router';
import { paymentsClient } from '../api.server.ts';
import { DELIVERY_OPTIONS } from '../shop-facts.ts';
import { SHOP_TABLE_CAPTIONS } from './shop-table-captions.ts';
import { bandsInOrder, discountText, qualifiesText } from '../trade/bands.ts';
import { loadTradeBands } from '../trade/trade-api.server.ts';
import type { DrawnRichText } from './drawn-page.ts';
import { DEVICE_ID_STORAGE, RECENTLY_VIEWED_STORAGE, SHOP_BROWSER_STORAGE, SHOP_COOKIES, STRIPE_COOKIES, type StoredItem } from './stored-items.ts';

const storedItems = (caption: string, items: readonly StoredItem[]): DrawnRichText[number] => ({
  kind: 'storedItems',
  caption,
  items: items.map((item) => ({ names: item.name.split(', '), purpose: item.purpose, lasts: item.lasts })),
});

/** Whether Stripe takes the payments, whose cookies the notice then lists; unknown is no page rather than a wrong one. */
async function stripeTakesPayments(request: Request): Promise<boolean> {
  const config = await paymentsClient(request)
    .getPaymentConfig()
    .catch(() => null);
  if (!config) throw data({ reason: 'payment-config-unavailable' }, { status: 503 });
  return config.kind === 'stripe';
}

/**
 * A `shopTable` block as the page draws it (decision 0123): the shop's own figures now, never words
 * staff copied. The delivery options and remote areas are the policy's; the trade bands the pricing
 * module's, read when the page is drawn (no bands at hand: a line saying so, not an empty table).
 */
export async function drawShopTable(request: Request, table: ShopTable): Promise<DrawnRichText> {
  const caption = SHOP_TABLE_CAPTIONS[table];
  switch (table) {
    case 'delivery-options':
      return [
        {
          kind: 'shopTable',
          caption,
          head: ['Option', 'For', 'Price (inc VAT)', 'When'],
          rows: DELIVERY_OPTIONS.map((option) => [
            option.name,
            option.appliesTo,
            {
              amount: formatPence(option.pricePence),
              ...(option.freeOverPence !== undefined && { note: `Free over ${formatPenceShort(option.freeOverPence)}` }),
            },
            option.timing,
          ]),
        },
      ];
    case 'remote-delivery-areas':
      return [{ kind: 'list', ordered: false, items: REMOTE_DELIVERY_ZONES.map((zone) => [{ text: zoneDeliveryText(zone) }]) }];
    // The reasons moderators choose from (the reviews module's), each as the reviewer's e-mail names it.
    case 'review-rejection-reasons':
      return [{ kind: 'list', ordered: false, items: REVIEW_REJECTION_REASONS.map((reason) => [{ text: REVIEW_REJECTION_REASON_NAMES[reason] }]) }];
    case 'shop-cookies':
      return [storedItems(caption, SHOP_COOKIES)];
    case 'payment-provider-cookies':
      return (await stripeTakesPayments(request))
        ? [
            { kind: 'paragraph', content: [{ text: 'When you pay, our payment provider Stripe sets these on this site:' }] },
            storedItems(caption, STRIPE_COOKIES),
          ]
        : [];
    case 'shop-browser-storage':
      return [storedItems(caption, SHOP_BROWSER_STORAGE)];
    case 'optional-browser-storage':
      return [storedItems(caption, [RECENTLY_VIEWED_STORAGE, DEVICE_ID_STORAGE])];
    case 'trade-bands': {
      const bands = await loadTradeBands(request);
      if (bands.length === 0) return [{ kind: 'paragraph', content: [{ text: 'We couldn’t load the bands just now: please try again in a minute.' }] }];
      return [
        {
          kind: 'shopTable',
          caption,
          head: ['Band', 'Discount off ex-VAT prices', '12-month spend, ex VAT'],
          rows: bandsInOrder(bands).map((band) => [band.name, discountText(band.discountBasisPoints), qualifiesText(band)]),
        },
      ];
    }
  }
}
