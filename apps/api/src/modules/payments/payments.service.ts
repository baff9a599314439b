import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { systemClock, type Clock } from '../../platform/context.ts';
import { REFUND_EVENT_TYPES, type GatewayEvent, type PaymentGateway, type PaymentIntent, type Refund } from './gateway.ts';
import { PaymentErrors } from './payments.errors.ts';
import * as repository from './payments.repository.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/** What `paymentGateway` needs: `app.platform` has it. */
export interface GatewaySource {
  config: Pick<ApiConfig, 'payments' | 'publicUrl'>;
  db: Database;
  clock?: Clock;
}

const gateways = new WeakMap<Database, PaymentGateway>();

/** The configured gateway (Stripe when STRIPE_SECRET_KEY is set, else the sandbox), one per database. */
export function paymentGateway(source: GatewaySource): PaymentGateway {
  let gateway = gateways.get(source.db);
  if (!gateway) {
    const { payments, publicUrl } = source.config;
    gateway = payments.stripe
      ? createStripeGateway(payments.stripe)
      : createSandboxGateway({ db: source.db, clock: source.clock ?? systemClock, publicUrl, settings: payments.sandbox });
    // The routes-only build (spec coverage) has no database: a gateway is still made, nothing is cached.
    if (source.db) gateways.set(source.db, gateway);
  }
  return gateway;
}

/** What a subscriber hears: the event, and the intent as the gateway has it now (events may be stale). */
export interface PaymentEventNotice {
  event: GatewayEvent;
  /** Re-read from the gateway when the event arrived: its status is never older than the event's. */
  intent: PaymentIntent | null;
  /** For refund events: the intent's refunds as the gateway has them now (a refund's status moves on after its event). */
  refunds: Refund[] | null;
}

/** `db` is the transaction that records the event: a handler's writes commit with it, or the gateway retries. */
export type PaymentEventHandler = (notice: PaymentEventNotice, ctx: { db: Database; clock: Clock; log: FastifyBaseLogger }) => Promise<void>;

const handlers = new Set<PaymentEventHandler>();

/** Subscribes to verified, de-duplicated payment events; returns the unsubscribe. */
export function onPaymentEvent(handler: PaymentEventHandler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/**
 * The shop's webhook endpoint: verifies the signature (nothing changes on a bad one), handles each
 * event id once, and hands subscribers the intent as it is now, so a late or repeated event can never
 * move a payment backwards. A subscriber's failure rolls the record back: the gateway redelivers.
 */
export async function receiveWebhook(
  ctx: { db: Database; clock: Clock; log: FastifyBaseLogger },
  gateway: PaymentGateway,
  input: { gatewayName: string; rawBody: string; signature: string | undefined },
): Promise<{ received: true; duplicate: boolean }> {
  if (input.gatewayName !== gateway.kind) throw PaymentErrors.webhookGatewayNotConfigured(input.gatewayName);
  const event = await gateway.parseWebhook(input.rawBody, input.signature);
  if (await repository.isEventRecorded(ctx.db, event.id)) return { received: true, duplicate: true };
  // Read before the transaction: the sandbox reads through the shared connection (one, on PGlite).
  const intent = event.intentRef ? await gateway.retrieveIntent(event.intentRef) : null;
  const refunds = intent && REFUND_EVENT_TYPES.includes(event.type) ? await gateway.listRefunds(intent.id) : null;
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const fresh = await repository.recordEvent(tx, {
      id: event.id,
      gateway: gateway.kind,
      type: event.type,
      intentRef: event.intentRef,
      receivedAt: ctx.clock.now(),
    });
    if (!fresh) return { received: true as const, duplicate: true };
    for (const handler of handlers) await handler({ event, intent, refunds }, { db: tx, clock: ctx.clock, log: ctx.log });
    return { received: true as const, duplicate: false };
  });
}
