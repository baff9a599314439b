import type { Order, OrderRefund, OrderStatus, OrderSummary } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { enqueueEmail } from '../notifications/index.ts';
import { orderConfirmationEmail, orderDispatchedEmail } from './order-emails.ts';
import { OrderErrors } from './orders.errors.ts';
import * as repository from './orders.repository.ts';
import type { OrderHistoryRow, OrderLineRow, OrderRefundRow, OrderRow } from './orders.repository.ts';

type Ctx = Pick<ServiceContext, 'db' | 'actor' | 'clock'>;

/** Staff see everything; customers see neither staff notes and reasons nor refunds that did not happen. */
export type Audience = 'staff' | 'customer';

/** Where a carrier's tracking page is, for the ones we use. */
const CARRIER_TRACKING: Record<string, (number: string) => string> = {
  DPD: (number) => `https://track.dpd.co.uk/parcels/${encodeURIComponent(number)}`,
  'Royal Mail': (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${encodeURIComponent(number)}`,
  Parcelforce: (number) => `https://www.parcelforce.com/track-trace?trackNumber=${encodeURIComponent(number)}`,
};

const tracking = (row: OrderRow) =>
  row.carrier && row.trackingNumber ? { carrier: row.carrier, trackingNumber: row.trackingNumber, url: CARRIER_TRACKING[row.carrier]?.(row.trackingNumber) ?? null } : null;

const presentLine = (line: OrderLineRow) => ({
  sku: line.sku, productName: line.productName, productSlug: line.productSlug, label: line.label, imageUrl: line.imageUrl,
  quantity: line.quantity, unitPriceIncVat: line.unitPriceIncVat, lineTotalIncVat: line.lineTotalIncVat,
});
const presentHistory = (entry: OrderHistoryRow, audience: Audience) => ({
  status: entry.status, kind: entry.kind, at: entry.at.toISOString(), note: audience === 'staff' ? entry.note : null,
});
const presentRefund = (refund: OrderRefundRow, audience: Audience): OrderRefund => ({
  refundId: refund.id, kind: refund.kind, amountPence: refund.amountPence, state: refund.state,
  reason: audience === 'staff' ? refund.reason : null, failure: audience === 'staff' ? refund.failure : null, withProvider: refund.gatewayRefundRef !== null,
  requestedAt: refund.requestedAt.toISOString(), settledAt: refund.settledAt?.toISOString() ?? null,
});

const totals = (row: OrderRow): Order['totals'] => ({
  goodsIncVat: row.goodsPence, discountIncVat: row.discountPence, deliveryIncVat: row.deliveryPence, totalIncVat: row.totalPence, vatIncVat: row.vatPence,
});

function payment(row: OrderRow, refunds: readonly OrderRefundRow[]): Order['payment'] {
  const pendingPence = refunds.filter((refund) => refund.state === 'pending').reduce((sum, refund) => sum + refund.amountPence, 0);
  const status = row.refundedPence === 0 ? 'captured' : row.refundedPence >= row.capturedPence ? 'refunded' : 'partially_refunded';
  return {
    method: row.paymentMethod, cardBrand: row.cardBrand, cardLast4: row.cardLast4, status,
    capturedPence: row.capturedPence, refundedPence: row.refundedPence, refundablePence: Math.max(0, row.capturedPence - row.refundedPence - pendingPence),
  };
}

export function presentOrder(
  row: OrderRow,
  details: { lines: readonly OrderLineRow[]; history: readonly OrderHistoryRow[]; refunds: readonly OrderRefundRow[] },
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
    discountCode: row.discountCode,
    payment: payment(row, refunds),
    tracking: tracking(row),
    history: details.history.map((entry) => presentHistory(entry, audience)),
    refunds: (audience === 'staff' ? refunds : refunds.filter((refund) => refund.state === 'succeeded')).map((refund) => presentRefund(refund, audience)),
  };
}

export async function withDetails(db: Database, row: OrderRow, audience: Audience): Promise<Order> {
  return presentOrder(row, await repository.linesAndHistory(db, [row.id]), audience);
}

/** The order as it is now, read again (in the caller's transaction, after a change). */
export async function reread(db: Database, row: Pick<OrderRow, 'orderNumber'>, audience: Audience): Promise<Order> {
  return withDetails(db, (await repository.findOrder(db, repository.byNumber(row.orderNumber)))!, audience);
}

