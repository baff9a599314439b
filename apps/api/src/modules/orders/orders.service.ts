import { SALES_CHANNELS, mayMoveOrder, type Order, type OrderStatus, type OrderSummary, type ShopDetails } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import type { PaymentEventHandler } from '../payments/index.ts';
import { orderConfirmationEmail, orderDispatchedEmail } from './order-emails.ts';
import { issueOrderLink, newConfirmationLink, orderLinkUrl, orderOfLink, provenOrder, type OrderProof } from './order-links.ts';
import { presentOrder, reread, totals, withDetails } from './order-view.ts';
import type { OrdersDeps } from './orders.deps.ts';
import * as refunding from './refunds.ts';
import { OrderErrors } from './orders.errors.ts';
import { recordHistoricalOrders, type HistoricalOrder } from './historical-orders.ts';
import * as repository from './orders.repository.ts';
import type { OrderLineRow, OrderRow } from './orders.repository.ts';
import { vatInvoicePdf } from './vat-invoice.ts';

type Ctx = CallerContext;
type DbContext = Pick<ServiceContext, 'db'>;

/** Placed at trade prices: on the trade site or app rather than the website. */
const isTradePriced = (channel: number) => channel !== SALES_CHANNELS.Website;

async function page(db: Database, where: Parameters<typeof repository.pageOfOrders>[1], pageNumber: number, pageSize: number) {
  const { rows, total } = await repository.pageOfOrders(db, where, pageNumber, pageSize);
  const { lines } = rows.length
    ? await repository.linesAndHistory(
        db,
        rows.map((row) => row.id),
      )
    : { lines: [] };
  const items: OrderSummary[] = rows.map((row) => {
    const own = lines.filter((line) => line.orderId === row.id);
    return {
      orderGuid: row.id,
      orderNumber: row.orderNumber,
      status: row.status,
      placedAt: row.placedAt.toISOString(),
      totals: totals(row),
      customerName: row.customerName,
      emailAddress: row.emailAddress,
      orderReference: row.orderReference,
      itemCount: own.reduce((sum, line) => sum + line.quantity, 0),
      firstLine: own[0]?.productName ?? null,
      refundedPence: row.refundedPence,
      totalExVat: row.totalPence - row.vatPence,
      tradePriced: isTradePriced(row.channel),
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
      name: order.delivery.name,
      date: order.delivery.date,
      earliestDate: order.delivery.earliestDate,
      latestDate: order.delivery.latestDate,
      town: order.deliveryAddress?.town ?? null,
      postcodeDistrict: order.deliveryAddress?.postcode.split(' ')[0] ?? null,
    },
    lines: order.lines.map(({ productName, label, quantity, cancelledQuantity, imageUrl }) => ({ productName, label, quantity, cancelledQuantity, imageUrl })),
    tracking: order.tracking,
    history: order.history,
    refundedPence: order.payment.refundedPence,
  };
}

// ── the help centre's self-service ──────────────────────────────────────────────────────────────

/** An order as the help centre's self-service needs it: who it is for, where it stands, its lines with what was cancelled. */
export interface HelpOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  customerId: string | null;
  emailAddress: string;
  customerName: string;
  phone: string;
  tradePriced: boolean;
  placedAt: Date;
  /** From the order's history: when it last moved to dispatched and delivered. */
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
  goodsPence: number;
  discountPence: number;
  deliveryPence: number;
  totalPence: number;
  capturedPence: number;
  refundedPence: number;
  deliveryName: string;
  lines: Pick<
    OrderLineRow,
    'position' | 'sku' | 'productName' | 'label' | 'imageUrl' | 'quantity' | 'cancelledQuantity' | 'unitPriceIncVat' | 'lineTotalIncVat'
  >[];
}

/** The order its owner signed in, or the holder of a link we e-mailed for it, may change (decision 0049); else 403. */
export async function orderForHelp(ctx: Ctx, orderNumber: string, proof: OrderProof): Promise<HelpOrder> {
  return helpOrderOf(ctx, await provenOrder(ctx, orderNumber, proof));
}

