/**
 * An order changed after it was placed (the order-baskets module's completion): the order keeps its
 * number; under its row lock, in the caller's transaction, the version it was changed against is
 * checked, units removed are marked cancelled (as a customer's line cancellation is), units added
 * become new lines, the address, delivery, discount and VAT take their new figures, a difference paid
 * is added to what was captured, a difference owed back is recorded as a pending refund (settled after
 * the commit by `refundRecorded`, refunds.ts), and the history says what changed, who and when.
 */
import { AMENDABLE_STATUSES, type Address, type OrderStatus, type ShopDetails } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import { orderOfLink, type OrderProof } from './order-links.ts';
import { OrderErrors } from './orders.errors.ts';
import { ON_ACCOUNT } from './orders.deps.ts';
import { isTradePriced } from './order-view.ts';
import * as repository from './orders.repository.ts';
import { invoiceBeforeChange, reissueAfterChange } from './vat-invoice.ts';
import type { OrderDelivery } from './orders.tables.ts';

/** What changing an order reads of it: its lines as they stand (ordered less cancelled) with their positions. */
export interface ChangeableOrder {
  id: string;
  orderNumber: string;
  basketId: string;
  customerId: string | null;
  emailAddress: string;
  customerName: string;
  status: OrderStatus;
  version: number;
  channel: number;
  /** Priced at the business's trade prices (a trade channel): what a discount's terms are checked against. */
  tradePriced: boolean;
  discountCode: string | null;
  deliveryAddress: Address | null;
  billingAddress: Address;
  delivery: OrderDelivery;
  goodsPence: number;
  discountPence: number;
  deliveryPence: number;
  vatPence: number;
  capturedPence: number;
  refundedPence: number;
  /**
   * Paid on account: the credit provider's order, which a change that costs more must be agreed on
   * (decision 0101), and its gross amount as the shop holds it (what was captured less any card charges); null when paid by card.
   */
  onAccount: { providerOrderId: string; amountPence: number } | null;
  placedAt: string;
  /** The order's page for its customer: their account's, or tracking for a guest's order. */
  pagePath: string;
  /** Who is changing it: its customer (signed in, or holding the link we e-mailed) or order staff for them. */
  changedBy: 'customer' | 'staff';
  lines: {
    position: number;
    sku: string;
    productName: string;
    productSlug: string;
    label: string;
    imageUrl: string | null;
    quantity: number;
    unitPriceIncVat: number;
  }[];
}

export interface OrderChange {
  orderNumber: string;
  /** The version the change was worked out against: another makes it stale (409). */
  expectedVersion: number;
  cancel: readonly { position: number; quantity: number }[];
  /** Lines added, each with the returnability its product has as it is added (kept with the order, as a placed order's lines). */
  add: readonly repository.GivenOrderLine[];
  deliveryAddress: Address | null;
  figures: { discountPence: number; deliveryPence: number; vatPence: number };
  chargedPence: number;
  /** The payment that took the difference (null when nothing was charged). */
  paymentIntentRef: string | null;
  refundPence: number;
  /** In words, for the history and the e-mail. */
  summary: string;
  /** The change's id: the refund's idempotency key is made from it, so it is asked for once. */
  changeId: string;
}

/**
 * Who is changing an order: its customer signed in, order staff, or a guest holding the link we
 * e-mailed to the order's address (decision 0049; the token in the caller's proof). The caller's
 * context carries the proof, so the order basket and upgrade modules pass it on untouched.
 */
export type ChangeCaller = CallerContext & OrderProof;

/**
 * The order as its changer may see it. Signed in without a link, anyone else's order is the same 404
 * as an unknown one; a link opens its own order only (403 ORDER_LINK_INVALID for another's or an
 * altered one, ORDER_LINK_EXPIRED for an old one); with neither, 403 ORDER_LINK_REQUIRED whether or
 * not the order exists, as the help centre's calls answer.
 */
