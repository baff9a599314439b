/**
 * Completing an order basket (decision 0082): the difference paid first, then the order changed under
 * the basket's and the order's locks if it is still at the version the basket was opened on; a lower
 * total refunded after the commit. Staff's change that costs more is sent to the customer to pay
 * (decision 0092).
 */
import { formatPenceShort, londonDue, type OrderBasketCompletion } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { ChangeableOrder } from '../orders/index.ts';
import type { PaymentIntent } from '../payments/index.ts';
import type { OnAccountChange } from '../trade-credit/index.ts';
import { describeChange, ORDER_BASKET_MINUTES } from './order-basket-rules.ts';
import type { PricedOrderBasket } from './order-basket-pricing.ts';
import type { Ctx, Opened, OrderBasketsDeps } from './order-baskets.deps.ts';
import { OrderBasketErrors } from './order-baskets.errors.ts';
import * as repository from './order-baskets.repository.ts';
import { refundPayment, refundSecondPayment, releaseExpiredPayment } from './order-basket-payments.ts';

export interface Steps {
  opened(ctx: Ctx, orderNumber: string, open: boolean): Promise<Opened>;
  present(ctx: Ctx, state: Opened): Promise<PricedOrderBasket>;
  hold(tx: Transaction, order: ChangeableOrder, basketId: string, until: Date, now: Date): Promise<void>;
}

/** Thrown inside the completing transaction to roll it back when the order moved on. */
class Stale extends Error {
  readonly detail: string;
  readonly version: number;
  constructor(detail: string, version: number) {
    super(detail);
    this.detail = detail;
    this.version = version;
  }
}

/**
 * Completing: the difference is paid first (a payment intent for it, confirmed in the browser with
 * 3-D Secure when asked), then, under the basket's and the order's locks, the order is changed if it
 * is still at the version the basket was opened on; else the payment goes back at once and 409. A
 * lower total is refunded through orders' refund code after the commit.
 */
