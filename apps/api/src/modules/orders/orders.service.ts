import type { Order, OrderStatus, OrderSummary } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { formatPounds } from '../../platform/money.ts';
import { enqueueEmail, renderEmail } from '../notifications/index.ts';
import { OrderErrors } from './orders.errors.ts';
import * as repository from './orders.repository.ts';
import type { OrderHistoryRow, OrderLineRow, OrderRow } from './orders.repository.ts';

type Ctx = Pick<ServiceContext, 'db' | 'actor' | 'clock'>;

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
const presentHistory = (entry: OrderHistoryRow) => ({ status: entry.status, at: entry.at.toISOString(), note: entry.note });

const totals = (row: OrderRow): Order['totals'] => ({
  goodsIncVat: row.goodsPence, discountIncVat: row.discountPence, deliveryIncVat: row.deliveryPence, totalIncVat: row.totalPence, vatIncVat: row.vatPence,
});

export function presentOrder(row: OrderRow, lines: readonly OrderLineRow[], history: readonly OrderHistoryRow[]): Order {
  return {
    orderGuid: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    emailAddress: row.emailAddress,
    customerName: row.customerName,
    deliveryAddress: row.deliveryAddress ?? null,
    billingAddress: row.billingAddress,
    delivery: { code: row.delivery.code as Order['delivery']['code'], name: row.delivery.name, date: row.delivery.date, earliestDate: row.delivery.earliestDate, latestDate: row.delivery.latestDate },
    lines: lines.map(presentLine),
    totals: totals(row),
    discountCode: row.discountCode,
    payment: { method: row.paymentMethod, cardBrand: row.cardBrand, cardLast4: row.cardLast4, status: row.status === 'refunded' ? 'refunded' : 'captured' },
    tracking: tracking(row),
    history: history.map(presentHistory),
  };
}

async function withDetails(db: Database, row: OrderRow): Promise<Order> {
  const { lines, history } = await repository.linesAndHistory(db, [row.id]);
  return presentOrder(row, lines, history);
}

async function page(db: Database, where: Parameters<typeof repository.pageOfOrders>[1], pageNumber: number, pageSize: number) {
  const { rows, total } = await repository.pageOfOrders(db, where, pageNumber, pageSize);
  const { lines } = rows.length ? await repository.linesAndHistory(db, rows.map((row) => row.id)) : { lines: [] };
  const items: OrderSummary[] = rows.map((row) => {
    const own = lines.filter((line) => line.orderId === row.id);
    return {
      orderGuid: row.id, orderNumber: row.orderNumber, status: row.status, placedAt: row.placedAt.toISOString(), totals: totals(row),
      customerName: row.customerName, emailAddress: row.emailAddress,
      itemCount: own.reduce((sum, line) => sum + line.quantity, 0), firstLine: own[0]?.productName ?? null,
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
  return withDetails(ctx.db, rows[0]);
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
  const order = await withDetails(ctx.db, row);
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
  };
}

// ── staff ───────────────────────────────────────────────────────────────────────────────────────

export function searchOrders(ctx: Ctx, query: { search?: string; status?: OrderStatus; pageNumber: number; pageSize: number }) {
  return page(ctx.db, repository.staffSearch(query.search, query.status), query.pageNumber, query.pageSize);
}

export async function getOrderForStaff(ctx: Ctx, orderNumber: string): Promise<Order> {
  const row = await repository.findOrder(ctx.db, repository.byNumber(orderNumber));
  if (!row) throw OrderErrors.staffNotFound(orderNumber);
  return withDetails(ctx.db, row);
}

/** The fulfilment steps in order; an order only moves forward, and cancelled or refunded orders not at all. */
const FLOW: readonly OrderStatus[] = ['placed', 'processing', 'picking', 'dispatched', 'delivered'];

export async function advanceOrder(
  ctx: Ctx,
  orderNumber: string,
  input: { status: 'processing' | 'picking' | 'dispatched' | 'delivered'; carrier?: string; trackingNumber?: string; note?: string },
): Promise<Order> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = await repository.lockOrder(db, orderNumber);
    if (!row) throw OrderErrors.staffNotFound(orderNumber);
    const from = FLOW.indexOf(row.status);
    if (from === -1 || FLOW.indexOf(input.status) <= from) throw OrderErrors.badTransition(row.status, input.status);
    if (input.status === 'dispatched' && (!input.carrier || !input.trackingNumber)) throw OrderErrors.trackingNeeded();
    const carrierFields = input.status === 'dispatched' ? { carrier: input.carrier!, trackingNumber: input.trackingNumber! } : {};
    await repository.recordStatus(db, row, { status: input.status, ...carrierFields, note: input.note ?? null, actor: ctx.actor?.userId ?? null }, now);
    return withDetails(db, (await repository.findOrder(db, repository.byNumber(orderNumber)))!);
  });
}

