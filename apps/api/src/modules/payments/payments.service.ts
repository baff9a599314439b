import type { FastifyBaseLogger } from 'fastify';
import type { PaymentMethods, SavedCard as SavedCardView } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Actor, Clock, ServiceContext } from '../../platform/context.ts';
import {
  REFUND_EVENT_TYPES,
  onceKeyIsFree,
  type GatewayEvent,
  type PastPayment,
  type PaymentGateway,
  type PaymentIntent,
  type Refund,
  type SavedCard,
} from './gateway.ts';
import { PaymentErrors } from './payments.errors.ts';
import * as repository from './payments.repository.ts';
import * as savedCards from './saved-cards.ts';
import * as sandbox from './sandbox.repository.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { tracedMethods } from '../../platform/tracing.ts';
import type { PaymentsDeps } from './payments.deps.ts';

/** The configured gateway (Stripe when STRIPE_SECRET_KEY is set, else the sandbox, which keeps its tables in `db`). */
function makeGateway(deps: Pick<PaymentsDeps, 'config' | 'publicUrl' | 'db' | 'clock'>): PaymentGateway {
  const { payments } = deps.config;
  const gateway = payments.stripe
    ? createStripeGateway(payments.stripe)
    : createSandboxGateway({ db: deps.db, clock: deps.clock, publicUrl: deps.publicUrl, settings: payments.sandbox });
  // Each call a span of the request's trace when tracing (decision 0070).
  return tracedMethods(gateway, 'payment', { 'payment.gateway': payments.stripe ? 'stripe' : 'sandbox' });
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
export type PaymentEventHandler = (notice: PaymentEventNotice, ctx: { db: Transaction; clock: Clock; log: FastifyBaseLogger }) => Promise<void>;

/**
 * The shop's webhook endpoint: verifies the signature (nothing changes on a bad one), handles each
 * event id once, and hands subscribers the intent as it is now, so a late or repeated event can never
 * move a payment backwards. A subscriber's failure rolls the record back: the gateway redelivers.
 */
async function receiveWebhook(
  handlers: ReadonlySet<PaymentEventHandler>,
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

// ── the service ─────────────────────────────────────────────────────────────────────────────────

type DbContext = Pick<ServiceContext, 'db'>;
type CardsContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * Payments through the configured gateway (Stripe, or the sandbox), its webhook events, and the
 * shopper's saved cards. Never call a gateway inside a database transaction: Stripe is a remote
 * service, and the sandbox writes through its own connection (PGlite's one connection, on PGlite).
 */
export interface PaymentsService {
  /**
   * The configured gateway (Stripe when STRIPE_SECRET_KEY is set, else the sandbox), made on first
   * use (the routes-only build has no database). Pass an idempotency key on every create and complete call.
   */
  gateway(): PaymentGateway;
  /** Runs a gateway call whose key another request is using (two tabs, a retry) once that one is done: its answer, not a second payment. */
  onceKeyIsFree<T>(call: () => Promise<T>): Promise<T>;
  /**
   * Subscribes to this service's verified, de-duplicated payment events, each event id once, inside
   * the transaction that records it (a handler that throws makes the gateway retry); returns the
   * unsubscribe. `composeApi` subscribes the handlers, in plain sight.
   */
  onEvent(handler: PaymentEventHandler): () => void;
  /** The webhook endpoint's work: verified, recorded once, handed to the subscribers. */
  receiveWebhook(
    ctx: WebhookContext,
    input: { gatewayName: string; rawBody: string; signature: string | undefined },
  ): Promise<{ received: true; duplicate: boolean }>;
  /** The shopper's customer at the gateway, made on first need. */
  customerFor(ctx: DbContext, actor: Actor): Promise<string>;
  /** The shopper's saved cards, default first. */
  listSavedCards(ctx: CardsContext, actor: Actor): Promise<SavedCardView[]>;
  /** A saved card, if it is on the shopper's customer (else the same 404 as an unknown card). */
  ownCard(ctx: CardsContext, actor: Actor, paymentMethodId: string): Promise<{ card: SavedCard; customerRef: string }>;
  /** How `payer` (null: a guest, or staff paying for nobody) can pay: the card field, their saved cards not expired, the gateway's wallets. */
  paymentMethods(ctx: CardsContext, payer: Actor | null): Promise<PaymentMethods>;
  /** Charges a saved card (checked with `ownCard` first) with the customer present; the bank may ask for its check (`requires_action`). */
  chargeSavedCard(input: Parameters<typeof savedCards.chargeSavedCard>[1]): Promise<PaymentIntent>;
  /** A difference on a placed order paid with one of `payer`'s own saved cards (none for a guest or staff): 404 not theirs, 402 declined. */
  payWithSavedCard(ctx: CardsContext, payer: Actor | null, input: Parameters<typeof savedCards.payWithSavedCard>[2]): Promise<PaymentIntent>;
  /** Lets go of a payment not yet taken (cancelled: nobody can pay it any more); one already paid is answered as it is (`isPaid`), null if unknown. */
  cancelUnlessPaid(ref: string): Promise<PaymentIntent | null>;
  /** Taken, or being taken (succeeded, processing): such a payment can no longer be let go, only refunded. */
  isPaid(intent: Pick<PaymentIntent, 'status'>): boolean;
  removeSavedCard(ctx: CardsContext, actor: Actor, paymentMethodId: string): Promise<SavedCardView[]>;
  setDefaultSavedCard(ctx: CardsContext, actor: Actor, paymentMethodId: string): Promise<SavedCardView[]>;
  updateSavedCardBilling(ctx: CardsContext, actor: Actor, input: Parameters<typeof savedCards.updateSavedCardBilling>[2]): Promise<SavedCardView>;
  /**
   * Demo data only: records captured card payments from before the shop's records began (and the
   * refunds made on them) in the sandbox gateway, in the caller's transaction, so refunding a
   * demo order reaches a payment the sandbox knows. Returns their references, in order. Nothing is
   * sent: no webhook event, no call to Stripe (which cannot be given a past payment), so with
   * Stripe configured a demo order's payment is still unknown to the gateway.
   */
  recordPastPayments(ctx: DbContext, payments: readonly PastPayment[]): Promise<string[]>;
}

type WebhookContext = Parameters<typeof receiveWebhook>[1];

export function createPaymentsService(deps: PaymentsDeps): PaymentsService {
  const { delivery } = deps;
  let made: PaymentGateway | null = null;
  const gateway = () => (made ??= makeGateway(deps));
  // This service's subscribers only: two APIs in one process never hear each other's events.
  const handlers = new Set<PaymentEventHandler>();
  const cards = (ctx: CardsContext): savedCards.Deps => ({ db: ctx.db, clock: ctx.clock, gateway: gateway() });
  return {
    gateway,
    onceKeyIsFree,
    onEvent: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    receiveWebhook: (ctx, input) => receiveWebhook(handlers, ctx, gateway(), input),
    customerFor: (ctx, actor) => savedCards.customerFor(ctx.db, gateway(), actor),
    listSavedCards: (ctx, actor) => savedCards.listSavedCards(cards(ctx), actor),
    ownCard: (ctx, actor, id) => savedCards.ownCard(cards(ctx), actor, id),
    paymentMethods: (ctx, payer) => savedCards.paymentMethods({ ...cards(ctx), publicUrl: deps.publicUrl }, payer),
    chargeSavedCard: (input) => savedCards.chargeSavedCard(gateway(), input),
    payWithSavedCard: (ctx, payer, input) => savedCards.payWithSavedCard(cards(ctx), payer, input),
    cancelUnlessPaid: (ref) => savedCards.cancelUnlessPaid(gateway(), ref),
    isPaid: savedCards.isPaid,
    removeSavedCard: (ctx, actor, id) => savedCards.removeSavedCard(cards(ctx), actor, id),
    setDefaultSavedCard: (ctx, actor, id) => savedCards.setDefaultSavedCard(cards(ctx), actor, id),
    updateSavedCardBilling: (ctx, actor, input) => savedCards.updateSavedCardBilling({ ...cards(ctx), delivery }, actor, input),
    recordPastPayments: (ctx, payments) => sandbox.insertPastPayments(ctx.db, payments),
  };
}
