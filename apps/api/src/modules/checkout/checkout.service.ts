import type { Address, BasketDeliveryOptions, Checkout, SpecificDayCalendar } from '@shop/contracts';
import type { JobContext } from '../../platform/jobs.ts';
import type { BasketService } from '../basket/index.ts';
import type { DeliveryOptionCode, DeliveryService } from '../delivery/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { TradeService } from '../trade/index.ts';
import * as steps from './checkout-steps.ts';
import type { Ctx } from './checkout-steps.ts';
import type { ContactDetails } from './checkout.tables.ts';
import * as payment from './payment.ts';
import * as recovery from './recovery.ts';

/**
 * The basket prices what checkout charges; delivery gives the options, dates and postcode rules;
 * inventory holds the stock while the shopper pays; payments takes the money, orders records the
 * order; notifications says which e-mail addresses can be sent to. A trade-priced basket is paid
 * for only once its customer has accepted the current trade terms, and its order counts towards the
 * business's band.
 */
export interface CheckoutDeps {
  basket: BasketService;
  delivery: DeliveryService;
  inventory: InventoryService;
  notifications: NotificationsService;
  orders: OrdersService;
  payments: PaymentsService;
  trade: Pick<TradeService, 'requireTermsAccepted' | 'recordTradeOrder'>;
}

// ── the service ─────────────────────────────────────────────────────────────────────────────────

type PaymentCall = payment.PaymentCall;

/**
 * Checkout: what the shopper tells us about one basket (contact, addresses, delivery option), each
 * step saved and answered from what was saved; and the payment that turns the basket into an order.
 * The payment calls take the configured gateway and the shop's address (`PaymentCall`).
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
  setDeliveryDetails(ctx: Ctx, basketId: string, input: { address: Address; instructions?: string }): Promise<Checkout>;
  clearDeliveryDetails(ctx: Ctx, basketId: string): Promise<Checkout>;
  setBillingDetails(ctx: Ctx, basketId: string, input: { sameAsDelivery: boolean; address?: Address; orderReference?: string }): Promise<Checkout>;
  /** Gives up the payment in progress (cancelled at the gateway) and the stock it held. */
  clearPaymentDetails(ctx: Ctx, basketId: string, call: PaymentCall): Promise<Checkout>;
  getPaymentOptions(ctx: Ctx, basketId: string, call: PaymentCall): ReturnType<typeof payment.getPaymentOptions>;
  /** Holds the stock and makes (or re-prices) the payment for the checkout's total. */
  createPaymentIntent(ctx: Ctx, basketId: string, input: payment.PaymentChoice, call: PaymentCall): ReturnType<typeof payment.createPaymentIntent>;
  /** Places the order once the gateway says the payment succeeded for the checkout's total; a repeat gets the same order. */
  completePayment(ctx: Ctx, basketId: string, call: PaymentCall): ReturnType<typeof payment.completePayment>;
  /** After the basket or delivery changed: the same payment, re-priced, and the stock held again. */
  refreshPaymentData(ctx: Ctx, basketId: string, call: PaymentCall): ReturnType<typeof payment.refreshPaymentData>;
  /** One batch of payment recovery: paid intents the webhook noted, made orders or refunded. */
  recoverPayments(ctx: JobContext, call: PaymentCall, batch?: number): Promise<{ claimed: number; settled: number }>;
}

export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  const paying = (call: PaymentCall): payment.PaymentDeps => ({ ...deps, ...call });
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
    clearPaymentDetails: (ctx, basketId, call) => payment.clearPaymentDetails(paying(call), ctx, basketId),
    getPaymentOptions: (ctx, basketId, call) => payment.getPaymentOptions(paying(call), ctx, basketId),
    createPaymentIntent: (ctx, basketId, input, call) => payment.createPaymentIntent(paying(call), ctx, basketId, input),
    completePayment: (ctx, basketId, call) => payment.completePayment(paying(call), ctx, basketId),
    refreshPaymentData: (ctx, basketId, call) => payment.refreshPaymentData(paying(call), ctx, basketId),
    recoverPayments: (ctx, call, batch) => recovery.recoverDue(ctx.db, ctx.clock, paying(call), ctx.log, batch),
  };
}