/** Any order as the help centre's staff see it (a return's lines and prices). */
async function helpOrderForStaff(ctx: Ctx, orderNumber: string): Promise<HelpOrder> {
  const row = await repository.findOrder(ctx.db, repository.byNumber(orderNumber));
  if (!row) throw OrderErrors.staffNotFound(orderNumber);
  return helpOrderOf(ctx, row);
}

async function helpOrderOf(ctx: Ctx, row: OrderRow): Promise<HelpOrder> {
  const { lines, history } = await repository.linesAndHistory(ctx.db, [row.id]);
  const lastAt = (status: OrderStatus) => history.filter((entry) => entry.kind === 'status' && entry.status === status).at(-1)?.at ?? null;
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    customerId: row.customerId,
    emailAddress: row.emailAddress,
    customerName: row.customerName,
    phone: row.phone,
    tradePriced: isTradePriced(row.channel),
    placedAt: row.placedAt,
    dispatchedAt: lastAt('dispatched'),
    deliveredAt: lastAt('delivered'),
    goodsPence: row.goodsPence,
    discountPence: row.discountPence,
    deliveryPence: row.deliveryPence,
    totalPence: row.totalPence,
    capturedPence: row.capturedPence,
    refundedPence: row.refundedPence,
    deliveryName: row.delivery.name,
    lines: lines.map(({ position, sku, productName, label, imageUrl, quantity, cancelledQuantity, unitPriceIncVat, lineTotalIncVat }) => ({
      position,
      sku,
      productName,
      label,
      imageUrl,
      quantity,
      cancelledQuantity,
      unitPriceIncVat,
      lineTotalIncVat,
    })),
  };
}

/** A line of a signed-in customer's own order, as the reviews module checks a verified purchase. */
export interface PurchasedLine {
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  position: number;
  sku: string;
  productSlug: string;
  quantity: number;
  cancelledQuantity: number;
}

/** The caller's own order's line for `sku` (404 ORDER_NOT_FOUND for another's, a guest's or an unknown order; null when no line has it). */
export async function purchasedLine(ctx: Ctx, orderNumber: string, sku: string): Promise<PurchasedLine | null> {
  const row = ctx.actor ? await repository.findOrder(ctx.db, repository.byNumberOfCustomer(orderNumber, ctx.actor.userId)) : undefined;
  if (!row) throw OrderErrors.notFound();
  const { lines } = await repository.linesAndHistory(ctx.db, [row.id]);
  const line = lines.find((candidate) => candidate.sku === sku);
  if (!line) return null;
  const { position, productSlug, quantity, cancelledQuantity } = line;
  return { orderId: row.id, orderNumber: row.orderNumber, orderStatus: row.status, position, sku, productSlug, quantity, cancelledQuantity };
}

/** An order whose delivery was recorded in a window, as reviews' "review your purchase" e-mail needs it. */
export interface DeliveredOrder extends Pick<HelpOrder, 'id' | 'orderNumber' | 'status' | 'customerId' | 'emailAddress' | 'customerName'> {
  /** From the order's history: when it moved to delivered. */
  deliveredAt: Date;
  lines: Pick<OrderLineRow, 'position' | 'sku' | 'productName' | 'productSlug' | 'quantity' | 'cancelledQuantity'>[];
}

/** A window of delivery times, `from` inclusive, `before` exclusive, read `limit` orders at a time after `after` (the last of the previous page). */
export interface DeliveredWindow {
  from: Date;
  before: Date;
  after?: { deliveredAt: Date; id: string };
  limit: number;
}

/**
 * Orders delivered in the window, in order of delivery (then id), a page at a time: keyset paging,
 * so an order delivered while pages are read is neither skipped nor seen twice. Any status now
 * (a delivered order may since have been refunded); the caller decides which it wants.
 */
export async function deliveredOrders(ctx: DbContext, window: DeliveredWindow): Promise<DeliveredOrder[]> {
  const { orders, lines } = await repository.deliveredOrders(ctx.db, window);
  return orders.map((row) => ({ ...row, lines: lines.filter((line) => line.orderId === row.id).map(({ orderId: _orderId, ...line }) => line) }));
}

/** A customer who was sent a product, for reviews to invite to answer a question about it. */
export interface RecentBuyer {
  customerId: string | null;
  emailAddress: string;
  name: string;
  lastBoughtAt: Date;
}

