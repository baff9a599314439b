/**
 * Saved cards for signed-in shoppers (spec: saved cards, 4 calls). The gateway keeps the cards; the
 * shop keeps which gateway customer is the shopper's, and their default. A card saved only with
 * the shopper's consent at checkout (`savePaymentMethod` on the intent). Every call checks the card
 * is on the caller's customer: another shopper's card is the same 404 as an unknown one.
 */
import { randomUUID } from 'node:crypto';
import type { PaymentMethods, SavedCard as SavedCardView } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { Actor, Clock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { DeliveryService } from '../delivery/index.ts';
import { onceKeyIsFree, type PaymentGateway, type PaymentIntent, type SavedCard } from './gateway.ts';
import { PaymentErrors } from './payments.errors.ts';
import * as repository from './payments.repository.ts';

const findCustomer = (db: Database, gateway: PaymentGateway, userId: string) => repository.findPaymentCustomer(db, userId, gateway.kind);

/** The shopper's customer at the gateway, made on first need (the same one however many requests race). */
export async function customerFor(db: Database, gateway: PaymentGateway, actor: Actor): Promise<string> {
  const existing = await findCustomer(db, gateway, actor.userId);
  if (existing) return existing.customerRef;
  const email = actor.email ?? `${actor.userId}@customers.plumbline.invalid`;
  const customer = await gateway.createCustomer({ email, name: actor.name }, `customer:${gateway.kind}:${actor.userId}`);
  await repository.insertPaymentCustomer(db, { userId: actor.userId, gateway: gateway.kind, customerRef: customer.id });
  return (await findCustomer(db, gateway, actor.userId))!.customerRef;
}

function present(card: SavedCard, defaultRef: string | null, now: Date): SavedCardView {
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    expired: now.getTime() >= endOfExpiryMonth,
    isDefault: card.id === defaultRef,
    billing: {
      name: card.billing.name ?? null,
      line1: card.billing.line1 ?? null,
      line2: card.billing.line2 ?? null,
      city: card.billing.city ?? null,
      postcode: card.billing.postcode ?? null,
    },
  };
}

export interface Deps {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
}

