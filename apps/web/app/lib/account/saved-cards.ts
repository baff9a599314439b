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

/** What to say when a change to a saved card fails: a card removed meanwhile (in another tab) has its own words. */
export function savedCardProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'That card is no longer saved on your account. The list now shows the cards you have.';
  return apiProblemMessage(error);
}

/** Whether the answer means the list on screen is out of date (a card removed elsewhere). */
export const cardGone = (error: unknown) => error instanceof ApiError && error.status === 404;