/** Customers with a dispatched or delivered order of any of `skus`, one per e-mail address, most recent first. */
async function recentBuyersOf(
  ctx: DbContext,
  skus: readonly string[],
  options: { limit: number; excludeCustomerId?: string | null; excludeEmailAddresses?: readonly string[] },
): Promise<RecentBuyer[]> {
  const rows = await repository.recentBuyers(ctx.db, skus, options);
  return rows.map((row) => ({ customerId: row.customerId, emailAddress: row.emailAddress, name: row.customerName, lastBoughtAt: row.lastBoughtAt }));
}

/** The order's full VAT invoice as a PDF (`vat-invoice.ts`): numbered once, the same every time. */
async function vatInvoice(ctx: Ctx, orderNumber: string, shop: ShopDetails) {
  const row = await repository.findOrder(ctx.db, repository.byNumber(orderNumber));
  if (!row) throw OrderErrors.notFound();
  return vatInvoicePdf(ctx.db, row, shop, ctx.clock.now());
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

async function advanceOrder(
  deps: OrdersDeps,
  ctx: Ctx,
  orderNumber: string,
  input: { status: 'processing' | 'picking' | 'dispatched' | 'delivered'; carrier?: string; trackingNumber?: string; note?: string },
  publicUrl: string,
): Promise<Order> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const row = await repository.lockOrder(db, repository.byNumber(orderNumber));
    if (!row) throw OrderErrors.staffNotFound(orderNumber);
    // Fulfilment goes forward only, and cancelled or refunded orders not at all (the policy's table).
    if (!mayMoveOrder(row.status, input.status, 'staff')) throw OrderErrors.badTransition(row.status, input.status);
    // A cancellation waiting for the payment provider's answer holds the order where it is.
    const cancelling = (await repository.refundsOf(db, [row.id])).find((refund) => refund.state === 'pending' && refund.kind === 'cancellation');
    if (cancelling) throw OrderErrors.refundInProgress(cancelling);
    if (input.status === 'dispatched' && (!input.carrier || !input.trackingNumber)) throw OrderErrors.trackingNeeded();
    const carrierFields = input.status === 'dispatched' ? { carrier: input.carrier!, trackingNumber: input.trackingNumber! } : {};
    await repository.recordStatus(db, row, { status: input.status, ...carrierFields, note: input.note ?? null, actor: ctx.actor?.userId ?? null }, now);
    const order = await reread(db, row, 'staff');
    if (input.status === 'dispatched') {
      const email = orderDispatchedEmail(deps, order, publicUrl);
      await deps.notifications.enqueueEmail(
        { db },
        { to: order.emailAddress, ...email, template: 'order.dispatched', dedupeKey: `order.dispatched:${order.orderGuid}` },
      );
    }
    return order;
  });
}

// ── placing (called by checkout's place-order, in its transaction) ─────────────────────────────

export type PlacedOrderLine = repository.NewOrderLine & { lineTotalExVat: number };

export interface PlacedOrderInput {
  basketId: string;
  customerId: string | null;
  contact: { emailAddress: string; firstName: string; lastName: string; phone: string };
  deliveryAddress: Order['deliveryAddress'];
  deliveryInstructions: string | null;
  /** A trade customer's purchase-order or job reference. */
  orderReference: string | null;
  billingAddress: Order['billingAddress'];
  delivery: OrderRow['delivery'];
  channel: number;
  discountCode: string | null;
  /** Each line as stored, with its total ex VAT (not stored: a trade order's confirmation reads it first). */
  lines: readonly PlacedOrderLine[];
  totals: { goodsPence: number; discountPence: number; deliveryPence: number; totalPence: number; vatPence: number };
  payment: { intentRef: string; method: string; cardBrand: string | null; cardLast4: string | null; capturedPence: number };
}