export async function complete(deps: OrderBasketsDeps, ctx: Ctx, orderNumber: string, input: CompletionInput, steps: Steps): Promise<OrderBasketCompletion> {
  let state: Opened;
  try {
    state = await steps.opened(ctx, orderNumber, false);
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== 'ORDER_BASKET_NOT_OPEN' && error.code !== EXPIRED)) throw error;
    const order = await deps.orders.orderForChange(ctx, orderNumber);
    const latest = await repository.findLatest(ctx.db, order.id);
    if (latest?.state === 'completed') {
      if (input.paymentIntentId && input.paymentIntentId !== latest.paymentIntentRef) await refundStrayPayment(deps, ctx, latest.id, input.paymentIntentId);
      throw OrderBasketErrors.alreadyCompleted(order.orderNumber);
    }
    // Paid, then left past its expiry (3-D Secure, a slow bank): the payment goes back now, and the customer is told so.
    if (latest?.state === 'expired' && latest.paymentIntentRef && !latest.paymentReleasedAt) {
      const refundedPence = await releaseExpiredPayment(deps, ctx, latest, order);
      if (refundedPence > 0) throw OrderBasketErrors.expiredAndRefunded(order.orderNumber, ORDER_BASKET_MINUTES, refundedPence);
    }
    throw error;
  }
  const { order, basket } = state;
  const changes = await repository.changesOf(ctx.db, basket.id);
  if (changes.length === 0) throw OrderBasketErrors.empty();
  if (basket.orderVersion !== order.version || input.orderVersion !== basket.orderVersion) {
    throw OrderBasketErrors.stale(
      order.orderNumber,
      'The order was changed since you opened these changes (in another window, or by our staff).',
      order.version,
    );
  }
  const priced = await steps.present(ctx, state);
  if (quantitiesAfterTotal(priced) === 0) throw OrderBasketErrors.nothingLeft();
  if (priced.blocked) throw priced.blocked;
  const byStaff = order.changedBy === 'staff';
  // Paid on account (decision 0101): a higher total is agreed by the credit provider, whoever changes the order; never a card.
  const onAccount: OnAccountChange | null =
    order.onAccount && priced.chargePence > 0
      ? {
          kind: 'order_change',
          order,
          differencePence: priced.chargePence,
          vatPence: priced.after.vatIncluded,
          lines: priced.lines.filter((line) => line.quantity > 0),
          deliveryAddress: basket.deliveryAddress,
        }
      : null;
  if (byStaff && priced.chargePence > 0 && !onAccount) return sendToCustomer(deps, ctx, state, priced, steps);
  const gateway = deps.payments.gateway();
  let intentRef: string | null = null;
  // One agreement per change set and amount: a retry asks the provider the same, and an undo is keyed beside it.
  const creditKey = `credit-change:${basket.id}:${changes.length}:${priced.chargePence}`;
  if (onAccount) await deps.tradeCredit.agreeOrderChange(ctx, onAccount, creditKey);
  else if (priced.chargePence > 0) {
    let paymentIntentId = input.paymentIntentId;
    if (!paymentIntentId) {
      // The customer who placed the order, signed in, may pay with one of their saved cards; anyone else only has the card field.
      const payer = ctx.actor && ctx.actor.userId === order.customerId ? ctx.actor : null;
      const intent = await startPayment(deps, ctx, state, { changes: changes.length, amountPence: priced.chargePence, payer, input });
      if (intent.status !== 'succeeded') {
        const payment = { intentId: intent.id, clientSecret: intent.clientSecret, amountPence: intent.amountPence, status: intent.status };
        const options = await deps.payments.paymentMethods(ctx, payer);
        return { status: 'payment_required', payment: { ...payment, nextActionUrl: intent.nextActionUrl }, options };
      }
      // Paid: a saved card the bank did not question, or the payment another window made for these changes. The change is made in this same call.
      paymentIntentId = intent.id;
    } else if (paymentIntentId !== basket.paymentIntentRef) {
      await refundStrayPayment(deps, ctx, basket.id, paymentIntentId);
      throw OrderBasketErrors.paymentMismatch();
    }
    const intent = await gateway.retrieveIntent(paymentIntentId);
    if (!intent || intent.status !== 'succeeded') throw OrderBasketErrors.paymentIncomplete();
    if (intent.amountPence !== priced.chargePence) {
      await refundPayment(deps, paymentIntentId, basket.id);
      throw OrderBasketErrors.totalMoved();
    }
    intentRef = intent.id;
  }
  const now = ctx.clock.now();
  const summary = describeChange(priced.lines, basket.deliveryAddress !== null);
  let applied: { version: number; refundId: string | null };
  try {
    applied = await ctx.db.transaction(async (tx) => {
      const locked = await repository.findOpen(tx, order.id, true);
      if (!locked || locked.id !== basket.id) throw OrderBasketErrors.alreadyCompleted(order.orderNumber);
      const result = await deps.orders.applyOrderChange(
        { db: tx, actor: ctx.actor, clock: ctx.clock, linkToken: ctx.linkToken },
        {
          orderNumber: order.orderNumber,
          expectedVersion: basket.orderVersion,
          cancel: priced.lines
            .filter((line) => line.position !== null && line.cancelled > 0)
            .map((line) => ({ position: line.position!, quantity: line.cancelled })),
          add: priced.lines
            .filter((line) => line.position === null && line.quantity > 0)
            .map((line) => {
              const offering = priced.offerings.get(line.sku)!;
              return {
                sku: line.sku,
                productName: line.productName,
                productSlug: offering.productSlug,
                label: line.label,
                imageUrl: offering.imageUrl,
                quantity: line.quantity,
                unitPriceIncVat: line.unitPriceIncVat,
                returnability: offering.returnability,
              };
            }),
          deliveryAddress: basket.deliveryAddress,
          figures: { discountPence: priced.after.discountIncVat, deliveryPence: priced.after.deliveryIncVat, vatPence: priced.after.vatIncluded },
          chargedPence: priced.chargePence,
          paymentIntentRef: intentRef,
          refundPence: priced.refundPence,
          summary,
          changeId: basket.id,
        },
        now,
      );
      if (result.stale) throw new Stale(result.stale, result.version);
      // Added units: the hold becomes committed; removed units can be sold again.
      await deps.inventory.commitReservations({ db: tx }, order.basketId, now);
      const released = priced.lines.filter((line) => line.cancelled > 0).map((line) => ({ sku: line.sku, quantity: line.cancelled }));
      if (released.length > 0) await deps.inventory.releaseCommittedLines({ db: tx }, order.basketId, released);
      await repository.close(tx, basket.id, 'completed', now);
      await repository.insertHistory(tx, {
        orderId: order.id,
        basketId: basket.id,
        fromVersion: basket.orderVersion,
        toVersion: result.version,
        actor: ctx.actor?.userId ?? null,
        byStaff: byStaff ? 1 : 0,
        summary,
        totalBeforePence: order.capturedPence - order.refundedPence,
        totalAfterPence: priced.after.totalIncVat,
        chargedPence: priced.chargePence,
        refundedPence: priced.refundPence,
        at: now,
      });
      // On account: kept for staff's timeline of the trade account, with what it added or took off.
      if (order.onAccount && priced.chargePence !== priced.refundPence) {
        const change = { kind: 'order_change' as const, order, differencePence: priced.chargePence - priced.refundPence };
        await deps.tradeCredit.recordOrderChange(tx, change, now);
      }
      await deps.notifications.enqueueEmail(
        { db: tx },
        { to: order.emailAddress, ...changedEmail(deps, order, summary, priced), template: 'order.changed', dedupeKey: `order.changed:${basket.id}` },
      );
      return { version: result.version, refundId: result.refundId };
    });
  } catch (error) {
    // Agreed with the provider but not made (unless the same change was completed alongside): its order goes back to what it was.
    const sameDone = error instanceof AppError && error.code === ALREADY_COMPLETED;
    if (onAccount && !sameDone) await deps.tradeCredit.undoOrderChange(ctx, onAccount, `${creditKey}:undo`);
    if (error instanceof Stale) {
      // Dispatch or another change won the race: the difference paid for this one goes straight back.
      if (intentRef) await refundPayment(deps, intentRef, basket.id);
      throw OrderBasketErrors.stale(order.orderNumber, error.detail, error.version);
    }
    throw error;
  }
  let refundedPence = 0;
  if (applied.refundId) {
    try {
      const after = await deps.orders.refundOrderChange(ctx, order.orderNumber, applied.refundId);
      refundedPence = after.refunds.some((refund) => refund.refundId === applied.refundId && refund.state === 'succeeded') ? priced.refundPence : 0;
    } catch (error) {
      // The change is made and its refund recorded as pending: a retry or the provider's webhook settles it.
      ctx.log.warn({ err: error, order: order.orderNumber }, 'an order change’s refund is not yet confirmed');
    }
  }
  const latest = await deps.orders.orderForChange(ctx, order.orderNumber);
  return { status: 'completed', orderNumber: order.orderNumber, orderVersion: latest.version, chargedPence: priced.chargePence, refundedPence };
}

