import { formatPence, type OrderBasket } from '@shop/contracts';
import type { SummaryTotals } from '../../components/checkout/order-summary.tsx';
import { vatOrder } from '../../components/product/trade-price.tsx';
import { orderTotals } from '../account/orders.ts';
import type { VatDisplay } from '../price-display.ts';

/**
 * The changed order's totals as its order page shows them: at trade prices ex VAT first, the goods'
 * and the total's ex-VAT figures the API's (the lines' own ex-VAT totals, and the total less its VAT).
 */
export function orderBasketTotals({ after, delivery, tradePriced }: Pick<OrderBasket, 'after' | 'delivery' | 'tradePriced'>): SummaryTotals {
  const shown = orderTotals({ totals: { ...after, vatIncVat: after.vatIncluded }, delivery });
  return tradePriced ? { ...shown, subtotalExVat: after.goodsExVat, totalExVat: after.totalIncVat - after.vatIncluded } : shown;
}

/** A line's unit price: at trade prices ex and inc VAT, in the order the customer reads them ("£8.32 ex VAT each (£9.99 inc VAT)"). */
export function unitPriceText(line: Pick<OrderBasket['lines'][number], 'unitPriceIncVat' | 'unitPriceExVat'>, tradePriced: boolean, display: VatDisplay) {
  if (!tradePriced) return `${formatPence(line.unitPriceIncVat)} each`;
  const [first, second] = vatOrder(line.unitPriceExVat, line.unitPriceIncVat, display).map((amount) => `${formatPence(amount.pence)} ${amount.label}`);
  return `${first} each (${second})`;
}

/** The difference as it is charged or given back: a card or the account is charged inc VAT, which a trade customer is told plainly. */
export function differenceText(basket: Pick<OrderBasket, 'toPayPence' | 'toRefundPence' | 'paidOnAccount' | 'tradePriced'>): string {
  const incVat = basket.tradePriced ? ' (inc VAT)' : '';
  if (basket.toPayPence > 0)
    return `${basket.paidOnAccount ? 'Difference to add to the invoice on account' : 'Difference to pay'}${incVat}: ${formatPence(basket.toPayPence)}`;
  if (basket.toRefundPence > 0)
    return `${basket.paidOnAccount ? 'Difference to credit to the account with Two' : 'Difference to refund'}${incVat}: ${formatPence(basket.toRefundPence)}`;
  return 'No difference to pay';
}
