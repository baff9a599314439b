/**
 * What is left of an order line once the customer has cancelled part of it before dispatch (the
 * help centre records the cancelled part on the line): how many were ordered, how many cancelled,
 * and how many are still to be sent, with the price of those. Every page, pick list and e-mail
 * reads these figures from the API's order, so the warehouse never sees the cancelled part as due.
 */
import type { Address, Order } from '@shop/contracts';
import type { OrderOnAccountAfterCredit } from './orders.deps.ts';
import { STANDARD_VAT_RATE_BASIS_POINTS, vatIn } from './vat-invoice.ts';
export interface LineQuantities {
  orderedQuantity: number;
  cancelledQuantity: number;
  /** How many are still to be sent (or were sent): ordered less cancelled. */
  quantity: number;
  /** The price of what is still to be sent, before any order discount. */
  lineTotalIncVat: number;
}

export function lineQuantities(line: { quantity: number; cancelledQuantity: number; lineTotalIncVat: number }): LineQuantities {
  const cancelledQuantity = Math.min(Math.max(line.cancelledQuantity, 0), line.quantity);
  const quantity = line.quantity - cancelledQuantity;
  // In the same proportion as the refund for the cancelled part (`paidFor`), so the two add up to the line.
  const lineTotalIncVat =
    cancelledQuantity === 0 ? line.lineTotalIncVat : line.lineTotalIncVat - Math.round((line.lineTotalIncVat * cancelledQuantity) / line.quantity);
  return { orderedQuantity: line.quantity, cancelledQuantity, quantity, lineTotalIncVat };
}

/** The price paid for `quantity` of a line: its share of the goods after the order's discount, in whole pence. */
export function paidFor(line: { quantity: number; lineTotalIncVat: number }, quantity: number, order: { goodsPence: number; discountPence: number }): number {
  const gross = (line.lineTotalIncVat * quantity) / line.quantity;
  const share = order.goodsPence > 0 ? (order.goodsPence - order.discountPence) / order.goodsPence : 1;
  return Math.round(gross * share);
}

type Charged = { goodsPence: number; discountPence: number; deliveryPence: number; totalPence: number; vatPence: number };
type Line = { quantity: number; cancelledQuantity: number; lineTotalIncVat: number };

/**
 * The order's totals once the cancelled parts are taken out: the goods still to be sent, the
 * discount left on them, and the total and VAT of what the customer now pays (what was charged less
 * what was refunded for the cancelled parts). Null when nothing was cancelled. Delivery stays: it
 * is refunded only when the whole order is cancelled.
 */
export function totalsAfterCancellations(order: Charged, lines: readonly Line[]): Order['totals'] | null {
  const cancelled = lines.filter((line) => line.cancelledQuantity > 0);
  if (cancelled.length === 0) return null;
  const goods = cancelled.reduce((sum, line) => sum + line.lineTotalIncVat - lineQuantities(line).lineTotalIncVat, 0);
  const refunded = cancelled.reduce((sum, line) => sum + paidFor(line, lineQuantities(line).cancelledQuantity, order), 0);
  return {
    goodsIncVat: order.goodsPence - goods,
    discountIncVat: order.discountPence - (goods - refunded),
    deliveryIncVat: order.deliveryPence,
    totalIncVat: order.totalPence - refunded,
    vatIncVat: order.vatPence - vatIn(refunded, STANDARD_VAT_RATE_BASIS_POINTS),
  };
}

/**
 * An order paid on account as it stands once a credit leaves `leftPence` on it (what the provider's order is edited to
 * before dispatch): the lines still to be sent, and the VAT in what is left (every line and
 * delivery is standard-rated, as on the VAT invoice).
 */
export function orderAfterCredit(
  order: { orderNumber: string; customerId: string | null; deliveryAddress: Address | null; delivery: { code: string } },
  lines: readonly { sku: string; productName: string; quantity: number; cancelledQuantity: number; unitPriceIncVat: number; lineTotalIncVat: number }[],
  leftPence: number,
): OrderOnAccountAfterCredit {
  const amountPence = Math.max(0, leftPence);
  return {
    orderNumber: order.orderNumber,
    customerId: order.customerId,
    amountPence,
    vatPence: vatIn(amountPence, STANDARD_VAT_RATE_BASIS_POINTS),
    lines: lines.flatMap((line) => {
      const { quantity } = lineQuantities(line);
      return quantity > 0 ? [{ sku: line.sku, productName: line.productName, quantity, unitPriceIncVat: line.unitPriceIncVat }] : [];
    }),
    deliveryAddress: order.delivery.code === 'click_collect' ? null : order.deliveryAddress,
  };
}