/**
 * Staff take no card (decision 0089), so changes they made that cost more go to the customer to pay
 * (decision 0092): under the basket's lock, a link of the order's for its change page (kept like an
 * asked-for one), the basket and its stock kept as long as the link works, and an e-mail to the
 * order's address saying what changed, the difference and until when. Nothing is charged or changed
 * on the order; sent again for the same changes, the e-mail is not repeated.
 */
async function sendToCustomer(
  deps: OrderBasketsDeps,
  ctx: Ctx,
  { order, basket }: Opened,
  priced: PricedOrderBasket,
  steps: Steps,
): Promise<OrderBasketCompletion> {
  const now = ctx.clock.now();
  const summary = describeChange(priced.lines, basket.deliveryAddress !== null);
  const sent = await ctx.db.transaction(async (tx) => {
    const locked = await repository.findOpen(tx, order.id, true);
    if (!locked || locked.id !== basket.id) throw OrderBasketErrors.alreadyCompleted(order.orderNumber);
    const link = await deps.orders.customerLink({ db: tx }, order, 'change', now);
    await repository.keepUntil(tx, basket.id, link.expiresAt);
    await steps.hold(tx, order, basket.id, link.expiresAt, now);
    const changes = await repository.changesOf(tx, basket.id);
    const email = deps.notifications.renderEmail({
      subject: `Changes to your order ${order.orderNumber}: ${formatPenceShort(priced.chargePence)} to pay`,
      preheader: summary,
      heading: 'Review and pay for the changes to your order',
      paragraphs: [
        `Hello ${order.customerName},`,
        `As you asked us, we have prepared these changes to your order ${order.orderNumber}: ${summary}.`,
        `They cost ${formatPenceShort(priced.chargePence)} more than you have paid, making the order total ${formatPenceShort(priced.after.totalIncVat)}. ` +
          'We cannot take a card over the phone, so please review the changes and pay the difference yourself.',
        `Nothing changes until you pay. We keep the changes until ${londonDue(link.expiresAt, ' at ')}, and the link works only for this order.`,
      ],
      action: { label: 'Review and pay', url: link.url },
      footnote: 'If you did not ask us to change your order, you can ignore this e-mail and contact us.',
    });
    await deps.notifications.enqueueEmail(
      { db: tx },
      {
        to: order.emailAddress,
        ...email,
        template: 'order.change-to-pay',
        dedupeKey: `order.change-to-pay:${basket.id}:${changes.length}:${priced.chargePence}`,
      },
    );
    return link;
  });
  return { status: 'sent_to_customer', sentTo: sent.sentTo, amountPence: priced.chargePence, keptUntil: sent.expiresAt.toISOString() };
}

export interface CompletionInput {
  orderVersion: number;
  paymentIntentId?: string;
  /** `saved_card`: one of the signed-in customer's own saved cards, charged at once (the bank may still ask for its check). */
  method?: 'card' | 'saved_card';
  savedCardId?: string;
}

