import type { FastifyBaseLogger } from 'fastify';
import type { SavedCard as SavedCardView } from '@shop/contracts';
import type { ApiConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { systemClock, type Actor, type Clock, type ServiceContext } from '../../platform/context.ts';
import type { DeliveryService } from '../delivery/index.ts';
import { REFUND_EVENT_TYPES, type GatewayEvent, type PaymentGateway, type PaymentIntent, type Refund, type SavedCard } from './gateway.ts';
import { PaymentErrors } from './payments.errors.ts';
import * as repository from './payments.repository.ts';
import * as savedCards from './saved-cards.ts';
import * as sandbox from './sandbox.repository.ts';
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
  return ctx.db.transaction(async (tx) => {
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

/** A payment taken before the shop kept records here (demo data): captured, and perhaps partly or wholly refunded since. */
export interface PastPayment {
  amountPence: number;
  capturedAt: Date;
  refundedPence: number;
  /** When the refund was made (and the payment last changed); the capture time when there is none. */
  updatedAt: Date;
  metadata: Record<string, string>;
}

// ── the service ─────────────────────────────────────────────────────────────────────────────────

type DbContext = Pick<ServiceContext, 'db'>;
type CardsContext = Pick<ServiceContext, 'db' | 'clock'>;

/** A saved card's billing postcode is checked as checkout checks an address's. */
export interface PaymentsDeps {
  delivery: DeliveryService;
}

/**
 * Payments through the configured gateway (Stripe, or the sandbox), its webhook events, and the
 * shopper's saved cards. Never call a gateway inside a database transaction: Stripe is a remote
 * service, and the sandbox writes through its own connection (PGlite's one connection, on PGlite).
 */
export interface PaymentsService {
  /**
   * The configured gateway (Stripe when STRIPE_SECRET_KEY is set, else the sandbox), one per
   * database; `app.platform` is a source. Pass an idempotency key on every create and complete call.
   */
  gateway(source: GatewaySource): PaymentGateway;
  /**
   * Subscribes to verified, de-duplicated payment events, each event id once, inside the transaction
   * that records it (a handler that throws makes the gateway retry); returns the unsubscribe.
   * Handlers are process-wide: subscribe once, at start-up.
   */
  onPaymentEvent(handler: PaymentEventHandler): () => void;
  /** The webhook endpoint's work: verified, recorded once, handed to the subscribers. */
  receiveWebhook(
    ctx: WebhookContext,
    gateway: PaymentGateway,
    input: { gatewayName: string; rawBody: string; signature: string | undefined },
  ): Promise<{ received: true; duplicate: boolean }>;
  /** The shopper's customer at the gateway, made on first need. */
  customerFor(ctx: DbContext, gateway: PaymentGateway, actor: Actor): Promise<string>;
  /** The shopper's saved cards, default first. */
  listSavedCards(ctx: CardsContext, gateway: PaymentGateway, actor: Actor): Promise<SavedCardView[]>;
  /** A saved card, if it is on the shopper's customer (else the same 404 as an unknown card). */
  ownCard(ctx: CardsContext, gateway: PaymentGateway, actor: Actor, paymentMethodId: string): Promise<{ card: SavedCard; customerRef: string }>;
  removeSavedCard(ctx: CardsContext, gateway: PaymentGateway, actor: Actor, paymentMethodId: string): Promise<SavedCardView[]>;
  setDefaultSavedCard(ctx: CardsContext, gateway: PaymentGateway, actor: Actor, paymentMethodId: string): Promise<SavedCardView[]>;
  updateSavedCardBilling(
    ctx: CardsContext,
    gateway: PaymentGateway,
    actor: Actor,
    input: Parameters<typeof savedCards.updateSavedCardBilling>[2],
  ): Promise<SavedCardView>;
  /**
   * Demo data only: records captured card payments from before the shop's records began (and the
   * refunds made on them) in the sandbox gateway, in the caller's transaction, so refunding a
   * demo order reaches a payment the sandbox knows. Returns their references, in order. Nothing is
   * sent: no webhook event, no call to Stripe (which cannot be given a past payment), so with
   * Stripe configured a demo order's payment is still unknown to the gateway.
   */
  recordPastPayments(ctx: DbContext, payments: readonly PastPayment[]): Promise<string[]>;
}

type WebhookContext = Parameters<typeof receiveWebhook>[0];

export function createPaymentsService({ delivery }: PaymentsDeps): PaymentsService {
  const cards = (ctx: CardsContext, gateway: PaymentGateway): savedCards.Deps => ({ db: ctx.db, clock: ctx.clock, gateway });
  return {
    gateway: paymentGateway,
    onPaymentEvent,
    receiveWebhook,
    customerFor: (ctx, gateway, actor) => savedCards.customerFor(ctx.db, gateway, actor),
    listSavedCards: (ctx, gateway, actor) => savedCards.listSavedCards(cards(ctx, gateway), actor),
    ownCard: (ctx, gateway, actor, id) => savedCards.ownCard(cards(ctx, gateway), actor, id),
    removeSavedCard: (ctx, gateway, actor, id) => savedCards.removeSavedCard(cards(ctx, gateway), actor, id),
    setDefaultSavedCard: (ctx, gateway, actor, id) => savedCards.setDefaultSavedCard(cards(ctx, gateway), actor, id),
    updateSavedCardBilling: (ctx, gateway, actor, input) => savedCards.updateSavedCardBilling({ ...cards(ctx, gateway), delivery }, actor, input),
    recordPastPayments: (ctx, payments) => sandbox.insertPastPayments(ctx.db, payments),
  };
}
