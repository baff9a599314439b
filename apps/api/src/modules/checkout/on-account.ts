/**
 * Paying on account (30 days) through the trade credit provider (decision 0088). Like a card
 * payment, the amount is the checkout's total and the order is placed in one transaction
 * (`place-order.ts`); unlike one, nothing moves until the provider approves the order, so no stock
 * is held while it is asked: the placing transaction takes it (decision 0121), and an order that
 * cannot be placed is cancelled at the provider rather than refunded. The provider's order id is
 * the order's payment reference.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Checkout, OnAccountOption } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';
import type { OnAccountOrder } from '../trade-credit/index.ts';
import { CheckoutErrors } from './checkout.errors.ts';
import { paymentFingerprint, present, type Ctx } from './checkout-steps.ts';
import type { CheckoutDeps } from './checkout.deps.ts';
import { placeOrder } from './place-order.ts';
import { orderPlaced, readyToPay, stateOrOrder } from './payable.ts';

type LoggedCtx = Ctx & { log?: FastifyBaseLogger };

/** What the provider is asked to approve: the checkout's total, its lines and where they go. */
export function creditOrderOf(checkout: Checkout): OnAccountOrder {
  const address = checkout.deliveryOption?.code === 'click_collect' ? null : (checkout.delivery?.address ?? null);
  return {
    merchantReference: checkout.basketId,
    amountPence: checkout.totals.totalIncVat,
    vatPence: checkout.totals.vatIncluded,
    lines: checkout.basket.lines
      .filter((line) => line.available)
      .map((line) => ({
        sku: line.sku,
        name: line.productName,
        quantity: line.quantity,
        unitPricePence: line.unitPriceIncVat,
        lineTotalPence: line.lineTotalIncVat,
      })),
    deliveryAddress: address && { line1: address.line1, town: address.town, postcode: address.postcode, country: address.countryCode },
  };
}

/** For the payment step: offered beside the card when the provider would approve this order; null for a basket not at trade prices. */
export async function onAccountOption(deps: CheckoutDeps, ctx: LoggedCtx, checkout: Checkout): Promise<OnAccountOption | null> {
  if (!ctx.actor || !checkout.basket.pricing.tradePriced || checkout.missing.length > 0) return null;
  return deps.tradeCredit.onAccountOption({ ...ctx, actor: ctx.actor }, creditOrderOf(checkout));
}

/**
 * Places the order on account: the provider approves it (one provider order per basket state, so a
 * double click or a retry asks once), then the order is placed with the provider's order id. A
 * repeat after it was placed gets the same order. Declined, still being checked or the provider
 * unreachable: nothing is placed, and any stock the basket held (a card payment started beside it) is let go.
 */
export async function payOnAccount(deps: CheckoutDeps, ctx: LoggedCtx, basketId: string) {
  const state = await stateOrOrder(deps, ctx, basketId);
  if ('orderNumber' in state) return orderPlaced(state);
  const presented = present(deps, ctx, state);
  const seen = presented.checkout;
  // A retail basket (a shopper's, a guest's) is never on account, whoever asks.
  if (!ctx.actor || !seen.basket.pricing.tradePriced || seen.basket.owner !== 'shopper') throw CheckoutErrors.onAccountTradeOnly();
  const { checkout, priced } = readyToPay(deps, ctx, state, presented);
  // The trade account read once, for the terms, the provider's customer and counting the order (decision 0121).
  const buyer = await deps.trade.tradeBuyerFor(ctx);
  await deps.trade.requireTermsAccepted(ctx, buyer);
  const now = ctx.clock.now();
  // No stock is held while the provider is asked (nothing moves until it approves): the placing transaction takes it,
  // and an order that cannot be placed then has its provider order cancelled (decision 0121). Anything the basket
  // held (a card payment started beside) is let go on a refusal, as before.
  const release = () => ctx.db.transaction((db) => deps.inventory.releaseReservations({ db }, basketId));
  const creditCtx = { ...ctx, actor: ctx.actor };
  let approved;
  try {
    approved = await deps.tradeCredit.approveOrder(
      creditCtx,
      creditOrderOf(checkout),
      `credit-order:${basketId}:${paymentFingerprint(checkout)}`,
      buyer?.holder ?? null,
    );
  } catch (error) {
    await release();
    throw error;
  }
  try {
    const returnability = new Map(state.goods.lines.map((line) => [line.sku, line.returnability]));
    const order = await placeOrder(deps, ctx.db, {
      checkout,
      priced,
      returnability,
      payment: { intentRef: approved.providerOrderId, method: 'on_account', cardBrand: null, cardLast4: null, capturedPence: approved.amountPence },
      creditOrder: approved,
      buyer,
      actor: ctx.actor,
      now,
    });
    // Placed meanwhile by another way of paying (a card in another tab): this approval is not needed.
    if (order.payment.method !== 'on_account') await deps.tradeCredit.giveUpOrder(creditCtx, approved.providerOrderId);
    else if (state.row?.paymentIntentRef) await cancelCardPayment(deps, ctx, state.row.paymentIntentRef);
    return orderPlaced(order);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Stock or the code went, or the basket changed: the provider's order is cancelled, nothing is owed.
    await deps.tradeCredit.giveUpOrder(creditCtx, approved.providerOrderId);
    await release();
    throw CheckoutErrors.orderFailedOnAccount(error.message);
  }
}

/** The card payment the payment step started beside it is not needed now: cancelled at the gateway unless it went through. */
async function cancelCardPayment(deps: CheckoutDeps, ctx: LoggedCtx, intentRef: string): Promise<void> {
  try {
    const intent = await deps.payments.gateway().retrieveIntent(intentRef);
    if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled') await deps.payments.gateway().cancelIntent(intent.id, `cancel:${intent.id}`);
  } catch (error) {
    // Left open, it is never confirmed (its basket is an order now) and the gateway lets it lapse.
    ctx.log?.warn({ err: error, intent: intentRef }, 'a card payment left beside an order on account could not be cancelled');
  }
}