/** Writes the order, its lines and first history entry, and queues the confirmation, all in the caller's transaction. */
async function recordPlacedOrder(
  deps: OrdersDeps,
  db: Database,
  input: PlacedOrderInput,
  now: Date,
  publicUrl: string,
  id: string = crypto.randomUUID(),
): Promise<Order> {
  const stored = await repository.insertOrder(
    db,
    {
      id,
      basketId: input.basketId,
      customerId: input.customerId,
      emailAddress: input.contact.emailAddress,
      customerName: `${input.contact.firstName} ${input.contact.lastName}`,
      phone: input.contact.phone,
      deliveryAddress: input.deliveryAddress,
      deliveryInstructions: input.deliveryInstructions,
      orderReference: input.orderReference,
      billingAddress: input.billingAddress,
      delivery: input.delivery,
      channel: input.channel,
      discountCode: input.discountCode,
      ...input.totals,
      paymentIntentRef: input.payment.intentRef,
      paymentMethod: input.payment.method,
      cardBrand: input.payment.cardBrand,
      cardLast4: input.payment.cardLast4,
      capturedPence: input.payment.capturedPence,
      status: 'placed',
      placedAt: now,
      updatedAt: now,
    },
    input.lines.map(({ lineTotalExVat: _exVat, ...line }) => line),
    input.customerId,
  );
  // Presented from what the inserts returned: a new order has no refunds yet.
  const order = presentOrder(stored.row, { lines: stored.lines, history: stored.history, refunds: [] }, 'customer');
  // At trade prices, the confirmation reads ex VAT first (docs/domain.md §5).
  const trade = isTradePriced(input.channel) ? { lineTotalsExVat: input.lines.map((line) => line.lineTotalExVat) } : null;
  // The confirmation is the durable record of the right to cancel, with a link to cancel online (CCRs 2013, decision 0053).
  const link = await newConfirmationLink(db, order.orderGuid, now);
  const returnability = await deps.catalogue.returnabilityOf(
    { db },
    order.lines.map((line) => line.sku),
  );
  const cancelling = { manageUrl: orderLinkUrl(publicUrl, link.token), linkExpiresAt: link.expiresAt, returnability };
  await deps.notifications.enqueueEmail(
    { db },
    {
      to: order.emailAddress,
      ...orderConfirmationEmail(deps, order, publicUrl, trade, cancelling),
      template: 'order.confirmation',
      dedupeKey: `order.confirmation:${order.orderGuid}`,
    },
  );
  return order;
}

/** The order a basket became. With `viewer`, only a guest's order or the viewer's own (else undefined, as for any other basket). */
export async function findOrderByBasket(db: Database, basketId: string, viewer?: { userId: string } | null): Promise<Order | undefined> {
  const row = await repository.findOrder(db, repository.byBasket(basketId));
  if (!row || (viewer !== undefined && row.customerId !== null && row.customerId !== viewer?.userId)) return undefined;
  return withDetails(db, row, 'customer');
}

/** Where these orders stand now, by id: status and refunded pence (one query for a batch). */
export async function orderStates(db: Database, orderIds: readonly string[]): Promise<Map<string, { status: OrderStatus; refundedPence: number }>> {
  const rows = await repository.currentStates(db, orderIds);
  return new Map(rows.map((row) => [row.id, { status: row.status, refundedPence: row.refundedPence }]));
}

/** Of these payments, the ones an order holds (one query for a batch). */
export function paymentsWithOrders(db: Database, intentRefs: readonly string[]): Promise<Set<string>> {
  return repository.paymentsWithOrders(db, intentRefs);
}

// ── the service ─────────────────────────────────────────────────────────────────────────────────

/**
 * Orders: placed by checkout (one per basket, one per payment), read by their customers, tracked
 * with number and e-mail, moved through fulfilment by staff, and cancelled or refunded by them.
 * Placing runs in checkout's transaction (`ctx.db`).
 */
