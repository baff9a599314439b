/**
 * Orders as they are read: a customer's own, tracked with number and e-mail, searched and opened by
 * staff, found by basket or payment for checkout, and the VAT invoice.
 */
import type { Order, OrderStatus, OrderSummary, ShopDetails } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext } from '../../platform/context.ts';
import { isTradePriced, totals, withDetails } from './order-view.ts';
import { ON_ACCOUNT, type AccountPayments } from './orders.deps.ts';
import { OrderErrors } from './orders.errors.ts';
import * as repository from './orders.repository.ts';
import type { OrderRow } from './orders.repository.ts';
import { vatInvoicePdf } from './vat-invoice.ts';

type Ctx = CallerContext;

/** A page of order summaries: a customer's own, or staff's search. */
export type OrderSummaryPage = Awaited<ReturnType<typeof page>>;

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
      paidOnAccount: row.paymentMethod === ON_ACCOUNT,
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
    paidOnAccount: order.payment.method === ON_ACCOUNT,
  };
}

/** The order's full VAT invoice as a PDF (`vat-invoice.ts`): numbered once, the same every time. */
export async function vatInvoice(ctx: Ctx, orderNumber: string, shop: ShopDetails, accountPayments?: AccountPayments, documentNumber?: string) {
  const row = await repository.findOrder(ctx.db, repository.byNumber(orderNumber));
  if (!row) throw OrderErrors.notFound();
  // Paid on account: the invoice says when it is due and where to pay (the credit provider's terms).
  const terms = row.paymentMethod === ON_ACCOUNT && accountPayments ? await accountPayments.invoiceTerms(ctx.db, row.paymentIntentRef) : null;
  return vatInvoicePdf(ctx.db, row, shop, ctx.clock.now(), terms, documentNumber);
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

/** The order a basket became. With `viewer`, only a guest's order or the viewer's own (else undefined, as for any other basket). */
export async function findOrderByBasket(db: Database, basketId: string, viewer?: { userId: string } | null): Promise<Order | undefined> {
  const row = await repository.findOrder(db, repository.byBasket(basketId));
  if (!row || (viewer !== undefined && row.customerId !== null && row.customerId !== viewer?.userId)) return undefined;
  return withDetails(db, row, 'customer');
}

/** The signed-in customer's orders placed from any of these baskets, newest first; another customer's are left out. */
export async function myOrdersFromBaskets(
  ctx: Ctx,
  basketIds: readonly string[],
  limit: number,
): Promise<{ orderNumber: string; placedAt: string; totalIncVat: number }[]> {
  const rows = await repository.ordersOfBaskets(ctx.db, ctx.actor!.userId, basketIds, limit);
  return rows.map((row) => ({ orderNumber: row.orderNumber, placedAt: row.placedAt.toISOString(), totalIncVat: row.totalPence }));
}

/** The basket the signed-in customer's own order was made of (the same 404 as `getMyOrder` for anyone else’s). */
export async function basketOfMyOrder(ctx: Ctx, orderNumber: string): Promise<string> {
  const row = await repository.findOrder(ctx.db, repository.byNumberOfCustomer(orderNumber, ctx.actor!.userId));
  if (!row) throw OrderErrors.notYours(orderNumber);
  return row.basketId;
}

/** Where these orders stand now, by id: status and refunded pence (one query for a batch). */
export async function orderStates(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, { orderNumber: string; status: OrderStatus; refundedPence: number }>> {
  const rows = await repository.currentStates(db, orderIds);
  return new Map(rows.map((row) => [row.id, { orderNumber: row.orderNumber, status: row.status, refundedPence: row.refundedPence }]));
}

/** Who to write to about these orders, by id (one query for a batch). */
export async function orderAddressees(db: Database, orderIds: readonly string[]): Promise<Map<string, OrderAddressee>> {
  const rows = await repository.addresseesOf(db, orderIds);
  return new Map(rows.map(({ id, ...addressee }) => [id, addressee]));
}

export interface OrderAddressee {
  orderNumber: string;
  emailAddress: string;
  customerName: string;
}

/** Of these payments, the ones an order holds (one query for a batch). */
export function paymentsWithOrders(db: Database, intentRefs: readonly string[]): Promise<Set<string>> {
  return repository.paymentsWithOrders(db, intentRefs);
}
