import { Stripe } from 'stripe';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../../platform/context.ts';
import type { PaymentIntent } from './gateway.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';
import { deliverDueWebhooks, loopbackWebhookUrl, type DeliveryPolicy, type DeliveryResult } from './sandbox-webhooks.ts';

export { deliverDueWebhooks, loopbackWebhookUrl };
/** The gateway the app is configured with (its `PaymentsService`'s), for tests that look at it directly. */
export const paymentGateway = (app: FastifyInstance) => app.composed.services.payments.gateway();
export { startStripeStandIn, type StripeStandIn } from '@shop/demo/stripe-standin';

/** The settings that point the API at the Stripe stand-in (its webhook secret is `whsec_standin`). */
export const stripeStandInEnv = (standIn: { url: string; jsUrl: string }) => ({
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
  STRIPE_API_URL: standIn.url,
  STRIPE_JS_URL: standIn.jsUrl,
});

/** Confirms a payment as Stripe.js does on the stand-in: the publishable key, the intent's client secret and a test payment method. */
export async function confirmAsStripeJs(standInUrl: string, intent: { id: string; clientSecret: string }): Promise<number> {
  const response = await fetch(`${standInUrl}/v1/payment_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer pk_test_standin', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: intent.clientSecret, payment_method: 'pm_card_visa', return_url: 'http://127.0.0.1/checkout' }),
  });
  return response.status;
}

let stripeEvents = 0;

/** A signed event from the Stripe stand-in's account about `object` (a charge, a refund), sent to the shop's webhook; the shop's answer. */
export async function stripeSends(origin: string, type: string, object: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  stripeEvents += 1;
  const payload = JSON.stringify({
    id: `evt_test_${Date.now()}_${stripeEvents}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const response = await fetch(`${origin}/api/payments/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_standin' }) },
    body: payload,
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Test helpers for other modules' suites (checkout, orders): pay a sandbox intent the way the card
 * frame does, over HTTP, with one of Stripe's test cards.
 */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  requiresAuthentication: '4000 0025 0000 3155',
  insufficientFunds: '4000 0000 0000 9995',
  declined: '4000 0000 0000 0002',
} as const;

export function sandboxGateway(app: FastifyInstance): SandboxGateway {
  const gateway = paymentGateway(app);
  if (gateway.kind !== 'sandbox') throw new Error('The API is configured for Stripe, not the sandbox');
  return gateway as SandboxGateway;
}

/** What the card frame posts; resolves with the HTTP status and JSON body. */
export async function confirmLikeTheFrame(
  origin: string,
  intent: Pick<PaymentIntent, 'id' | 'clientSecret'>,
  card: { number: string; expiry?: string; cvc?: string; postcode?: string },
  options: { returnUrl?: string; idempotencyKey?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}/api/payments/sandbox/intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': options.idempotencyKey ?? randomUUID() },
    body: JSON.stringify({
      client_secret: intent.clientSecret,
      return_url: options.returnUrl,
      card: {
        number: card.number,
        expiry: card.expiry ?? `12 / ${(new Date().getUTCFullYear() + 3) % 100}`,
        cvc: card.cvc ?? '123',
        postcode: card.postcode ?? 'SW1A 1AA',
      },
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A sandbox intent paid with a test card, through the frame's confirm call. */
export async function payWithTestCard(app: FastifyInstance, origin: string, amountPence: number, number: string = TEST_CARDS.succeeds) {
  const gateway = sandboxGateway(app);
  const intent = await gateway.createIntent({ amountPence, idempotencyKey: randomUUID() });
  await confirmLikeTheFrame(origin, intent, { number });
  return (await gateway.retrieveIntent(intent.id))!;
}

/**
 * One pass of the sandbox's webhook sender, to this API's own endpoint, signed with its secret: for
 * suites, whose APIs run no background jobs (`JOBS`), that deliver by hand at a clock they choose.
 */
export async function deliverSandboxWebhooks(app: FastifyInstance, clock: Clock = systemClock, policy: Partial<DeliveryPolicy> = {}): Promise<DeliveryResult> {
  const url = loopbackWebhookUrl(app);
  if (!url) throw new Error('The API is not listening: start it with startTestApi()');
  return deliverDueWebhooks(app.platform.db, { url, secret: await sandboxGateway(app).webhookSecret() }, clock, policy);
}