export interface OrdersService {
  listMyOrders(ctx: Ctx, pageNumber: number, pageSize: number): Promise<OrderSummaryPage>;
  getMyLatestOrder(ctx: Ctx): Promise<Order>;
  /** A customer's own order: another's, or a guest's, is the same 404 as an unknown one. */
  getMyOrder(ctx: Ctx, orderNumber: string): Promise<Order>;
  checkTrackingDetails(ctx: Ctx, orderNumber: string, emailAddress: string): Promise<{ found: true; orderNumber: string }>;
  /** Progress for whoever has the number and e-mail: the town and postcode district, never the full address. */
  trackOrder(ctx: Ctx, orderNumber: string, emailAddress: string): ReturnType<typeof trackOrder>;
  searchOrders(ctx: Ctx, query: { search?: string; status?: OrderStatus; pageNumber: number; pageSize: number }): Promise<OrderSummaryPage>;
  getOrderForStaff(ctx: Ctx, orderNumber: string): Promise<Order>;
  /** Moves an order forward through fulfilment (dispatch e-mails the customer). */
  advanceOrder(ctx: Ctx, orderNumber: string, input: Parameters<typeof advanceOrder>[3]): Promise<Order>;
  /** Staff cancel an order before dispatch: all of the payment back, the stock and any code too. */
  cancelOrder(ctx: ServiceContext, orderNumber: string, input: { reason: string }): Promise<Order>;
  /** Staff refund a dispatched order, in part or in full. */
  refundOrder(ctx: ServiceContext, orderNumber: string, input: { amountPence: number; reason: string; alreadyRefundedPence: number }): Promise<Order>;
  /** What the provider's refund events do to orders (subscribed to payments' events by `composeApi`). */
  settleRefunds: PaymentEventHandler;
  /** Writes the order, its lines and first history entry, and queues the confirmation, all in the caller's transaction. */
  recordPlacedOrder(ctx: DbContext, input: PlacedOrderInput, now: Date, id?: string): Promise<Order>;
  /** The order a basket became. With `viewer`, only a guest's order or the viewer's own (else undefined, as for any other basket). */
  findOrderByBasket(ctx: DbContext, basketId: string, viewer?: { userId: string } | null): Promise<Order | undefined>;
  /** Of these payments, the ones an order holds (one query for a batch). */
  paymentsWithOrders(ctx: DbContext, intentRefs: readonly string[]): Promise<Set<string>>;
  /** Where these orders stand now, by id: status and refunded pence (one query for a batch). */
  orderStates(ctx: DbContext, orderIds: readonly string[]): Promise<Map<string, { status: OrderStatus; refundedPence: number }>>;
  /** Writes past orders in bulk, their stock committed as a placed order's is, with no e-mail (demo data: the trade module's businesses). */
  recordHistoricalOrders(ctx: DbContext, orders: readonly HistoricalOrder[]): Promise<{ id: string; orderNumber: string }[]>;
  /** Units of each sku sold in orders placed since `since`, less what was cancelled or refunded in full (the catalogue's best sellers). */
  unitsSoldSince(ctx: DbContext, since: Date): Promise<Map<string, number>>;
  /** The order its signed-in owner, or the holder of a link we e-mailed for it, may change (help centre); else 403 (decision 0049). */
  orderForHelp(ctx: Ctx, orderNumber: string, proof: OrderProof): Promise<HelpOrder>;
  /** Any order as the help centre's staff see it; 404 ORDER_NOT_FOUND for an unknown number. */
  helpOrderForStaff(ctx: Ctx, orderNumber: string): Promise<HelpOrder>;
  /** E-mails a link to change the order to its address, for a guest with its number and that address (404 ORDER_NOT_FOUND otherwise). */
  issueOrderLink(ctx: Ctx, orderNumber: string, emailAddress: string): Promise<{ sentTo: string; expiresInHours: number }>;
  /** The order a link opens and until when (403 ORDER_LINK_INVALID or ORDER_LINK_EXPIRED). */
  openOrderLink(ctx: Ctx, token: string): Promise<{ orderNumber: string; expiresAt: string }>;
  /** The signed-in caller's own order's line for a sku (reviews: a verified purchase); 404 ORDER_NOT_FOUND for anyone else's order. */
  purchasedLine(ctx: Ctx, orderNumber: string, sku: string): Promise<PurchasedLine | null>;
  /**
   * Reviews' "invite buyers to answer": customers whose dispatched or delivered orders hold any of `skus`, one per e-mail address, most
   * recent first, leaving out `excludeCustomerId` (and every address its orders used) and `excludeEmailAddresses`.
   */
  recentBuyersOf(
    ctx: DbContext,
    skus: readonly string[],
    options: { limit: number; excludeCustomerId?: string | null; excludeEmailAddresses?: readonly string[] },
  ): Promise<RecentBuyer[]>;
  /** Units of `skus` sent to customers (dispatched or delivered, less cancelled lines): reviews' product insights divide returns by it. */
  unitsSent(ctx: DbContext, skus: readonly string[]): Promise<number>;
  /** Orders whose delivery was recorded in a window, oldest delivery first, a page at a time (reviews' "review your purchase" e-mail). */
  deliveredOrders(ctx: DbContext, window: DeliveredWindow): Promise<DeliveredOrder[]>;
  /** The customer cancels some lines before dispatch: marked cancelled, stock back, the price paid refunded. */
  cancelOrderLines(
    ctx: ServiceContext,
    orderNumber: string,
    input: { lines: readonly refunding.CancelledLine[]; reason: string },
  ): Promise<refunding.CustomerRefundOutcome>;
  /** The customer cancels the whole order before dispatch (as staff do): all of the payment, the stock and the code back. */
  cancelWholeOrder(ctx: ServiceContext, orderNumber: string, input: { reason: string }): Promise<refunding.CustomerRefundOutcome>;
  /** Refunds a received return, once however often asked (keyed by the return). */
  refundReturn(
    ctx: ServiceContext,
    orderNumber: string,
    input: { returnId: string; amountPence: number; reason: string },
  ): Promise<refunding.CustomerRefundOutcome>;
  /** The order's full VAT invoice as a PDF: numbered the first time, the same number after. */
  vatInvoice(ctx: Ctx, orderNumber: string): Promise<{ invoiceNumber: string; fileName: string; bytes: Uint8Array }>;
}