async function page(db: Database, where: Parameters<typeof repository.pageOfOrders>[1], pageNumber: number, pageSize: number) {
  const { rows, total } = await repository.pageOfOrders(db, where, pageNumber, pageSize);
  const { lines } = rows.length ? await repository.linesAndHistory(db, rows.map((row) => row.id)) : { lines: [] };
  const items: OrderSummary[] = rows.map((row) => {
    const own = lines.filter((line) => line.orderId === row.id);
    return {
      orderGuid: row.id, orderNumber: row.orderNumber, status: row.status, placedAt: row.placedAt.toISOString(), totals: totals(row),
      customerName: row.customerName, emailAddress: row.emailAddress,
      itemCount: own.reduce((sum, line) => sum + line.quantity, 0), firstLine: own[0]?.productName ?? null, refundedPence: row.refundedPence,
    };
  });
  return { items, pageNumber, pageSize, totalCount: total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

// ── customers ───────────────────────────────────────────────────────────────────────────────────

export function listMyOrders(ctx: Ctx, pageNumber: number, pageSize: number) {
  return page(ctx.db, repository.ofCustomer(ctx.actor!.userId), pageNumber, pageSize);
}

export async function getMyLatestOrder(ctx: Ctx): Promise<Order> {
  const { rows } = await repository.pageOfOrders(ctx.db, repository.ofCustomer(ctx.actor!.userId), 1, 1);
  if (!rows[0]) throw OrderErrors.noOrders();
  return withDetails(ctx.db, rows[0], 'customer');
}

/** A customer's own order: another's, or a guest's, is the same 404 as an unknown one, so numbers cannot be probed. */
export async function getMyOrder(ctx: Ctx, orderNumber: string): Promise<Order> {
  const row = await repository.findOrder(ctx.db, repository.byNumberOfCustomer(orderNumber, ctx.actor!.userId));
  if (!row) throw OrderErrors.notYours(orderNumber);
  return withDetails(ctx.db, row, 'customer');
}

// ── tracking ────────────────────────────────────────────────────────────────────────────────────

async function tracked(ctx: Ctx, orderNumber: string, emailAddress: string): Promise<OrderRow> {
  const row = await repository.findOrder(ctx.db, repository.byNumberAndEmail(orderNumber, emailAddress.trim()));
  if (!row) throw OrderErrors.notFound();
  return row;
}

export async function checkTrackingDetails(ctx: Ctx, orderNumber: string, emailAddress: string) {
  const row = await tracked(ctx, orderNumber, emailAddress);
  return { found: true as const, orderNumber: row.orderNumber };
}

/** Progress for whoever has the number and e-mail: the town and postcode district, never the full address. */
export async function trackOrder(ctx: Ctx, orderNumber: string, emailAddress: string) {
  const row = await tracked(ctx, orderNumber, emailAddress);
  const order = await withDetails(ctx.db, row, 'customer');
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    placedAt: order.placedAt,
    delivery: {
      name: order.delivery.name, date: order.delivery.date, earliestDate: order.delivery.earliestDate, latestDate: order.delivery.latestDate,
      town: order.deliveryAddress?.town ?? null, postcodeDistrict: order.deliveryAddress?.postcode.split(' ')[0] ?? null,
    },
    lines: order.lines.map(({ productName, label, quantity, imageUrl }) => ({ productName, label, quantity, imageUrl })),
    tracking: order.tracking,
    history: order.history,
    refundedPence: order.payment.refundedPence,
  };
}

// ── staff ───────────────────────────────────────────────────────────────────────────────────────

export function searchOrders(ctx: Ctx, query: { search?: string; status?: OrderStatus; pageNumber: number; pageSize: number }) {
  return page(ctx.db, repository.staffSearch(query.search, query.status), query.pageNumber, query.pageSize);
}

export async function getOrderForStaff(ctx: Ctx, orderNumber: string): Promise<Order> {
  const row = await repository.findOrder(ctx.db, repository.byNumber(orderNumber));
  if (!row) throw OrderErrors.staffNotFound(orderNumber);
  return withDetails(ctx.db, row, 'staff');
}

/** The fulfilment steps in order; an order only moves forward, and cancelled or refunded orders not at all. */
const FLOW: readonly OrderStatus[] = ['placed', 'processing', 'picking', 'dispatched', 'delivered'];

export async function advanceOrder(
  ctx: Ctx,
  orderNumber: string,
  input: { status: 'processing' | 'picking' | 'dispatched' | 'delivered'; carrier?: string; trackingNumber?: string; note?: string },
  publicUrl: string,
): Promise<Order> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = await repository.lockOrder(db, repository.byNumber(orderNumber));
    if (!row) throw OrderErrors.staffNotFound(orderNumber);
    const from = FLOW.indexOf(row.status);
    if (from === -1 || FLOW.indexOf(input.status) <= from) throw OrderErrors.badTransition(row.status, input.status);
    // A cancellation waiting for the payment provider's answer holds the order where it is.
    const cancelling = (await repository.refundsOf(db, [row.id])).find((refund) => refund.state === 'pending' && refund.kind === 'cancellation');
    if (cancelling) throw OrderErrors.refundInProgress(cancelling);
    if (input.status === 'dispatched' && (!input.carrier || !input.trackingNumber)) throw OrderErrors.trackingNeeded();
    const carrierFields = input.status === 'dispatched' ? { carrier: input.carrier!, trackingNumber: input.trackingNumber! } : {};
    await repository.recordStatus(db, row, { status: input.status, ...carrierFields, note: input.note ?? null, actor: ctx.actor?.userId ?? null }, now);
    const order = await reread(db, row, 'staff');
    if (input.status === 'dispatched') {
      const email = orderDispatchedEmail(order, publicUrl);
      await enqueueEmail(db, { to: order.emailAddress, ...email, template: 'order.dispatched', dedupeKey: `order.dispatched:${order.orderGuid}` });
    }
    return order;
  });
}