/** The shopper's cards, default first (the first saved when none was chosen). */
export async function listSavedCards(deps: Deps, actor: Actor): Promise<SavedCardView[]> {
  const customer = await findCustomer(deps.db, deps.gateway, actor.userId);
  if (!customer) return [];
  const cards = await deps.gateway.listCards(customer.customerRef);
  const defaultRef = cards.some((card) => card.id === customer.defaultPaymentMethodRef) ? customer.defaultPaymentMethodRef : (cards[0]?.id ?? null);
  const now = deps.clock.now();
  return cards.map((card) => present(card, defaultRef, now)).toSorted((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** The card, if it is on the shopper's customer. */
export async function ownCard(deps: Deps, actor: Actor, paymentMethodId: string): Promise<{ card: SavedCard; customerRef: string }> {
  const customer = await findCustomer(deps.db, deps.gateway, actor.userId);
  const card = customer ? (await deps.gateway.listCards(customer.customerRef)).find((entry) => entry.id === paymentMethodId) : undefined;
  if (!customer || !card) throw PaymentErrors.savedCardNotFound();
  return { card, customerRef: customer.customerRef };
}

export async function removeSavedCard(deps: Deps, actor: Actor, paymentMethodId: string): Promise<SavedCardView[]> {
  await ownCard(deps, actor, paymentMethodId);
  await deps.gateway.detachCard(paymentMethodId);
  await repository.clearDefaultCard(deps.db, actor.userId, paymentMethodId);
  return listSavedCards(deps, actor);
}

export async function setDefaultSavedCard(deps: Deps, actor: Actor, paymentMethodId: string): Promise<SavedCardView[]> {
  await ownCard(deps, actor, paymentMethodId);
  await repository.setDefaultCard(deps.db, actor.userId, deps.gateway.kind, paymentMethodId);
  return listSavedCards(deps, actor);
}

export async function updateSavedCardBilling(
  deps: Deps & { delivery: Pick<DeliveryService, 'parsePostcode'> },
  actor: Actor,
  input: { paymentMethodId: string; billing: { name: string; line1: string; line2?: string; city: string; postcode: string } },
): Promise<SavedCardView> {
  // The shop's cards are billed in the UK: the postcode is checked and kept as the checkout keeps it.
  const postcode = deps.delivery.parsePostcode(input.billing.postcode);
  if (!postcode.ok) throw PaymentErrors.savedCardPostcodeInvalid(postcode.reason);
  await ownCard(deps, actor, input.paymentMethodId);
  const { billing } = input;
  await deps.gateway.updateCardBilling(input.paymentMethodId, {
    name: billing.name,
    line1: billing.line1,
    line2: billing.line2 ?? null,
    city: billing.city,
    postcode: postcode.postcode.normalised,
    country: 'GB',
  });
  return (await listSavedCards(deps, actor)).find((card) => card.id === input.paymentMethodId)!;
}

/**
 * How a payer can pay an amount the server worked out: the gateway's card field, their own saved
 * cards not yet expired (none for a guest), and the gateway's wallets. The sandbox serves its own
 * wallet button; under Stripe the wallets (Apple Pay, Google Pay, Link) are its Express Checkout
 * Element, drawn by the same Stripe.js as the card form.
 */
export async function paymentMethods(deps: Deps & { publicUrl: string }, payer: Actor | null): Promise<PaymentMethods> {
  const config = deps.gateway.clientConfig();
  const saved = payer ? await listSavedCards(deps, payer) : [];
  return {
    card:
      config.kind === 'stripe'
        ? { provider: config.kind, publishableKey: config.publishableKey, scriptUrl: config.scriptUrl, frameUrl: null }
        : { provider: config.kind, publishableKey: null, scriptUrl: null, frameUrl: config.frameUrl },
    savedCards: saved
      .filter((card) => !card.expired)
      .map(({ id, brand, last4, expMonth, expYear, isDefault }) => ({ id, brand, last4, expMonth, expYear, isDefault })),
    wallets:
      config.kind === 'sandbox'
        ? [{ provider: 'sandbox-pay', name: 'Sandbox Pay', scriptUrl: `${deps.publicUrl}/api/payments/sandbox/wallet.js` }]
        : [{ provider: 'stripe', name: 'Express Checkout', scriptUrl: config.scriptUrl }],
  };
}

/**
 * Charges a saved card (already checked to be the payer's, `ownCard`) with the customer present
 * (never off-session): the bank may still ask for its check (3-D Secure), answered in the browser.
 * One payment per key: a retry gets the same one, its bank check asked for again if it failed since.
 */
export async function chargeSavedCard(
  gateway: PaymentGateway,
  input: { customerRef: string; paymentMethodRef: string; amountPence: number; metadata: Record<string, string>; idempotencyKey: string },
): Promise<PaymentIntent> {
  const { customerRef, paymentMethodRef, amountPence, metadata, idempotencyKey } = input;
  const answer = await onceKeyIsFree(() =>
    gateway.createIntent({ amountPence, customerRef, paymentMethodRef, confirm: true, offSession: false, metadata, idempotencyKey }),
  );
  return answer.status === 'requires_action' ? askTheBankAgain(gateway, answer, paymentMethodRef) : answer;
}

/**
 * The same saved card for the same payment again gets the gateway's first answer again, which may be
 * out of date: a bank check still waiting is shown again, one that failed since is asked for afresh
 * (the payment is confirmed again, never a second one started), and one passed since is as it is now.
 */
async function askTheBankAgain(gateway: PaymentGateway, answer: PaymentIntent, paymentMethodRef: string): Promise<PaymentIntent> {
  const intent = (await gateway.retrieveIntent(answer.id)) ?? answer;
  if (intent.status !== 'requires_payment_method') return intent;
  return gateway.confirmIntent(intent.id, { paymentMethodRef }, `confirm:${intent.id}:${randomUUID()}`);
}

/** Taken, or being taken: such a payment can no longer be let go, only refunded. */
export const isPaid = (intent: Pick<PaymentIntent, 'status'>) => intent.status === 'succeeded' || intent.status === 'processing';

/**
 * Lets go of a payment not yet taken (cancelled at the gateway, which from then on refuses to take it,
 * so a card field still open on it can no longer pay); one its payer confirmed first is not let go.
 * The payment as it ends: cancelled, or paid (`isPaid`); null when the gateway has no such payment.
 */
export async function cancelUnlessPaid(gateway: PaymentGateway, ref: string): Promise<PaymentIntent | null> {
  const intent = await gateway.retrieveIntent(ref);
  if (!intent || intent.status === 'canceled' || isPaid(intent)) return intent;
  try {
    return await onceKeyIsFree(() => gateway.cancelIntent(ref, `cancel:${ref}`));
  } catch (error) {
    // Confirmed (or cancelled) by someone else between the read and the cancel: the gateway decided, so read what it decided.
    if (!(error instanceof AppError && error.code === 'PAYMENT_INTENT_STATE')) throw error;
    const now = await gateway.retrieveIntent(ref);
    if (!now || (now.status !== 'canceled' && !isPaid(now))) throw error;
    return now;
  }
}

/**
 * Pays a difference on a placed order (an order change, a delivery upgrade) with one of the payer's
 * own saved cards: refused when there is no payer (a guest, or staff acting for the customer), 404
 * for a card not theirs, 402 for one the bank declines. The bank may still ask for its check.
 * The payment is made unconfirmed first and handed to `claim`, which makes it the difference's one
 * payment (or throws, and it is cancelled before the card is ever charged); only then is it confirmed.
 */
export async function payWithSavedCard(
  deps: Deps,
  payer: Actor | null,
  input: {
    savedCardId: string | undefined;
    amountPence: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
    claim: (intent: PaymentIntent) => Promise<void>;
  },
): Promise<PaymentIntent> {
  if (!payer) throw PaymentErrors.savedCardSignIn();
  if (!input.savedCardId) throw PaymentErrors.savedCardRequired();
  const { card, customerRef } = await ownCard(deps, payer, input.savedCardId);
  const { gateway } = deps;
  const created = await onceKeyIsFree(() =>
    gateway.createIntent({
      amountPence: input.amountPence,
      customerRef,
      paymentMethodRef: card.id,
      confirm: false,
      metadata: input.metadata,
      idempotencyKey: `${input.idempotencyKey}:saved:${card.id}`,
    }),
  );
  try {
    await input.claim(created);
  } catch (error) {
    // Never confirmed, so never charged: a double press sharing it claimed it already, so this one is no one's.
    await cancelUnlessPaid(gateway, created.id);
    throw error;
  }
  const now = (await gateway.retrieveIntent(created.id)) ?? created;
  let intent = now;
  // Confirmed with the customer present (never off-session); a double press confirms once (the same key), a failed check afresh.
  if (now.status === 'requires_confirmation') {
    intent = await onceKeyIsFree(() => gateway.confirmIntent(now.id, { paymentMethodRef: card.id }, `confirm:${now.id}`));
    if (intent.status === 'requires_action') intent = await askTheBankAgain(gateway, intent, card.id);
  } else if (now.status === 'requires_payment_method')
    intent = await gateway.confirmIntent(now.id, { paymentMethodRef: card.id }, `confirm:${now.id}:${randomUUID()}`);
  if (intent.status === 'requires_payment_method') throw PaymentErrors.savedCardDeclined(intent.lastError?.message ?? 'Your bank declined the payment.');
  return intent;
}
