import { coPurchasesSince, type CoPurchases } from './co-purchases.repository.ts';
import type { Order, OrderLinkPurpose, OrderStatus } from '@shop/contracts';
import type { CallerContext, ServiceContext, TransactionContext } from '../../platform/context.ts';
import type { PaymentEventHandler } from '../payments/index.ts';
import { recordHistoricalOrders, type HistoricalOrder } from './historical-orders.ts';
import { customerLink, issueOrderLink, orderOfLink, type OrderProof } from './order-links.ts';
import {
  deliveredOrders,
  helpOrderForStaff,
  orderForHelp,
  purchasedLine,
  recentBuyersOf,
  type DeliveredOrder,
  type DeliveredWindow,
  type HelpOrder,
  type PurchasedLine,
  type RecentBuyer,
} from './order-lookups.ts';
import {
  basketOfMyOrder,
  checkTrackingDetails,
  findOrderByBasket,
  myOrdersFromBaskets,
  getMyLatestOrder,
  getMyOrder,
  getOrderForStaff,
  listMyOrders,
  orderStates,
  orderAddressees,
  type OrderAddressee,
  type OrderSummaryPage,
  paymentsWithOrders,
  searchOrders,
  trackOrder,
  vatInvoice,
} from './order-reading.ts';
import type { AccountPayments, OrdersDeps } from './orders.deps.ts';
import * as repository from './orders.repository.ts';
import { advanceOrder, recordPlacedOrder, type PlacedOrderInput } from './placing.ts';
import * as refunding from './refunds.ts';
import { settleRefundsFromWebhook } from './refund-webhooks.ts';
import { finishPendingCredits, type PendingCreditsClaim } from './pending-credits.ts';
import { applyDeliveryUpgrade, upgradeVatOf, type DeliveryUpgradeChange } from './delivery-upgrades.ts';
import { applyOrderChange, orderForChange, type ChangeableOrder, type ChangeCaller, type OrderChange } from './order-changes.ts';

type Ctx = CallerContext;
type DbContext = Pick<ServiceContext, 'db'>;

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
  /** The caller's own orders placed from any of these baskets, newest first (a project's orders). */
  myOrdersFromBaskets(ctx: Ctx, basketIds: readonly string[], limit: number): Promise<{ orderNumber: string; placedAt: string; totalIncVat: number }[]>;
  /** The basket the caller's own order was made of; anyone else's order is the same 404 as an unknown one. */
  basketOfMyOrder(ctx: Ctx, orderNumber: string): Promise<string>;
  /** Of these payments, the ones an order holds (one query for a batch). */
  paymentsWithOrders(ctx: DbContext, intentRefs: readonly string[]): Promise<Set<string>>;
  /** Where these orders stand now, by id: number, status and refunded pence (one query for a batch). */
  orderStates(ctx: DbContext, orderIds: readonly string[]): Promise<Map<string, { orderNumber: string; status: OrderStatus; refundedPence: number }>>;
  /** Who to write to about these orders, by id: number, e-mail address and name (one query for a batch). */
  orderAddressees(ctx: DbContext, orderIds: readonly string[]): Promise<Map<string, OrderAddressee>>;
  /** Writes past orders in bulk, their stock committed as a placed order's is, with no e-mail (demo data: the trade module's businesses). */
  recordHistoricalOrders(ctx: DbContext, orders: readonly HistoricalOrder[]): Promise<{ id: string; orderNumber: string }[]>;
  /** Units of each sku sold in orders placed since `since`, less what was cancelled or refunded in full (the catalogue's best sellers). */
  unitsSoldSince(ctx: DbContext, since: Date): Promise<Map<string, number>>;
  /** Products bought in the same orders since `since` (the catalogue's "Frequently bought together"), products as `productOfSku` groups skus. */
  coPurchasesSince(ctx: DbContext, since: Date, productOfSku: ReadonlyMap<string, number>, minTogether: number): Promise<CoPurchases>;
  /** Units sold per sku between two instants (staff reports). */
  unitsSoldBetween(ctx: DbContext, from: Date, until: Date): Promise<Map<string, number>>;
  /** Orders and their takings net of refunds per London day between two instants (staff reports): sales come from orders, never from events. */
  salesByDay(ctx: DbContext, from: Date, until: Date): Promise<{ day: string; orders: number; netPence: number }[]>;
  /** The order its signed-in owner, or the holder of a link we e-mailed for it, may change (help centre); else 403 (decision 0049). */
  orderForHelp(ctx: Ctx, orderNumber: string, proof: OrderProof): Promise<HelpOrder>;
  /** Any order as the help centre's staff see it; 404 ORDER_NOT_FOUND for an unknown number. */
  helpOrderForStaff(ctx: Ctx, orderNumber: string): Promise<HelpOrder>;
  /** E-mails a link to change the order to its address, for a guest with its number and that address (404 ORDER_NOT_FOUND otherwise). */
  issueOrderLink(ctx: Ctx, orderNumber: string, emailAddress: string, purpose: OrderLinkPurpose): Promise<{ sentTo: string; expiresInHours: number }>;
  /**
   * A link to the order's page for `purpose`, for its customer, kept in the caller's transaction for the caller to e-mail to the order's
   * address (staff's changes for the customer to pay, decision 0092); 429 ORDER_LINK_TOO_MANY past the hourly count.
   */
  customerLink(
    ctx: TransactionContext,
    order: { id: string; emailAddress: string },
    purpose: OrderLinkPurpose,
    now: Date,
  ): Promise<{ url: string; expiresAt: Date; sentTo: string }>;
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
  /**
   * The order as an order basket or a delivery upgrade changes it: its owner's, any for order staff, or the one the caller's e-mailed
   * link opens (`linkToken`, decision 0049); anyone else's is 404 as an unknown one, a link's problems 403 as in the help centre.
   */
  orderForChange(ctx: ChangeCaller, orderNumber: string): Promise<ChangeableOrder>;
  /** Applies a completed order basket in the caller's transaction, or says why it is stale (changing nothing). */
  applyOrderChange(ctx: ChangeCaller, change: OrderChange, now: Date): Promise<{ version: number; refundId: string | null; stale: string | null }>;
  /** Upgrades a placed order's delivery in the caller's transaction (a charge of its own when paid), or says why it is stale (changing nothing). */
  applyDeliveryUpgrade(ctx: ChangeCaller, change: DeliveryUpgradeChange, now: Date): Promise<{ version: number; stale: string | null }>;
  /** The VAT in a delivery upgrade's difference, as `applyDeliveryUpgrade` adds it to the order's (what a credit provider is told). */
  deliveryUpgradeVat(differencePence: number): number;
  /** Asks the provider for a change's refund recorded by `applyOrderChange`, and settles it (once, whoever asks). */
  refundOrderChange(ctx: ServiceContext, orderNumber: string, refundId: string): Promise<Order>;
  /**
   * The order's refund left pending when the provider's answer was lost, finished with its own key (the provider's webhook about a
   * credit asks this): settled once, whoever else finishes it at the same time. False when nothing was pending.
   */
  finishPendingRefund(ctx: ServiceContext, orderId: string): Promise<boolean>;
  /**
   * A batch of refunds of orders paid on account pending since before `pendingSince` (the credit's answer lost, and the
   * provider's webhook too), each claimed until `leaseUntil` and finished by `finishPendingRefund`: trade credit's job.
   */
  finishPendingCredits(ctx: Pick<ServiceContext, 'db' | 'clock' | 'log'>, claim: PendingCreditsClaim): Promise<{ claimed: number; settled: number }>;
  /** How many refunds of orders paid on account are pending since before `pendingSince` (claimed by a batch or not): staff's operations page. */
  countPendingCredits(ctx: Pick<ServiceContext, 'db'>, pendingSince: Date): Promise<number>;
  /** The order's full VAT invoice as a PDF: numbered the first time, the same number after; or one of its earlier invoices or credit notes. */
  vatInvoice(ctx: Ctx, orderNumber: string, documentNumber?: string): Promise<{ invoiceNumber: string; fileName: string; bytes: Uint8Array }>;
  /** Orders paid on account are refunded and dispatched through trade credit (given by `composeApi` once it is made). */
  settleOnAccountThrough(accountPayments: AccountPayments): void;
}

