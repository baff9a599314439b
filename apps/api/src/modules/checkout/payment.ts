/**
 * Paying for a basket. The amount is always the checkout's total, computed here; the gateway is
 * called outside any database transaction (the sandbox keeps its own tables, and PGlite has one
 * connection). Stock is held when the payment starts and committed when the order is placed; a
 * payment that cannot become an order is refunded or cancelled.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Checkout } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentIntent, Refund } from '../payments/index.ts';
import { CheckoutErrors } from './checkout.errors.ts';
import * as repository from './checkout.repository.ts';
import type { CheckoutRow } from './checkout.repository.ts';
import { paymentFingerprint, present, readCheckout, readState, saveCheckout, type CheckoutState, type Ctx } from './checkout-steps.ts';
import type { PayingFor } from './checkout.tables.ts';
import { keptState, NotAsKept, whatIsPaidFor } from './paying-for.ts';
import type { CheckoutDeps } from './checkout.deps.ts';
import { onAccountOption } from './on-account.ts';
import { HOLD_MINUTES, holdLines, orderPlaced, readyToPay, stateOrOrder } from './payable.ts';
import { cardPayment, placeOrder } from './place-order.ts';

export type PaymentDeps = CheckoutDeps;

/** The checkout, ready to pay for, the row it was worked out from, and what a payment started now is for. */
async function readyCheckout(
  deps: CheckoutDeps,
  ctx: Ctx,
  basketId: string,
): Promise<{ checkout: Checkout; row: CheckoutRow | undefined; payingFor: PayingFor }> {
  const state = await readState(deps, ctx, basketId);
  const { checkout, priced } = readyToPay(deps, ctx, state);
  return { checkout, row: state.row, payingFor: whatIsPaidFor(ctx, state.goods, checkout, priced) };
}

export interface PaymentChoice {
  method: 'card' | 'saved_card';
  savedCardId?: string;
  saveCard?: boolean;
}

/**
 * Holds the stock, then makes (or re-prices) the basket's payment intent for the checkout's total.
 * A new card may be kept for next time (signed in, with consent); a saved card must be the
 * shopper's own and is charged at once (the bank may still ask for a security check).
 */
