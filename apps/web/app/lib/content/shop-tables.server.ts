import {
  formatPence,
  formatPenceShort,
  REMOTE_DELIVERY_ZONES,
  REVIEW_REJECTION_REASON_NAMES,
  REVIEW_REJECTION_REASONS,
  SHOP_TABLES,
  zoneDeliveryText,
  type ShopTable,
} from '@shop/contracts';
import { DELIVERY_OPTIONS } from '../shop-facts.ts';
import { bandsInOrder, discountText, qualifiesText } from '../trade/bands.ts';
import { loadTradeBands } from '../trade/trade-api.server.ts';
import type { DrawnRichText } from './drawn-page.ts';

/**
 * A `shopTable` block as the page draws it (decision 0123): the shop's own figures now, never words
 * staff copied. The delivery options and remote areas are the policy's; the trade bands the pricing
 * module's, read when the page is drawn (no bands at hand: a line saying so, not an empty table).
 */
export async function drawShopTable(request: Request, table: ShopTable): Promise<DrawnRichText> {
  const caption = SHOP_TABLES[table];
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