const ALREADY_COMPLETED = OrderBasketErrors.alreadyCompleted('').code;
const EXPIRED = OrderBasketErrors.expired('', 0).code;

const quantitiesAfterTotal = (priced: PricedOrderBasket) => priced.lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * One difference, one live payment (decision 0103): the basket's payment, if any, is asked for again
 * the same way (a second tab, a retry: the same payment), taken over when already paid (the change is
 * then made with it), or let go at the gateway before another is made; the new one becomes the
 * basket's only if the basket still has the payment this call saw (a compare-and-set), else it is
 * cancelled unconfirmed and the call refused. A saved card is charged only after that.
 */
async function startPayment(
  deps: OrderBasketsDeps,
  ctx: Ctx,
  { order, basket }: Opened,
  { changes, amountPence, payer, input }: { changes: number; amountPence: number; payer: Ctx['actor'] | null; input: CompletionInput },
): Promise<PaymentIntent> {
  const gateway = deps.payments.gateway();
  const savedCard = input.method === 'saved_card';
  const current = basket.paymentIntentRef;
  if (current) {
    const existing = await gateway.retrieveIntent(current);
    // One paid and given back already (the difference moved after it was paid) is done with: a new payment is made.
    if (existing && existing.status !== 'canceled' && existing.amountRefundedPence === 0) {
      if (deps.payments.isPaid(existing)) return existing;
      const sameWay =
        existing.amountPence === amountPence &&
        (existing.metadata.cardForm === 'no') === savedCard &&
        (!savedCard || (existing.paymentMethodRef === input.savedCardId && existing.status !== 'requires_payment_method'));
      if (sameWay) return existing;
      const after = await deps.payments.cancelUnlessPaid(existing.id);
      if (after && deps.payments.isPaid(after)) return after;
    }
  }
  const key = `order-basket:${basket.id}:${changes}:${amountPence}${current ? `:after:${current}` : ''}`;
  const metadata = { orderBasketId: basket.id, orderNumber: order.orderNumber };
  const claim = async (intent: PaymentIntent) => {
    if (!(await repository.claimPayment(ctx.db, basket.id, current, intent.id, amountPence))) throw OrderBasketErrors.paymentUnderWay(order.orderNumber);
  };
  if (savedCard) {
    return deps.payments.payWithSavedCard(ctx, payer, {
      savedCardId: input.savedCardId,
      amountPence,
      metadata: { ...metadata, cardForm: 'no' },
      idempotencyKey: key,
      claim,
    });
  }
  const intent = await deps.payments.onceKeyIsFree(() => gateway.createIntent({ amountPence, metadata, idempotencyKey: key }));
  try {
    await claim(intent);
  } catch (error) {
    // Its card field was never shown, so nobody can have paid it.
    await deps.payments.cancelUnlessPaid(intent.id);
    throw error;
  }
  return intent;
}

/**
 * A payment for this basket that is not its payment (a second way of paying that got through
 * nevertheless): refunded in full at once, and the customer told so with a 409.
 */
async function refundStrayPayment(deps: OrderBasketsDeps, ctx: Ctx, basketId: string, intentRef: string): Promise<void> {
  const intent = await refundSecondPayment(deps, basketId, intentRef);
  if (!intent) return;
  ctx.log.warn({ basket: basketId, intent: intent.id }, 'a second payment for one order change was refunded');
  throw OrderBasketErrors.alreadyPaid(intent.amountPence);
}

function changedEmail(deps: OrderBasketsDeps, order: ChangeableOrder, summary: string, priced: PricedOrderBasket) {
  const charged = formatPenceShort(priced.chargePence);
  const refunded = formatPenceShort(priced.refundPence);
  const money = order.onAccount
    ? priced.chargePence > 0
      ? `Two, our trade credit provider, have agreed the difference of ${charged}: it is added to this order’s invoice on account.`
      : priced.refundPence > 0
        ? `We are asking Two, our trade credit provider, to credit ${refunded} to your account for the difference.`
        : 'The total has not changed.'
    : priced.chargePence > 0
      ? `We have taken ${charged} from your card for the difference.`
      : priced.refundPence > 0
        ? `We are refunding ${refunded} to your card for the difference.`
        : 'The total has not changed.';
  return deps.notifications.renderEmail({
    subject: `Your order ${order.orderNumber} has been changed`,
    preheader: summary,
    heading: 'Your order has been changed',
    paragraphs: [
      `Your order ${order.orderNumber} has been changed: ${summary}.`,
      `The order total is now ${formatPenceShort(priced.after.totalIncVat)}. ${money}`,
      'Your order number stays the same.',
    ],
    action: { label: 'See the order', url: `${deps.publicUrl}${order.pagePath}` },
  });
}