async function startPayment(
  ctx: Ctx,
  { checkout, row, payingFor }: { checkout: Checkout; row: CheckoutRow | undefined; payingFor: PayingFor },
  deps: PaymentDeps,
  choice: PaymentChoice = { method: 'card' },
) {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  let customerRef: string | undefined;
  let paymentMethodRef: string | undefined;
  if (choice.method === 'saved_card' || choice.saveCard) {
    if (!ctx.actor) throw CheckoutErrors.savedCardsNeedSignIn();
    if (choice.method === 'saved_card') {
      if (!choice.savedCardId) throw CheckoutErrors.savedCardUnknown();
      const owned = await deps.payments.ownCard(ctx, ctx.actor, choice.savedCardId).catch((error: unknown) => {
        // Only a card that is not there (not the shopper's, or gone) is "choose another card"; a gateway
        // that cannot be reached stays its 503, to try again, and any other failure a logged 500.
        throw error instanceof AppError && error.status === 404 ? CheckoutErrors.savedCardUnknown() : error;
      });
      customerRef = owned.customerRef;
      paymentMethodRef = owned.card.id;
    } else customerRef = await deps.payments.customerFor(ctx, ctx.actor);
  }
  // Holds that ran out on these skus are given back in the same transaction, and only those (the rest by inventory's job).
  await ctx.db.transaction((db) => deps.inventory.reserveStock({ db }, checkout.basketId, holdLines(checkout), expiresAt, now));
  const fingerprint = paymentFingerprint(checkout);
  const amountPence = checkout.totals.totalIncVat;
  let intent: PaymentIntent | null =
    row?.paymentIntentRef && choice.method === 'card' ? await deps.payments.gateway().retrieveIntent(row.paymentIntentRef) : null;
  // The card form's own payment (not a saved card's) carries on whether or not the card is to be
  // kept: ticking the box must not start a new payment, which would empty the card field.
  const saving = choice.saveCard === true;
  const cardForm = intent && (!intent.customerRef || intent.metadata.cardForm === 'yes');
  const open = intent && ['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status);
  // Saving can change only before the card is sent (a bank's check waiting keeps the payment as it is).
  const reusable = cardForm && open && ((intent!.metadata.saveCard === 'yes') === saving || intent!.status === 'requires_payment_method');
  try {
    if (intent && reusable) {
      let current = intent;
      if ((current.metadata.saveCard === 'yes') !== saving) {
        const change = `saving:${current.id}:${saving ? 'save' : 'new'}:${randomUUID()}`;
        current = await deps.payments.onceKeyIsFree(() => deps.payments.gateway().updateIntentSaving(current.id, { customerRef, save: saving }, change));
      }
      intent = current;
      if (current.amountPence !== amountPence)
        intent = await deps.payments.onceKeyIsFree(() =>
          deps.payments.gateway().updateIntentAmount(current.id, amountPence, `amount:${current.id}:${fingerprint}`),
        );
    } else {
      // One intent per basket state and way of paying: a retried request finds the intent it already made.
      const cleared = row?.paymentsCleared ? `:cleared-${row.paymentsCleared}` : '';
      const key = `intent:${fingerprint}:${choice.method}:${paymentMethodRef ?? (choice.saveCard ? 'save' : 'new')}${cleared}`;
      const metadata = { basketId: checkout.basketId, fingerprint };
      intent =
        paymentMethodRef && customerRef
          ? await deps.payments.chargeSavedCard({ customerRef, paymentMethodRef, amountPence, metadata, idempotencyKey: key })
          : await deps.payments.onceKeyIsFree(() =>
              deps.payments.gateway().createIntent({
                amountPence,
                customerRef,
                savePaymentMethod: choice.saveCard === true,
                metadata: { ...metadata, cardForm: 'yes', saveCard: choice.saveCard ? 'yes' : 'no' },
                idempotencyKey: key,
              }),
            );
    }
  } catch (error) {
    await ctx.db.transaction((db) => deps.inventory.releaseReservations({ db }, checkout.basketId));
    throw error;
  }
  await saveCheckout(ctx, checkout.basketId, {
    paymentIntentRef: intent.id,
    paymentAmountPence: amountPence,
    paymentFingerprint: fingerprint,
    payer: ctx.actor,
    saveCard: choice.saveCard === true,
    payingFor,
  });
  return {
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    amountPence: intent.amountPence,
    status: intent.status,
    frameUrl: paymentMethodRef ? null : frameUrl(deps, intent),
    nextActionUrl: intent.status === 'requires_action' ? intent.nextActionUrl : null,
    reservationExpiresAt: expiresAt.toISOString(),
  };
}

function frameUrl(deps: PaymentDeps, intent: PaymentIntent): string | null {
  const config = deps.payments.gateway().clientConfig();
  return config.kind === 'sandbox' ? `${config.frameUrl}?client_secret=${encodeURIComponent(intent.clientSecret)}` : null;
}

export async function createPaymentIntent(deps: PaymentDeps, ctx: Ctx, basketId: string, input: PaymentChoice) {
  const ready = await readyCheckout(deps, ctx, basketId);
  // Before anything is held or charged: 409 TRADE_TERMS_NOT_ACCEPTED, which the checkout answers by asking.
  if (ready.checkout.basket.pricing.tradePriced) await deps.trade.requireTermsAccepted(ctx);
  return startPayment(ctx, ready, deps, input);
}

/** After the basket or delivery changed: the same intent, re-priced, and the stock held again. */
export async function refreshPaymentData(deps: PaymentDeps, ctx: Ctx, basketId: string) {
  const ready = await readyCheckout(deps, ctx, basketId);
  if (!ready.checkout.payment) throw CheckoutErrors.noPaymentStarted();
  return startPayment(ctx, ready, deps, { method: 'card', saveCard: ready.row?.saveCard ?? false });
}

export async function clearPaymentDetails(deps: PaymentDeps, ctx: Ctx, basketId: string): Promise<Checkout> {
  const state = await readState(deps, ctx, basketId);
  const { checkout } = present(deps, ctx, state);
  if (checkout.payment) {
    const intent = await deps.payments.gateway().retrieveIntent(checkout.payment.intentId);
    if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled') await deps.payments.gateway().cancelIntent(intent.id, `cancel:${intent.id}`);
  }
  await ctx.db.transaction((db) => deps.inventory.releaseReservations({ db }, checkout.basketId));
  const row = await repository.clearPayment(ctx.db, checkout.basketId, ctx.clock.now());
  return present(deps, ctx, { goods: state.goods, row }).checkout;
}

export async function getPaymentOptions(deps: PaymentDeps, ctx: Ctx, basketId: string) {
  const checkout = await readCheckout(deps, ctx, basketId);
  const [methods, onAccount] = await Promise.all([deps.payments.paymentMethods(ctx, ctx.actor ?? null), onAccountOption(deps, ctx, checkout)]);
  return { amountPence: checkout.totals.totalIncVat, onAccount, ...methods };
}

/**
 * Places the order once the gateway says the payment succeeded for exactly the checkout's total.
 * A second call (double click, second tab, retry) gets the same order. If the order cannot be
 * placed after the money moved (stock gone, code used up, basket changed), the payment is refunded.
 * The order is the one the payment was started for, kept with the checkout (decision 0095); only
 * when that no longer holds (the basket or the delivery changed since) is the basket read and priced
 * again, and the payment judged against that.
 */
export async function completePayment(deps: PaymentDeps, ctx: Ctx & { log?: FastifyBaseLogger }, basketId: string) {
  const kept = await keptState(ctx, basketId);
  if (kept) {
    try {
      return await complete(deps, ctx, basketId, kept, true);
    } catch (error) {
      if (!(error instanceof NotAsKept)) throw error;
    }
  }
  const state = await stateOrOrder(deps, ctx, basketId);
  if ('orderNumber' in state) return orderPlaced(state);
  return complete(deps, ctx, basketId, state, false);
}

async function complete(deps: PaymentDeps, ctx: Ctx & { log?: FastifyBaseLogger }, basketId: string, state: CheckoutState, kept: boolean) {
  // Priced once, with the delivery it goes by: the order is made of exactly this.
  const { checkout, priced } = present(deps, ctx, state);
  if (kept && (!checkout.payment || checkout.payment.stale || checkout.missing.length > 0)) throw new NotAsKept();
  if (!checkout.payment) {
    // A completion running alongside may have placed the order between the reads of the basket and of its checkout.
    const already = await deps.orders.findOrderByBasket(ctx, basketId, ctx.actor);
    if (already) return orderPlaced(already);
    throw CheckoutErrors.noPaymentStarted();
  }
  // No order can hold this payment yet: an order is written in the transaction that removes its basket. A trade
  // customer's account is read alongside, as paying on account reads it (decision 0121), not in the placing transaction.
  const tradeBuyer = checkout.basket.pricing.tradePriced && ctx.actor && checkout.basket.owner === 'shopper' ? deps.trade.tradeBuyerFor(ctx) : undefined;
  const [intent, buyer] = await Promise.all([deps.payments.gateway().retrieveIntent(checkout.payment.intentId), tradeBuyer]);
  if (!intent) throw CheckoutErrors.noPaymentStarted();
  switch (intent.status) {
    case 'succeeded':
      break;
    case 'requires_action':
      throw CheckoutErrors.paymentNeedsAction();
    case 'processing':
      throw CheckoutErrors.paymentPending();
    default:
      if (intent.lastError) throw CheckoutErrors.paymentDeclined(intent.lastError.message);
      throw CheckoutErrors.noPaymentStarted();
  }
  if (checkout.missing.length > 0 || intent.amountPence !== checkout.totals.totalIncVat || checkout.payment.stale) {
    if (kept) throw new NotAsKept();
    throw CheckoutErrors.paymentMismatch(await refundUnplaced(ctx, intent.id, deps));
  }
  try {
    const returnability = new Map(state.goods.lines.map((line) => [line.sku, line.returnability]));
    return orderPlaced(
      await placeOrder(deps, ctx.db, { checkout, priced, returnability, payment: cardPayment(intent), buyer, actor: ctx.actor, now: ctx.clock.now() }),
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The basket changed since the payment started (its removal rolled back): judged again on what it is now.
    if (kept && error.code === BASKET_CHANGED) throw new NotAsKept();
    // Stock or the code went while the shopper paid: give the money back, then say why.
    const refund = await refundUnplaced(ctx, intent.id, deps);
    await ctx.db.transaction((db) => deps.inventory.releaseReservations({ db }, checkout.basketId));
    throw CheckoutErrors.orderFailedRefunded(error.message, refund);
  }
}

const BASKET_CHANGED = CheckoutErrors.basketChanged().code;

/**
 * Gives back the whole of a payment that did not become an order (one key per payment, so a retry
 * never refunds twice) and says how the provider answered; one it refused needs a person.
 */
export async function refundUnplaced(ctx: { log?: FastifyBaseLogger }, intentRef: string, deps: Pick<CheckoutDeps, 'payments'>): Promise<Refund['status']> {
  const { status } = await deps.payments.gateway().refund(intentRef, undefined, `refund:${intentRef}`);
  if (status === 'failed')
    ctx.log?.error({ intent: intentRef }, 'the payment provider refused to refund a payment that did not become an order; refund it by hand');
  return status;
}