// ── placing (called by checkout's place-order, in its transaction) ─────────────────────────────

export interface PlacedOrderInput {
  basketId: string;
  customerId: string | null;
  contact: { emailAddress: string; firstName: string; lastName: string; phone: string };
  deliveryAddress: Order['deliveryAddress'];
  deliveryInstructions: string | null;
  billingAddress: Order['billingAddress'];
  delivery: OrderRow['delivery'];
  channel: number;
  discountCode: string | null;
  lines: readonly repository.NewOrderLine[];
  totals: { goodsPence: number; discountPence: number; deliveryPence: number; totalPence: number; vatPence: number };
  payment: { intentRef: string; method: string; cardBrand: string | null; cardLast4: string | null; capturedPence: number };
}

/** Writes the order, its lines and first history entry, and queues the confirmation, all in the caller's transaction. */
export async function recordPlacedOrder(db: Database, input: PlacedOrderInput, now: Date, publicUrl: string, id: string = crypto.randomUUID()): Promise<Order> {
  const stored = await repository.insertOrder(
    db,
    {
      id, basketId: input.basketId, customerId: input.customerId,
      emailAddress: input.contact.emailAddress, customerName: `${input.contact.firstName} ${input.contact.lastName}`, phone: input.contact.phone,
      deliveryAddress: input.deliveryAddress, deliveryInstructions: input.deliveryInstructions, billingAddress: input.billingAddress, delivery: input.delivery,
      channel: input.channel, discountCode: input.discountCode, ...input.totals,
      paymentIntentRef: input.payment.intentRef, paymentMethod: input.payment.method, cardBrand: input.payment.cardBrand, cardLast4: input.payment.cardLast4,
      capturedPence: input.payment.capturedPence, status: 'placed', placedAt: now, updatedAt: now,
    },
    input.lines,
    input.customerId,
  );
  // Presented from what the inserts returned: a new order has no refunds yet.
  const order = presentOrder(stored.row, { lines: stored.lines, history: stored.history, refunds: [] }, 'customer');
  await enqueueEmail(db, { to: order.emailAddress, ...orderConfirmationEmail(order, publicUrl), template: 'order.confirmation', dedupeKey: `order.confirmation:${order.orderGuid}` });
  return order;
}

/** The order a basket became. With `viewer`, only a guest's order or the viewer's own (else undefined, as for any other basket). */
export async function findOrderByBasket(db: Database, basketId: string, viewer?: { userId: string } | null): Promise<Order | undefined> {
  const row = await repository.findOrder(db, repository.byBasket(basketId));
  if (!row || (viewer !== undefined && row.customerId !== null && row.customerId !== viewer?.userId)) return undefined;
  return withDetails(db, row, 'customer');
}

/** Of these payments, the ones an order holds (one query for a batch). */
export function paymentsWithOrders(db: Database, intentRefs: readonly string[]): Promise<Set<string>> {
  return repository.paymentsWithOrders(db, intentRefs);
}
