import type { SavedCard } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { apiProblemMessage } from '../api-problem.ts';

/** The gateway's brand codes as a shopper reads them. */
const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', maestro: 'Maestro' };
export const cardBrandName = (brand: string) => BRAND_NAMES[brand] ?? (brand ? `${brand[0]!.toUpperCase()}${brand.slice(1)}` : 'Card');

/** "Visa ending 4242": how the shop names a card everywhere (checkout, e-mails, this page). */
export const cardName = (card: Pick<SavedCard, 'brand' | 'last4'>) => `${cardBrandName(card.brand)} ending ${card.last4}`;

/** "Expires 12/2030", or "Expired 01/2025" once the month is over. */
export const expiryText = (card: Pick<SavedCard, 'expMonth' | 'expYear' | 'expired'>) =>
  `${card.expired ? 'Expired' : 'Expires'} ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

/** The card's billing address as lines ([] when none was given). */
export function billingLines(billing: SavedCard['billing']): string[] {
  return [billing.name, billing.line1, billing.line2, billing.city, billing.postcode].filter((line): line is string => Boolean(line?.trim()));
}

export const BILLING_FIELDS = ['name', 'line1', 'line2', 'city', 'postcode'] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];
export type BillingValues = Record<BillingField, string>;

/** The form's labels, the browser's autofill names and the API's length limits (so nothing typed is refused for length). */
export const BILLING_FIELD_SETUP: Record<BillingField, { label: string; autoComplete: string; maxLength: number; optional?: boolean }> = {
  name: { label: 'Name on the card', autoComplete: 'cc-name', maxLength: 120 },
  line1: { label: 'Address line 1', autoComplete: 'billing address-line1', maxLength: 120 },
  line2: { label: 'Address line 2', autoComplete: 'billing address-line2', maxLength: 120, optional: true },
  city: { label: 'Town or city', autoComplete: 'billing address-level2', maxLength: 80 },
  postcode: { label: 'Postcode', autoComplete: 'billing postal-code', maxLength: 16 },
};

/** The form's starting values: the card's billing details, empty where there are none. */
export function billingValues(card: Pick<SavedCard, 'billing'>): BillingValues {
  const { name, line1, line2, city, postcode } = card.billing;
  return { name: name ?? '', line1: line1 ?? '', line2: line2 ?? '', city: city ?? '', postcode: postcode ?? '' };
}

/** The update call's body (an empty second line left out). */
export function billingBody(paymentMethodId: string, values: BillingValues) {
  const line2 = values.line2.trim();
  return { paymentMethodId, billing: { name: values.name, line1: values.line1, line2: line2 || undefined, city: values.city, postcode: values.postcode } };
}

export interface BillingProblem {
  /** The API's message for each field it refused (`errors[]`, path `body.billing.<field>`), in the form's order. */
  fields: Partial<Record<BillingField, string>>;
  /** A sentence for the whole request when no field is to blame. */
  summary: string | null;
}

/** Where the API's refusal of a billing address belongs: beside its fields, or above the form. */
export function billingProblem(error: unknown): BillingProblem {
  const fields: BillingProblem['fields'] = {};
  const errors = error instanceof ApiError ? (error.data as { errors?: { path?: unknown; message?: unknown }[] } | null | undefined)?.errors : undefined;
  for (const item of Array.isArray(errors) ? errors : []) {
    const field = typeof item.path === 'string' ? item.path.replace(/^body\.billing\./, '') : '';
    if ((BILLING_FIELDS as readonly string[]).includes(field) && typeof item.message === 'string') fields[field as BillingField] ??= item.message;
  }
  return { fields, summary: Object.keys(fields).length > 0 ? null : savedCardProblem(error) };
}

const CARD_GONE = 'That card is no longer saved on your account. The list now shows the cards you have.';

/** What to say when a change to a saved card fails: a card removed meanwhile (in another tab) has its own words. */
export function savedCardProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return CARD_GONE;
  return apiProblemMessage(error);
}

/** Whether the answer means the list on screen is out of date (a card removed elsewhere). */
export const cardGone = (error: unknown) => error instanceof ApiError && error.status === 404;

export const CARDS_PATH = '/account/cards';

/** The changes the saved cards page posts (its forms' `intent`). */
export const CARD_INTENTS = ['default', 'billing', 'remove'] as const;
export type CardIntent = (typeof CARD_INTENTS)[number];

/** A posted text field ('' when absent). */
export function postedText(form: FormData, field: string): string {
  const posted = form.get(field);
  return typeof posted === 'string' ? posted : '';
}

/** The form's values as posted (absent fields empty). */
export function postedBillingValues(form: FormData): BillingValues {
  const value = (field: BillingField) => postedText(form, field);
  return { name: value('name'), line1: value('line1'), line2: value('line2'), city: value('city'), postcode: value('postcode') };
}

/**
 * Where a change sends the page (303), so that what it did is said there and a reload does not post
 * it again. A removed card is no longer in the list: its brand and last four digits go in the address.
 */
export function cardsChangedPath(intent: CardIntent, card: Pick<SavedCard, 'id' | 'brand' | 'last4'>): string {
  const query: Record<string, string> = intent === 'remove' ? { done: 'removed', brand: card.brand, last4: card.last4 } : { done: intent, card: card.id };
  return `${CARDS_PATH}?${new URLSearchParams(query)}`;
}

/** Where the page goes when the card was removed meanwhile (in another tab). */
export const cardsGonePath = `${CARDS_PATH}?gone=1`;

export interface CardsNotice {
  text: string;
  problem: boolean;
  /** The card whose heading takes the keyboard (null: the list's heading). */
  focus: string | null;
}

/** What the page says after a change, read back from the address the change sent it to (nothing for an address it did not make). */
export function cardsNotice(params: URLSearchParams, cards: readonly Pick<SavedCard, 'id' | 'brand' | 'last4'>[]): CardsNotice | null {
  if (params.get('gone') === '1') return { text: CARD_GONE, problem: true, focus: null };
  const done = params.get('done');
  if (done === 'removed') {
    const brand = params.get('brand') ?? '';
    const last4 = params.get('last4') ?? '';
    // Only words the shop would write: a made-up address cannot put other text in the page.
    if (!/^[a-z]{1,20}$/.test(brand) || !/^\d{4}$/.test(last4)) return null;
    return { text: `${cardName({ brand, last4 })} is removed from your account.`, problem: false, focus: null };
  }
  const card = cards.find((each) => each.id === params.get('card'));
  if (!card) return null;
  if (done === 'default') return { text: `${cardName(card)} is now your default card.`, problem: false, focus: card.id };
  if (done === 'billing') return { text: `The billing address of ${cardName(card)} is updated.`, problem: false, focus: card.id };
  return null;
}
