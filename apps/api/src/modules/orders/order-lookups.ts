/**
 * Orders as other modules need them: after-sales' self-service (an order its owner or a link's holder
 * may change), and reviews' verified purchases, delivered orders and recent buyers.
 */
import type { OrderStatus } from '@shop/contracts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import { provenOrder, type OrderProof } from './order-links.ts';
import { isTradePriced } from './order-view.ts';
import { ON_ACCOUNT } from './orders.deps.ts';
import { OrderErrors } from './orders.errors.ts';
import * as repository from './orders.repository.ts';
import type { OrderLineRow, OrderRow } from './orders.repository.ts';

type Ctx = CallerContext;
type DbContext = Pick<ServiceContext, 'db'>;

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
  /** Paid on a business's account with the credit provider: money back is credited to that account, not paid to a card. */
  paidOnAccount: boolean;
  deliveryName: string;
  /** Collected from a branch: no delivery address to change, no delivery to upgrade. */
  collected: boolean;
  lines: Pick<
    OrderLineRow,
    'position' | 'sku' | 'productName' | 'label' | 'imageUrl' | 'quantity' | 'cancelledQuantity' | 'unitPriceIncVat' | 'lineTotalIncVat' | 'returnability'
  >[];
}

/** The order its owner signed in, or the holder of a link we e-mailed for it, may change (decision 0049); else 403. */
export async function orderForHelp(ctx: Ctx, orderNumber: string, proof: OrderProof): Promise<HelpOrder> {
  return helpOrderOf(ctx, await provenOrder(ctx, orderNumber, proof));
}

/** Any order as the help centre's staff see it (a return's lines and prices). */
export async function helpOrderForStaff(ctx: Ctx, orderNumber: string): Promise<HelpOrder> {
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
    paidOnAccount: row.paymentMethod === ON_ACCOUNT,
    deliveryName: row.delivery.name,
    collected: row.delivery.code === 'click_collect' || row.deliveryAddress === null,
    lines: lines.map(({ position, sku, productName, label, imageUrl, quantity, cancelledQuantity, unitPriceIncVat, lineTotalIncVat, returnability }) => ({
      position,
      sku,
      productName,
      label,
      imageUrl,
      quantity,
      cancelledQuantity,
      unitPriceIncVat,
      lineTotalIncVat,
      returnability,
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
export async function recentBuyersOf(
  ctx: DbContext,
  skus: readonly string[],
  options: { limit: number; excludeCustomerId?: string | null; excludeEmailAddresses?: readonly string[] },
): Promise<RecentBuyer[]> {
  const rows = await repository.recentBuyers(ctx.db, skus, options);
  return rows.map((row) => ({ customerId: row.customerId, emailAddress: row.emailAddress, name: row.customerName, lastBoughtAt: row.lastBoughtAt }));
}
