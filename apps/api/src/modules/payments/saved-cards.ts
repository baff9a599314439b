/**
 * Saved cards for signed-in shoppers (spec: saved cards, 4 calls). The gateway keeps the cards; the
 * shop keeps which gateway customer is the shopper's, and their default. A card saved only with
 * the shopper's consent at checkout (`savePaymentMethod` on the intent). Every call checks the card
 * is on the caller's customer: another shopper's card is the same 404 as an unknown one.
 */
import type { SavedCard as SavedCardView } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { Actor, Clock } from '../../platform/context.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { PaymentGateway, SavedCard } from './gateway.ts';
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