// ── e-mail ──────────────────────────────────────────────────────────────────────────────────────

export function orderConfirmationEmail(order: Order, publicUrl: string) {
  const when = order.delivery.date ?? order.delivery.earliestDate;
  const day = when ? new Date(`${when}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/London' }) : null;
  const trackUrl = `${publicUrl}/track-order?orderNumber=${encodeURIComponent(order.orderNumber)}`;
  return renderEmail({
    subject: `Order confirmed: ${order.orderNumber}`,
    preheader: `Thank you for your order. Total ${formatPounds(order.totals.totalIncVat)}.`,
    heading: `Thank you, your order ${order.orderNumber} is placed`,
    paragraphs: [
      ...order.lines.map((line) => `• ${line.quantity} × ${line.productName}${line.label ? ` (${line.label})` : ''}: ${formatPounds(line.lineTotalIncVat)}`),
      `Delivery: ${order.delivery.name}${day ? `, ${order.delivery.date ? 'on' : 'from'} ${day}` : ''}: ${formatPounds(order.totals.deliveryIncVat)}.`,
      ...(order.totals.discountIncVat > 0 ? [`Discount${order.discountCode ? ` (${order.discountCode})` : ''}: −${formatPounds(order.totals.discountIncVat)}.`] : []),
      `Total paid: ${formatPounds(order.totals.totalIncVat)}, including ${formatPounds(order.totals.vatIncVat)} VAT${order.payment.cardLast4 ? `, by ${order.payment.cardBrand ?? 'card'} ending ${order.payment.cardLast4}` : ''}.`,
      order.deliveryAddress ? `Delivering to ${order.deliveryAddress.name}, ${order.deliveryAddress.line1}, ${order.deliveryAddress.town} ${order.deliveryAddress.postcode}.` : 'Collect from the trade counter: we will e-mail you when it is ready.',
      'Track your order any time with your order number and this e-mail address.',
    ],
    action: { label: 'Track my order', url: trackUrl },
    footnote: 'You are receiving this because an order was placed on Plumbline with this e-mail address.',
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
  const orderNumber = await repository.nextOrderNumber(db);
  await repository.insertOrder(
    db,
    {
      id, orderNumber, basketId: input.basketId, customerId: input.customerId,
      emailAddress: input.contact.emailAddress, customerName: `${input.contact.firstName} ${input.contact.lastName}`, phone: input.contact.phone,
      deliveryAddress: input.deliveryAddress, deliveryInstructions: input.deliveryInstructions, billingAddress: input.billingAddress, delivery: input.delivery,
      channel: input.channel, discountCode: input.discountCode, ...input.totals,
      paymentIntentRef: input.payment.intentRef, paymentMethod: input.payment.method, cardBrand: input.payment.cardBrand, cardLast4: input.payment.cardLast4,
      capturedPence: input.payment.capturedPence, status: 'placed', placedAt: now, updatedAt: now,
    },
    input.lines,
    input.customerId,
  );
  const order = await withDetails(db, (await repository.findOrder(db, repository.byNumber(orderNumber)))!);
  await enqueueEmail(db, { to: order.emailAddress, ...orderConfirmationEmail(order, publicUrl), template: 'order.confirmation', dedupeKey: `order.confirmation:${order.orderGuid}` });
  return order;
}

/** The order a basket became. With `viewer`, only a guest's order or the viewer's own (else undefined, as for any other basket). */
export async function findOrderByBasket(db: Database, basketId: string, viewer?: { userId: string } | null): Promise<Order | undefined> {
  const row = await repository.findOrder(db, repository.byBasket(basketId));
  if (!row || (viewer !== undefined && row.customerId !== null && row.customerId !== viewer?.userId)) return undefined;
  return withDetails(db, row);
}

export async function findOrderByPayment(db: Database, intentRef: string): Promise<Order | undefined> {
  const row = await repository.findOrder(db, repository.byPaymentIntent(intentRef));
  return row && withDetails(db, row);
}
