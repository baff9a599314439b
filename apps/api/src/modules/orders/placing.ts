/**
 * An order placed (by checkout's place-order, in its transaction) and moved through fulfilment by
 * staff; each queues its e-mail in the same transaction.
 */
import { mayMoveOrder, type Order } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext } from '../../platform/context.ts';
import type { FastifyBaseLogger } from 'fastify';
import { orderConfirmationEmail, orderDispatchedEmail } from './order-emails.ts';
import { confirmationLink, orderLinkUrl } from './order-links.ts';
import { isTradePriced, presentOrder, reread } from './order-view.ts';
import { accountPaymentsOf, ON_ACCOUNT, type OrdersDeps } from './orders.deps.ts';
import { OrderErrors } from './orders.errors.ts';
import * as repository from './orders.repository.ts';
import type { OrderRow, WrittenOrder } from './orders.repository.ts';

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

/** Writes the order, its lines, first history entry and link, and queues the confirmation, in one statement of the caller's transaction. */
export async function recordPlacedOrder(
  deps: OrdersDeps,
  db: Database,
  input: PlacedOrderInput,
  now: Date,
  publicUrl: string,
  id: string = crypto.randomUUID(),
): Promise<Order> {
  // The confirmation is the durable record of the right to cancel, with a link to cancel online (CCRs 2013, decision 0053).
  const link = confirmationLink(now);
  // At trade prices, the confirmation reads ex VAT first (docs/domain.md §5).
  const trade = isTradePriced(input.channel) ? { lineTotalsExVat: input.lines.map((line) => line.lineTotalExVat) } : null;
  const returnability = new Map(input.lines.map((line) => [line.sku, line.returnability]));
  const cancelling = { manageUrl: orderLinkUrl(publicUrl, link.token), linkExpiresAt: link.expiresAt, returnability };
  let order: Order | undefined;
  // The confirmation is made from the order as it will be written (its number drawn), and queued by the order's own statement.
  const confirmation = {
    insertFrom: deps.notifications.queuedEmailPart.insertFrom,
    values: (written: WrittenOrder) => {
      // A new order has no refunds yet.
      order = presentOrder(written.row, { ...written, refunds: [] }, 'customer');
      return deps.notifications.queuedEmailPart.values({
        to: order.emailAddress,
        ...orderConfirmationEmail(deps, order, publicUrl, trade, cancelling),
        template: 'order.confirmation',
        dedupeKey: `order.confirmation:${order.orderGuid}`,
      });
    },
  };
  await repository.insertOrder(
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
    { tokenHash: link.tokenHash, createdAt: now, expiresAt: link.expiresAt },
    confirmation,
  );
  return order!;
}

export async function advanceOrder(
  deps: OrdersDeps,
  ctx: CallerContext & { log?: FastifyBaseLogger },
  orderNumber: string,
  input: { status: 'processing' | 'picking' | 'dispatched' | 'delivered'; carrier?: string; trackingNumber?: string; note?: string },
  publicUrl: string,
): Promise<Order> {
  const now = ctx.clock.now();
  const advanced = await ctx.db.transaction(async (db) => {
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
      if (row.paymentMethod === ON_ACCOUNT) await accountPaymentsOf(deps).noteDispatched(db, row.paymentIntentRef, now);
    }
    return { order, onAccountRef: row.paymentMethod === ON_ACCOUNT && input.status === 'dispatched' ? row.paymentIntentRef : null };
  });
  // Dispatched on account: the provider's term starts (outside the transaction; told later if it cannot be reached now).
  if (advanced.onAccountRef) await accountPaymentsOf(deps).fulfil({ db: ctx.db, clock: ctx.clock, log: ctx.log }, advanced.onAccountRef);
  return advanced.order;
}