export function createOrdersService(given: OrdersDeps): OrdersService {
  // Its own copy: trade credit, made later, settles orders paid on account (`settleOnAccountThrough`).
  const deps: OrdersDeps = { ...given };
  const { publicUrl } = deps;
  return {
    settleOnAccountThrough: (accountPayments) => {
      deps.accountPayments = accountPayments;
    },
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
    settleRefunds: settleRefundsFromWebhook(deps),
    recordPlacedOrder: (ctx, input, now, id) => recordPlacedOrder(deps, ctx.db, input, now, publicUrl, id),
    findOrderByBasket: (ctx, basketId, viewer) => findOrderByBasket(ctx.db, basketId, viewer),
    myOrdersFromBaskets,
    basketOfMyOrder,
    paymentsWithOrders: (ctx, intentRefs) => paymentsWithOrders(ctx.db, intentRefs),
    orderStates: (ctx, orderIds) => orderStates(ctx.db, orderIds),
    orderAddressees: (ctx, orderIds) => orderAddressees(ctx.db, orderIds),
    recordHistoricalOrders: (ctx, orders) => recordHistoricalOrders(deps, ctx.db, orders),
    unitsSoldSince: (ctx, since) => repository.unitsSoldSince(ctx.db, since),
    coPurchasesSince: (ctx, since, productOfSku, minTogether) => coPurchasesSince(ctx.db, since, productOfSku, minTogether),
    unitsSoldBetween: (ctx, from, until) => repository.unitsSoldBetween(ctx.db, from, until),
    salesByDay: (ctx, from, until) => repository.salesByDay(ctx.db, from, until),
    orderForHelp,
    helpOrderForStaff,
    issueOrderLink: (ctx, orderNumber, emailAddress, purpose) => issueOrderLink(deps, ctx, orderNumber, emailAddress, purpose, publicUrl),
    customerLink: (ctx, order, purpose, now) => customerLink(ctx.db, order, purpose, now, publicUrl),
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
    orderForChange: (ctx, orderNumber) => orderForChange(ctx, orderNumber),
    applyOrderChange: (ctx, change, now) => applyOrderChange(ctx, change, now, deps.shop),
    applyDeliveryUpgrade: (ctx, change, now) => applyDeliveryUpgrade(ctx, change, now, deps.shop),
    deliveryUpgradeVat: upgradeVatOf,
    refundOrderChange: (ctx, orderNumber, refundId) => refunding.refundRecorded(deps, ctx, orderNumber, refundId),
    finishPendingRefund: (ctx, orderId) => refunding.finishPendingRefund(deps, ctx, orderId),
    finishPendingCredits: (ctx, claim) => finishPendingCredits(deps, ctx, claim),
    countPendingCredits: (ctx, pendingSince) => repository.countPendingCredits(ctx.db, pendingSince),
    vatInvoice: (ctx, orderNumber, documentNumber) => vatInvoice(ctx, orderNumber, deps.shop, deps.accountPayments, documentNumber),
  };
}