type OrderSummaryPage = Awaited<ReturnType<typeof page>>;

export function createOrdersService(deps: OrdersDeps): OrdersService {
  const { publicUrl } = deps;
  return {
    listMyOrders,
    getMyLatestOrder,
    getMyOrder,
    checkTrackingDetails,
    trackOrder,
    searchOrders,
    getOrderForStaff,
    advanceOrder: (ctx, orderNumber, input) => advanceOrder(deps, ctx, orderNumber, input, publicUrl),
    cancelOrder: (ctx, orderNumber, input) => refunding.cancelOrder(deps, ctx, orderNumber, input),
    refundOrder: (ctx, orderNumber, input) => refunding.refundOrder(deps, ctx, orderNumber, input),
    settleRefunds: refunding.settleRefundsFromWebhook(deps),
    recordPlacedOrder: (ctx, input, now, id) => recordPlacedOrder(deps, ctx.db, input, now, publicUrl, id),
    findOrderByBasket: (ctx, basketId, viewer) => findOrderByBasket(ctx.db, basketId, viewer),
    paymentsWithOrders: (ctx, intentRefs) => paymentsWithOrders(ctx.db, intentRefs),
    orderStates: (ctx, orderIds) => orderStates(ctx.db, orderIds),
    recordHistoricalOrders: (ctx, orders) => recordHistoricalOrders(deps, ctx.db, orders),
    unitsSoldSince: (ctx, since) => repository.unitsSoldSince(ctx.db, since),
    orderForHelp,
    helpOrderForStaff,
    issueOrderLink: (ctx, orderNumber, emailAddress) => issueOrderLink(deps, ctx, orderNumber, emailAddress, publicUrl),
    openOrderLink: async (ctx, token) => {
      const { order, expiresAt } = await orderOfLink(ctx, token);
      return { orderNumber: order.orderNumber, expiresAt: expiresAt.toISOString() };
    },
    purchasedLine,
    recentBuyersOf,
    unitsSent: (ctx, skus) => repository.unitsSent(ctx.db, skus),
    deliveredOrders,
    cancelOrderLines: (ctx, orderNumber, input) => refunding.cancelOrderLines(deps, ctx, orderNumber, input),
    cancelWholeOrder: async (ctx, orderNumber, input) => {
      const order = await refunding.cancelOrder(deps, ctx, orderNumber, input);
      const refund = order.refunds.findLast((candidate) => candidate.kind === 'cancellation');
      return { order, refundId: refund?.refundId ?? null, refundedPence: refund?.state === 'succeeded' ? refund.amountPence : 0 };
    },
    refundReturn: (ctx, orderNumber, input) => refunding.refundReturn(deps, ctx, orderNumber, input),
    vatInvoice: (ctx, orderNumber) => vatInvoice(ctx, orderNumber, deps.shop),
  };
}
