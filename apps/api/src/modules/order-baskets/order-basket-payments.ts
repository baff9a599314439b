/**
 * Payments for a change that was not made go back (decision 0103 and the expiry backstop): the
 * basket's own payment when the change fails or the basket expires, a second payment for the same
 * basket whenever it is found. Each refund is keyed by the basket and the payment, so never made twice.
 */
import { formatPenceShort } from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentEventHandler, PaymentIntent } from '../payments/index.ts';
import type { Ctx, OrderBasketsDeps } from './order-baskets.deps.ts';
import * as repository from './order-baskets.repository.ts';
import type { OrderBasketRow } from './order-baskets.repository.ts';

/** A difference paid for a change that was not made goes back in full, once (keyed by the basket and the payment: a basket may see several). */
export async function refundPayment(deps: Pick<OrderBasketsDeps, 'payments'>, intentRef: string, basketId: string): Promise<void> {
  await deps.payments.gateway().refund(intentRef, undefined, `order-basket:${basketId}:not-applied:${intentRef}`);
}

/** Refunds a taken payment for this basket in full, once (keyed); the payment, or null when it is not one taken for this basket. */
export async function refundSecondPayment(deps: Pick<OrderBasketsDeps, 'payments'>, basketId: string, intentRef: string): Promise<PaymentIntent | null> {
  const intent = await deps.payments.gateway().retrieveIntent(intentRef);
  if (!intent || intent.metadata.orderBasketId !== basketId || intent.status !== 'succeeded') return null;
  const refundable = intent.amountPence - intent.amountRefundedPence;
  if (refundable > 0) await deps.payments.gateway().refund(intent.id, undefined, `order-basket:${basketId}:second-payment:${intent.id}`);
  return intent;
}

/**
 * An expired basket's payment let go, once: cancelled unless it was paid, else refunded in full; the
 * customer e-mailed when money goes back. Returns the pence refunded (0: nothing was taken, or another
 * run let it go first).
 */
export async function releaseExpiredPayment(
  deps: Pick<OrderBasketsDeps, 'payments' | 'notifications'>,
  ctx: { db: Database; clock: Clock },
  basket: Pick<OrderBasketRow, 'id' | 'paymentIntentRef'>,
  addressee: { orderNumber: string; emailAddress: string; customerName: string } | undefined,
): Promise<number> {
  const intent = basket.paymentIntentRef ? await deps.payments.cancelUnlessPaid(basket.paymentIntentRef) : null;
  const refundable = intent && deps.payments.isPaid(intent) ? intent.amountPence - intent.amountRefundedPence : 0;
  if (intent && refundable > 0) await refundPayment(deps, intent.id, basket.id);
  return ctx.db.transaction(async (tx) => {
    if (!(await repository.markPaymentReleased(tx, basket.id, ctx.clock.now())) || refundable <= 0) return 0;
    if (addressee) {
      const refunded = formatPenceShort(refundable);
      const email = deps.notifications.renderEmail({
        subject: `Your changes to order ${addressee.orderNumber} were not made`,
        preheader: `We are refunding the ${refunded} you paid`,
        heading: 'Your changes were not made',
        paragraphs: [
          `Hello ${addressee.customerName},`,
          `You paid ${refunded} for changes to your order ${addressee.orderNumber}, but they were not completed before they expired, so we have not made them.`,
          `We are refunding the ${refunded} to your card: your bank may take a few working days to show it.`,
          'Your order is as it was. You can change it again from your order until we start picking it.',
        ],
      });
      await deps.notifications.enqueueEmail(
        { db: tx },
        { to: addressee.emailAddress, ...email, template: 'order.change-not-made', dedupeKey: `order.change-not-made:${basket.id}` },
      );
    }
    return refundable;
  });
}

/** Lets go of the payments of baskets that expired with one; how many it let go. */
export async function releaseExpiredPayments(
  deps: OrderBasketsDeps,
  ctx: Pick<Ctx, 'db' | 'clock'> & { log?: FastifyBaseLogger },
  limit: number,
): Promise<number> {
  const due = await repository.paymentsToRelease(ctx.db, limit);
  if (due.length === 0) return 0;
  const addressees = await deps.orders.orderAddressees(
    { db: ctx.db },
    due.map((basket) => basket.orderId),
  );
  let released = 0;
  for (const basket of due) {
    try {
      await releaseExpiredPayment(deps, ctx, basket, addressees.get(basket.orderId));
      released += 1;
    } catch (error) {
      ctx.log?.error({ err: error, basket: basket.id }, 'an expired order change’s payment could not be let go; will retry');
    }
  }
  return released;
}

/** Refunds the stray payments the webhook noted; how many. */
export async function refundStrayPayments(
  deps: OrderBasketsDeps,
  ctx: Pick<Ctx, 'db' | 'clock'> & { log?: FastifyBaseLogger },
  limit: number,
): Promise<number> {
  let refunded = 0;
  for (const stray of await repository.strayPaymentsDue(ctx.db, limit)) {
    try {
      if (await refundSecondPayment(deps, stray.basketId, stray.intentRef))
        ctx.log?.warn({ basket: stray.basketId, intent: stray.intentRef }, 'a second payment for one order change was refunded');
      await repository.markStrayRefunded(ctx.db, stray.intentRef, ctx.clock.now());
      refunded += 1;
    } catch (error) {
      ctx.log?.error({ err: error, intent: stray.intentRef }, 'a second payment for an order change could not be refunded; will retry');
    }
  }
  return refunded;
}

/**
 * The gateway's word that a payment for an order change went through: one that is not its basket's
 * payment (a second way of paying whose window closed before it told us) is noted, and refunded in
 * full by the job, as a completion naming it would have; the basket's own payment is the
 * completion's, or the job's once the basket expires.
 */
export const noteStrayPayments: PaymentEventHandler = async ({ event, intent }, { db, clock }) => {
  if (event.type !== 'payment_intent.succeeded' || intent?.status !== 'succeeded') return;
  const basketId = intent.metadata.orderBasketId;
  if (!basketId) return;
  const basket = await repository.findById(db, basketId);
  if (basket && basket.paymentIntentRef !== intent.id) await repository.noteStrayPayment(db, intent.id, basketId, clock.now());
};
