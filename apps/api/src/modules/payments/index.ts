/**
 * Payments: a gateway port (`gateway.ts`) with two adapters, chosen by configuration. The sandbox
 * (default) keeps Stripe's PaymentIntent states and test cards in its own tables, serves the card
 * field in its own frame and the 3-D Secure test page, and sends signed webhooks from an outbox,
 * sometimes twice and late. Stripe (STRIPE_SECRET_KEY) goes through the official SDK. Card numbers
 * reach only the gateway: the shop stores brand, last four, expiry and billing details.
 *
 * Callers (checkout, orders) take the `PaymentsService` api.ts makes (`createPaymentsService`):
 * - `payments.gateway()` for intents, customers, saved cards and refunds; pass an
 *   idempotency key on every create and complete call (one per attempt, kept across retries);
 * - `payments.onEvent(handler)` for webhook events: each event id once, with the intent as it
 *   is now, inside the transaction that records the event (a handler that throws makes the gateway
 *   retry). The handlers are the service's own; `composeApi` subscribes them.
 * Never call the gateway inside a database transaction: Stripe is a remote service, and the sandbox
 * writes through its own connection (on PGlite, the one connection your transaction holds).
 * Tests: `testing.ts` pays a sandbox intent with a test card as the frame would, and starts the local
 * stand-in for Stripe's API and Stripe.js (`@shop/demo/stripe-standin`; its `main.ts` runs it alone, for browser tests).
 */
import type { ApiModule } from '../../platform/module.ts';
import { paymentsPersonalData } from './payments.personal-data.ts';
import { registerPaymentsRoutes } from './payments.routes.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';
import { sandboxWebhooksJob } from './sandbox-webhooks.ts';

export type {
  BillingDetails,
  CardSummary,
  ClientConfig,
  CreateIntentInput,
  GatewayEvent,
  GatewayKind,
  IntentStatus,
  PastPayment,
  PaymentError,
  PaymentEventType,
  PaymentGateway,
  PaymentIntent,
  Refund,
  SavedCard,
} from './gateway.ts';
export { INTENT_STATUSES, PAYMENT_EVENT_TYPES, REFUND_EVENT_TYPES } from './gateway.ts';
export { createPaymentsService, type PaymentEventHandler, type PaymentEventNotice, type PaymentsService } from './payments.service.ts';
export { PaymentErrors } from './payments.errors.ts';
export type { PaymentsDeps } from './payments.deps.ts';

export function createPaymentsModule({ payments }: { payments: PaymentsService }): ApiModule {
  return {
    name: 'payments',
    personalData: paymentsPersonalData,
    registerRoutes: (app) => registerPaymentsRoutes(app, payments),
    // The sandbox sends its webhooks from an outbox; Stripe sends its own.
    jobs: (app) => (app.platform.config.payments.stripe ? [] : [sandboxWebhooksJob(app, () => (payments.gateway() as SandboxGateway).webhookSecret())]),
  };
}
