import type { Address, BasketDeliveryOptions, Checkout, SpecificDayCalendar } from '@shop/contracts';
import type { JobContext } from '../../platform/jobs.ts';
import type { DeliveryOptionCode } from '../delivery/index.ts';
import type { PaymentEventHandler } from '../payments/index.ts';
import * as steps from './checkout-steps.ts';
import type { CheckoutDeps } from './checkout.deps.ts';
import type { Ctx } from './checkout-steps.ts';
import type { ContactDetails } from './checkout.tables.ts';
import * as onAccount from './on-account.ts';
import * as payment from './payment.ts';
import * as recovery from './recovery.ts';

// ── the service ─────────────────────────────────────────────────────────────────────────────────

/**
 * Checkout: what the shopper tells us about one basket (contact, addresses, delivery option), each
 * step saved and answered from what was saved; and the payment that turns the basket into an order.
 * The payment calls use payments' configured gateway.
 */
export interface CheckoutService {
  readCheckout(ctx: Ctx, basketId: string): Promise<Checkout>;
  /** The delivery options to the basket's address, or to a postcode asked about before it is saved. */
  getDeliveryOptions(ctx: Ctx, basketId: string, postcode?: string): Promise<BasketDeliveryOptions>;
  getSpecificDayCalendar(ctx: Ctx, basketId: string, postcode?: string): Promise<SpecificDayCalendar>;
  setDeliveryOption(ctx: Ctx, basketId: string, input: { code: DeliveryOptionCode; date?: string }): Promise<Checkout>;
  clearDeliveryOption(ctx: Ctx, basketId: string): Promise<Checkout>;
  setContactDetails(ctx: Ctx, basketId: string, input: ContactDetails): Promise<Checkout>;
  /** A new address may rule out the option chosen: it is then cleared, and the answer says so. */
  setDeliveryDetails(ctx: Ctx, basketId: string, input: steps.DeliveryDetailsInput): Promise<Checkout>;
  clearDeliveryDetails(ctx: Ctx, basketId: string): Promise<Checkout>;
  setBillingDetails(ctx: Ctx, basketId: string, input: { sameAsDelivery: boolean; address?: Address; orderReference?: string }): Promise<Checkout>;
  /** Gives up the payment in progress (cancelled at the gateway) and the stock it held. */
  clearPaymentDetails(ctx: Ctx, basketId: string): Promise<Checkout>;
  getPaymentOptions(ctx: Ctx, basketId: string): ReturnType<typeof payment.getPaymentOptions>;
  /** Holds the stock and makes (or re-prices) the payment for the checkout's total. */
  createPaymentIntent(ctx: Ctx, basketId: string, input: payment.PaymentChoice): ReturnType<typeof payment.createPaymentIntent>;
  /** Places the order once the gateway says the payment succeeded for the checkout's total; a repeat gets the same order. */
  completePayment(ctx: Ctx, basketId: string): ReturnType<typeof payment.completePayment>;
  /** Places the order on account once the trade credit provider approves it; a repeat gets the same order. */
  payOnAccount(ctx: Ctx, basketId: string): ReturnType<typeof onAccount.payOnAccount>;
  /** After the basket or delivery changed: the same payment, re-priced, and the stock held again. */
  refreshPaymentData(ctx: Ctx, basketId: string): ReturnType<typeof payment.refreshPaymentData>;
  /** One batch of payment recovery: paid intents the webhook noted, made orders or refunded. */
  recoverPayments(ctx: JobContext, batch?: number): Promise<{ claimed: number; settled: number }>;
  /** The webhook's part of recovery (subscribed to payments' events by `composeApi`): a succeeded payment is noted. */
  notePaidIntent: PaymentEventHandler;
}

export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  return {
    readCheckout: (ctx, basketId) => steps.readCheckout(deps, ctx, basketId),
    getDeliveryOptions: (ctx, basketId, postcode) => steps.getDeliveryOptions(deps, ctx, basketId, postcode),
    getSpecificDayCalendar: (ctx, basketId, postcode) => steps.getSpecificDayCalendar(deps, ctx, basketId, postcode),
    setDeliveryOption: (ctx, basketId, input) => steps.setDeliveryOption(deps, ctx, basketId, input),
    clearDeliveryOption: (ctx, basketId) => steps.clearDeliveryOption(deps, ctx, basketId),
    setContactDetails: (ctx, basketId, input) => steps.setContactDetails(deps, ctx, basketId, input),
    setDeliveryDetails: (ctx, basketId, input) => steps.setDeliveryDetails(deps, ctx, basketId, input),
    clearDeliveryDetails: (ctx, basketId) => steps.clearDeliveryDetails(deps, ctx, basketId),
    setBillingDetails: (ctx, basketId, input) => steps.setBillingDetails(deps, ctx, basketId, input),
    clearPaymentDetails: (ctx, basketId) => payment.clearPaymentDetails(deps, ctx, basketId),
    getPaymentOptions: (ctx, basketId) => payment.getPaymentOptions(deps, ctx, basketId),
    createPaymentIntent: (ctx, basketId, input) => payment.createPaymentIntent(deps, ctx, basketId, input),
    completePayment: (ctx, basketId) => payment.completePayment(deps, ctx, basketId),
    payOnAccount: (ctx, basketId) => onAccount.payOnAccount(deps, ctx, basketId),
    refreshPaymentData: (ctx, basketId) => payment.refreshPaymentData(deps, ctx, basketId),
    recoverPayments: (ctx, batch) => recovery.recoverDue(ctx.db, ctx.clock, deps, ctx.log, batch),
    notePaidIntent: recovery.notePaidIntents(deps.recoveryGraceMs),
  };
}
