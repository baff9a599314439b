/**
 * An order as its customer or staff see it, from its rows: staff see everything; customers see
 * neither staff notes and reasons nor refunds that did not happen.
 */
import { lineTotalExVatOf, SALES_CHANNELS, type Order, type OrderRefund } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { lineQuantities, totalsAfterCancellations } from './line-quantities.ts';
import { STANDARD_VAT_RATE_BASIS_POINTS, vatDocumentsFrom } from './vat-invoice.ts';
import * as repository from './orders.repository.ts';
import type { OrderHistoryRow, OrderLineRow, OrderRefundRow, OrderRow, VatInvoiceRow } from './orders.repository.ts';

/** Placed at trade prices: on the trade site or app rather than the website. */
export const isTradePriced = (channel: number) => channel !== SALES_CHANNELS.Website;

/** Staff see everything; customers see neither staff notes and reasons nor refunds that did not happen. */
export type Audience = 'staff' | 'customer';

/** Where a carrier's tracking page is, for the ones we use. */
const CARRIER_TRACKING: Record<string, (number: string) => string> = {
  DPD: (number) => `https://track.dpd.co.uk/parcels/${encodeURIComponent(number)}`,
  'Royal Mail': (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${encodeURIComponent(number)}`,
  Parcelforce: (number) => `https://www.parcelforce.com/track-trace?trackNumber=${encodeURIComponent(number)}`,
};

const tracking = (row: OrderRow) =>
  row.carrier && row.trackingNumber
    ? { carrier: row.carrier, trackingNumber: row.trackingNumber, url: CARRIER_TRACKING[row.carrier]?.(row.trackingNumber) ?? null }
    : null;

function presentLine(line: OrderLineRow) {
  // What is still to be sent, with the part cancelled before dispatch beside it.
  const quantities = lineQuantities(line);
  return {
    sku: line.sku,
    productName: line.productName,
    productSlug: line.productSlug,
    label: line.label,
    imageUrl: line.imageUrl,
    unitPriceIncVat: line.unitPriceIncVat,
    ...quantities,
    // Lines keep no rate of their own (vat-invoice.ts): the standard one.
    lineTotalExVat: lineTotalExVatOf(line.unitPriceIncVat, quantities.quantity, STANDARD_VAT_RATE_BASIS_POINTS),
  };
}
const presentHistory = (entry: OrderHistoryRow, audience: Audience, customerId: string | null) => {
  // A change with no actor was made with the e-mailed link (a guest): the customer's.
  const by = entry.kind !== 'change' ? null : entry.actor === null || entry.actor === customerId ? ('customer' as const) : ('staff' as const);
  return {
    status: entry.status,
    kind: entry.kind,
    at: entry.at.toISOString(),
    note: audience === 'staff' || entry.kind === 'change' ? entry.note : null,
    by,
    byName: audience === 'staff' && by === 'staff' ? entry.actorName : null,
  };
};
const presentRefund = (refund: OrderRefundRow, audience: Audience): OrderRefund => ({
  refundId: refund.id,
  kind: refund.kind,
  amountPence: refund.amountPence,
  state: refund.state,
  reason: audience === 'staff' ? refund.reason : null,
  failure: audience === 'staff' ? refund.failure : null,
  withProvider: refund.gatewayRefundRef !== null,
  requestedAt: refund.requestedAt.toISOString(),
  settledAt: refund.settledAt?.toISOString() ?? null,
});

export const totals = (row: OrderRow): Order['totals'] => ({
  goodsIncVat: row.goodsPence,
  discountIncVat: row.discountPence,
  deliveryIncVat: row.deliveryPence,
  totalIncVat: row.totalPence,
  vatIncVat: row.vatPence,
});

function payment(row: OrderRow, refunds: readonly OrderRefundRow[]): Order['payment'] {
  const pendingPence = refunds.filter((refund) => refund.state === 'pending').reduce((sum, refund) => sum + refund.amountPence, 0);
  const status = row.refundedPence === 0 ? 'captured' : row.refundedPence >= row.capturedPence ? 'refunded' : 'partially_refunded';
  return {
    method: row.paymentMethod,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    status,
    capturedPence: row.capturedPence,
    refundedPence: row.refundedPence,
    refundablePence: Math.max(0, row.capturedPence - row.refundedPence - pendingPence),
  };
}

export function presentOrder(
  row: OrderRow,
  details: { lines: readonly OrderLineRow[]; history: readonly OrderHistoryRow[]; refunds: readonly OrderRefundRow[]; invoices?: readonly VatInvoiceRow[] },
  audience: Audience,
): Order {
  const refunds = details.refunds.filter((refund) => refund.orderId === row.id);
  return {
    orderGuid: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    emailAddress: row.emailAddress,
    customerName: row.customerName,
    orderReference: row.orderReference,
    tradePriced: isTradePriced(row.channel),
    deliveryAddress: row.deliveryAddress ?? null,
    billingAddress: row.billingAddress,
    delivery: {
      code: row.delivery.code as Order['delivery']['code'],
      name: row.delivery.name,
      date: row.delivery.date,
      earliestDate: row.delivery.earliestDate,
      latestDate: row.delivery.latestDate,
      collection: row.delivery.collection ?? null,
    },
    lines: details.lines.map(presentLine),
    totals: totals(row),
    totalsAfterCancellations: totalsAfterCancellations(row, details.lines),
    discountCode: row.discountCode,
    payment: payment(row, refunds),
    tracking: tracking(row),
    history: details.history.map((entry) => presentHistory(entry, audience, row.customerId)),
    refunds: (audience === 'staff' ? refunds : refunds.filter((refund) => refund.state === 'succeeded')).map((refund) => presentRefund(refund, audience)),
    vatDocuments: vatDocumentsFrom(
      (details.invoices ?? []).filter((invoice) => invoice.orderId === row.id),
      row.totalPence,
    ),
  };
}

export async function withDetails(db: Database, row: OrderRow, audience: Audience): Promise<Order> {
  return presentOrder(row, await repository.linesAndHistory(db, [row.id]), audience);
}

/** The order as it is now, read again (in the caller's transaction, after a change). */
export async function reread(db: Database, row: Pick<OrderRow, 'orderNumber'>, audience: Audience): Promise<Order> {
  return withDetails(db, (await repository.findOrder(db, repository.byNumber(row.orderNumber)))!, audience);
}
