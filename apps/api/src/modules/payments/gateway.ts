/**
 * The payment gateway port: a small, Stripe-shaped surface the shop codes against. Two adapters
 * implement it: the sandbox (default, in process, its own tables) and Stripe (the `stripe` SDK).
 * Amounts are integer pence; the currency is always `gbp`. Card numbers never cross this port:
 * the browser hands them to the gateway's own frame, and the shop sees brand, last four and expiry.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PaymentIntentStatusSchema } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';

/** Stripe's PaymentIntent states (requires_confirmation: created with a saved card, not yet confirmed). */
export const INTENT_STATUSES = PaymentIntentStatusSchema.options;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export type GatewayKind = 'sandbox' | 'stripe';

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface BillingDetails {
  name?: string | null;
  email?: string | null;
  postcode?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  country?: string | null;
}

/** Why the last attempt failed, as Stripe reports it (`card_declined` / `insufficient_funds`…). */
export interface PaymentError {
  code: string;
  declineCode: string | null;
  message: string;
}

export interface PaymentIntent {
  id: string;
  status: IntentStatus;
  amountPence: number;
  currency: 'gbp';
  /** Handed to the browser so the gateway's frame can confirm this intent, and nothing else. */
  clientSecret: string;
  customerRef: string | null;
  paymentMethodRef: string | null;
  card: CardSummary | null;
  lastError: PaymentError | null;
  /** With `requires_action`: where the customer authenticates (3-D Secure). */
  nextActionUrl: string | null;
  amountRefundedPence: number;
  metadata: Record<string, string>;
  /** Unix seconds, as Stripe's `created`. */
  created: number;
}

export interface SavedCard extends CardSummary {
  id: string;
  customerRef: string | null;
  billing: BillingDetails;
}

/**
 * A refund as the provider has it. Stripe may answer `pending` (the money is on its way, not yet
 * back) and may later turn a refund `failed`, even one it first answered `succeeded` (the card
 * issuer returned it); `canceled` reads as `failed`.
 */
export interface Refund {
  id: string;
  intentRef: string;
  amountPence: number;
  status: 'succeeded' | 'pending' | 'failed';
}

export const PAYMENT_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.refund.updated',
] as const;
/** Events about a payment's refunds: their subscribers are also given the provider's refunds as they are now. */
export const REFUND_EVENT_TYPES: readonly string[] = ['charge.refunded', 'charge.refund.updated'];
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** A verified webhook event. `intent` is the gateway's snapshot when the event was made: it may be stale. */
export interface GatewayEvent {
  id: string;
  type: PaymentEventType | (string & {});
  created: number;
  intentRef: string | null;
  intent: PaymentIntent | null;
}

/** What the browser needs to show the card field: the sandbox's frame, or Stripe Elements' key and script. */
export type ClientConfig = { kind: 'sandbox'; frameUrl: string } | { kind: 'stripe'; publishableKey: string; scriptUrl: string };

export interface CreateIntentInput {
  amountPence: number;
  customerRef?: string;
  paymentMethodRef?: string;
  /** Confirm at once with `paymentMethodRef` (server side, e.g. a saved card). */
  confirm?: boolean;
  /** The customer is not present (a saved card charged later). */
  offSession?: boolean;
  /** Keep the card on the customer for later (Stripe's setup_future_usage). */
  savePaymentMethod?: boolean;
  metadata?: Record<string, string>;
  idempotencyKey: string;
}

export interface PaymentGateway {
  readonly kind: GatewayKind;
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  /** Null when the gateway has no such intent. */
  retrieveIntent(ref: string): Promise<PaymentIntent | null>;
  updateIntentAmount(ref: string, amountPence: number, idempotencyKey: string): Promise<PaymentIntent>;
  /**
   * Whether the card typed for this intent is kept for the customer (Stripe's setup_future_usage),
   * before it is confirmed: the card field stays as it is. `metadata.saveCard` says which it is now.
   */
  updateIntentSaving(ref: string, input: { customerRef?: string; save: boolean }, idempotencyKey: string): Promise<PaymentIntent>;
  /** Server-side confirm with a saved card; a decline comes back as the intent with `lastError`. */
  confirmIntent(ref: string, input: { paymentMethodRef: string; offSession?: boolean }, idempotencyKey: string): Promise<PaymentIntent>;
  cancelIntent(ref: string, idempotencyKey: string): Promise<PaymentIntent>;
  /** The whole remaining amount when `amountPence` is undefined. */
  refund(ref: string, amountPence: number | undefined, idempotencyKey: string): Promise<Refund>;
  /** Every refund of the intent, oldest first, with its status now. */
  listRefunds(ref: string): Promise<Refund[]>;
  createCustomer(input: { email: string; name?: string }, idempotencyKey: string): Promise<{ id: string }>;
  /** Forgets the customer and its saved cards at the provider (an erasure); one already gone is no error. */
  deleteCustomer(customerRef: string): Promise<void>;
  listCards(customerRef: string): Promise<SavedCard[]>;
  detachCard(paymentMethodRef: string): Promise<void>;
  updateCardBilling(paymentMethodRef: string, billing: BillingDetails): Promise<SavedCard>;
  /** Verifies the signature and reads the event; throws `PAYMENT_WEBHOOK_SIGNATURE_INVALID` otherwise. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent | Promise<GatewayEvent>;
  clientConfig(): ClientConfig;
}

/** A payment taken before the shop kept records here (demo data): captured, and perhaps partly or wholly refunded since. */
export interface PastPayment {
  amountPence: number;
  capturedAt: Date;
  refundedPence: number;
  /** When the refund was made (and the payment last changed); the capture time when there is none. */
  updatedAt: Date;
  metadata: Record<string, string>;
}

/**
 * Two starts of one payment at once (two tabs, a retry) send the gateway the same key; the
 * later is told the first is still running (Stripe's `idempotency_key_in_use`) and, as Stripe
 * advises, asks again shortly, getting the first's answer once it is there.
 */
export async function onceKeyIsFree<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'IDEMPOTENCY_IN_PROGRESS') || attempt === 8) throw error;
      await sleep(20 * 2 ** attempt);
    }
  }
}