export async function orderForChange(caller: ChangeCaller, orderNumber: string, lock = false): Promise<ChangeableOrder> {
  const { db } = caller;
  const row = lock ? await repository.lockOrder(db, repository.byNumber(orderNumber)) : await repository.findOrder(db, repository.byNumber(orderNumber));
  const changedBy = await whoChanges(caller, orderNumber, row);
  if (!row || !changedBy) throw OrderErrors.notYours(orderNumber);
  const lines = await repository.linesOf(db, row.id);
  return {
    ...row,
    changedBy,
    pagePath: row.customerId ? `/account/orders/${row.orderNumber}` : `/track-order?orderNumber=${encodeURIComponent(row.orderNumber)}`,
    tradePriced: isTradePriced(row.channel),
    onAccount:
      row.paymentMethod === ON_ACCOUNT
        ? {
            providerOrderId: row.paymentIntentRef,
            amountPence: row.capturedPence - (await repository.chargesOf(db, row.id)).reduce((sum, charge) => sum + charge.amountPence, 0),
          }
        : null,
    placedAt: row.placedAt.toISOString(),
    lines: lines
      .filter((line) => line.quantity > line.cancelledQuantity)
      .map((line) => ({
        position: line.position,
        sku: line.sku,
        productName: line.productName,
        productSlug: line.productSlug,
        label: line.label,
        imageUrl: line.imageUrl,
        quantity: line.quantity - line.cancelledQuantity,
        unitPriceIncVat: line.unitPriceIncVat,
      })),
  };
}

/** Owner first, then staff, then the link: a link proves only its own order, checked before anything about this one is said. */
async function whoChanges(
  caller: ChangeCaller,
  orderNumber: string,
  row: { id: string; customerId: string | null } | undefined,
): Promise<ChangeableOrder['changedBy'] | null> {
  const { actor } = caller;
  if (actor && row?.customerId && row.customerId === actor.userId) return 'customer';
  if (actor?.roles.includes('order-admin')) return 'staff';
  if (caller.linkToken) {
    const { order } = await orderOfLink(caller, caller.linkToken);
    if (!row || order.id !== row.id) throw OrderErrors.linkInvalid();
    return 'customer';
  }
  if (!actor) throw OrderErrors.linkRequired(orderNumber);
  return null;
}

/** What moved since a change was worked out, in words (the 409's detail). */
export function whatChanged(order: Pick<ChangeableOrder, 'status' | 'version'>, expectedVersion: number): string | null {
  if (!AMENDABLE_STATUSES.includes(order.status)) return `The order is now ${order.status}, so it can no longer be changed.`;
  if (order.version !== expectedVersion) return 'The order was changed since you opened these changes (in another window, or by our staff).';
  return null;
}

/** Applies the change in the caller's transaction; the stale check and the writes happen under the order's row lock. */
export async function applyOrderChange(
  caller: ChangeCaller,
  change: OrderChange,
  now: Date,
  shop: ShopDetails,
): Promise<{ version: number; refundId: string | null; stale: string | null }> {
  const { db, actor } = caller;
  const order = await orderForChange(caller, change.orderNumber, true);
  const stale = whatChanged(order, change.expectedVersion);
  if (stale) return { version: order.version, refundId: null, stale };
  // A cancellation or refund still waiting for the payment provider holds the order where it is.
  const pending = (await repository.refundsOf(db, [order.id])).find((refund) => refund.state === 'pending');
  if (pending) return { version: order.version, refundId: null, stale: 'A refund on this order is still being made: try again in a minute.' };
  // Staff changing it for the customer (on the phone) are named in the history staff see; the customer's own change names nobody,
  // and one made with the e-mailed link is the customer's whoever is signed in on the device (no actor: order-view.ts reads it so).
  const staffName = actor && order.changedBy === 'staff' ? actor.name?.trim() || 'Plumbline staff' : null;
  const recorded = actor && (order.changedBy === 'staff' || actor.userId === order.customerId) ? { userId: actor.userId, staffName } : null;
  const invoice = await invoiceBeforeChange(db, (await repository.findOrder(db, repository.byId(order.id)))!, shop);
  const version = await repository.writeOrderChange(db, order.id, order.status, change, recorded, now);
  // An issued VAT invoice is not altered: a credit note cancels it and a new one is issued for the order as changed.
  if (invoice) await reissueAfterChange(db, order.id, invoice, shop, now);
  if (change.refundPence <= 0) return { version, refundId: null, stale: null };
  const refund = await repository.insertRefund(
    db,
    {
      orderId: order.id,
      kind: 'refund',
      amountPence: change.refundPence,
      reason: `Order changed: ${change.summary}`.slice(0, 500),
      state: 'pending',
      actor: actor?.userId ?? null,
      requestedAt: now,
    },
    () => `order:${order.id}:order-change:${change.changeId}`,
  );
  return { version, refundId: refund.id, stale: null };
}
