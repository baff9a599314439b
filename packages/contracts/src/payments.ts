import { z } from 'zod';
import { defineEndpoint, publicAccess } from './endpoint.ts';

/**
 * The payments module's own calls (not in the spec). Card numbers never appear here: the browser
 * types them into the gateway's frame (the sandbox's page, or Stripe Elements), never the shop's page.
 */
export const PaymentClientConfigSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('sandbox'), frameUrl: z.url().describe('The sandbox card field, to load in an iframe with `?client_secret=…`') }),
    z.object({
      kind: z.literal('stripe'),
      publishableKey: z.string().describe('For Stripe.js / Elements'),
      scriptUrl: z.url().describe('Where the browser loads Stripe.js from (STRIPE_JS_URL)'),
    }),
  ])
  .meta({ id: 'PaymentClientConfig' });

export const PaymentIntentStatusSchema = z.enum(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled']);

export const PaymentIntentViewSchema = z
  .object({
    id: z.string(),
    status: PaymentIntentStatusSchema,
    amountPence: z.number().int(),
    currency: z.literal('gbp'),
    card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() }).nullable(),
    lastError: z.object({ code: z.string(), declineCode: z.string().nullable(), message: z.string() }).nullable(),
    nextActionUrl: z.string().nullable().describe('With `requires_action`: the 3-D Secure challenge page'),
  })
  .meta({ id: 'PaymentIntentView' });

export const PaymentWebhookEventSchema = z
  .object({ id: z.string().min(1).max(255), type: z.string().min(1).max(255) })
  .loose()
  .describe('The gateway’s signed event; the signature covers the exact bytes sent');

export type PaymentClientConfig = z.infer<typeof PaymentClientConfigSchema>;
export type PaymentIntentView = z.infer<typeof PaymentIntentViewSchema>;

export const paymentsEndpoints = {
  getPaymentConfig: defineEndpoint({
    service: 'payments',
    method: 'GET',
    path: '/config',
    summary: 'Which card field the browser shows: the sandbox’s frame or Stripe Elements',
    access: publicAccess,
    responses: { 200: PaymentClientConfigSchema },
  }),
  getSandboxIntent: defineEndpoint({
    service: 'payments',
    method: 'GET',
    path: '/sandbox/intents/{intentId}',
    summary: 'Sandbox gateway: a payment’s state, for the page holding its client secret',
    access: publicAccess,
    params: z.object({ intentId: z.string().regex(/^pi_\w{1,64}$/) }),
    query: z.object({ client_secret: z.string().min(1).max(200) }),
    responses: { 200: PaymentIntentViewSchema },
  }),
  receiveWebhook: defineEndpoint({
    service: 'payments',
    method: 'POST',
    path: '/webhooks/{gateway}',
    summary: 'Gateway webhooks (signed): payment succeeded, failed, canceled, refunded',
    description:
      'Verified with the `Sandbox-Signature` or `Stripe-Signature` header; a bad, missing or stale ' +
      'signature is 400 and changes nothing. Each event id is handled once; repeats are acknowledged.',
    access: publicAccess,
    params: z.object({ gateway: z.enum(['sandbox', 'stripe']) }),
    body: PaymentWebhookEventSchema,
    responses: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }).meta({ id: 'PaymentWebhookReceipt' }) },
  }),
} as const;
