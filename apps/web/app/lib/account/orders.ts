import type { Order, OrderRefund } from '@shop/contracts';
import type { SummaryTotals } from '../../components/checkout/order-summary.tsx';
import { formatInstant } from '../checkout/order-tracking.ts';
import { formatPence } from '@shop/contracts';

/** A customer's own order page (signed in: no e-mail address asked for). */
export const accountOrderPath = (orderNumber: string) => `/account/orders/${encodeURIComponent(orderNumber)}`;

/**
 * The order's totals as the checkout's summary shows them (goods before the discount, then delivery);
 * at trade prices also ex VAT, as the trade checkout showed them (the lines' own ex-VAT totals added up).
 */
export function orderTotals(order: {
  totals: Order['totals'];
  totalsAfterCancellations?: Order['totalsAfterCancellations'];
  delivery: Pick<Order['delivery'], 'name'>;
  tradePriced?: boolean;
  lines?: readonly Pick<Order['lines'][number], 'lineTotalExVat'>[];
}): SummaryTotals {
  // Once part of the order is cancelled, the totals of what is sent and now paid for (the API works them out).
  const { goodsIncVat, discountIncVat, deliveryIncVat, totalIncVat, vatIncVat } = order.totalsAfterCancellations ?? order.totals;
  const shown = { subtotalIncVat: goodsIncVat, discountIncVat, deliveryIncVat, deliveryName: order.delivery.name, totalIncVat, vatIncluded: vatIncVat };
  if (!order.tradePriced) return shown;
  const subtotalExVat = (order.lines ?? []).reduce((sum, line) => sum + line.lineTotalExVat, 0);
  return { ...shown, subtotalExVat, totalExVat: totalIncVat - vatIncVat };
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
