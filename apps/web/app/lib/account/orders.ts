import type { Order, OrderRefund } from '@shop/contracts';
import type { SummaryTotals } from '../../components/checkout/order-summary.tsx';
import { formatInstant } from '../checkout/order-tracking.ts';
import { formatPence } from '@shop/contracts';

/** A customer's own order page (signed in: no e-mail address asked for). */
export const accountOrderPath = (orderNumber: string) => `/account/orders/${encodeURIComponent(orderNumber)}`;

/** The order's totals as the checkout's summary shows them (goods before the discount, then delivery). */
export function orderTotals(order: {
  totals: Order['totals'];
  totalsAfterCancellations?: Order['totalsAfterCancellations'];
  delivery: Pick<Order['delivery'], 'name'>;
}): SummaryTotals {
  // Once part of the order is cancelled, the totals of what is sent and now paid for (the API works them out).
  const { goodsIncVat, discountIncVat, deliveryIncVat, totalIncVat, vatIncVat } = order.totalsAfterCancellations ?? order.totals;
  return { subtotalIncVat: goodsIncVat, discountIncVat, deliveryIncVat, deliveryName: order.delivery.name, totalIncVat, vatIncluded: vatIncVat };
}

const REFUND_NAMES: Record<OrderRefund['kind'], string> = {
  cancellation: 'Refund for the cancelled order',
  refund: 'Refund',
  external: 'Refund',
};

/** One refund that went through, as the customer reads it: "Refund: £3.00 on 23 November 2026, 17:20". */
export function refundLine(refund: Pick<OrderRefund, 'kind' | 'amountPence' | 'settledAt' | 'requestedAt'>): string {
  return `${REFUND_NAMES[refund.kind]}: ${formatPence(refund.amountPence)} on ${formatInstant(refund.settledAt ?? refund.requestedAt)}`;
}
