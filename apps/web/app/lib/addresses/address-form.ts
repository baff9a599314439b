import { ApiError } from '@shop/api-client';
import type { LookedUpAddress } from '@shop/contracts';
import { apiFieldError, apiProblemMessage } from '../api-problem.ts';

/**
 * The address forms' shared parts (address book, catalogue request): what was typed, read back from
 * a posted form, and "Find address" as a step of the same form: the postcode posted with
 * `intent=find` answers the addresses to choose from; `intent=choose` with `chosen=<index>` fills
 * the fields from the chosen one. Both work before the page's scripts run.
 */

export const ADDRESS_FIELD_KEYS = ['name', 'company', 'line1', 'line2', 'town', 'county', 'postcode', 'udprn'] as const;
export type AddressFieldKey = (typeof ADDRESS_FIELD_KEYS)[number];
export type AddressValues = Partial<Record<string, string>>;

/** Every text field of a posted form, as typed (files and repeated names aside). */
export function postedValues(form: FormData): AddressValues {
  const values: AddressValues = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string' && key !== 'intent') values[key] = value;
  return values;
}

/** What "Find address" found: the postcode as the API wrote it and the addresses, or why there are none. */
export type FinderState = { postcode: string; addresses: LookedUpAddress[] } | { problem: string; postcode: string };

export const FINDER_POSTCODE = 'findPostcode';

/** An address from the lookup as the form's fields: the organisation and the lines, the town and the postcode, and its udprn. */
export function valuesFromLookedUp(address: LookedUpAddress): AddressValues {
  const lines = [address.line1, address.line2, address.line3].filter((line): line is string => Boolean(line));
  return {
    line1: lines[0] ?? '',
    line2: lines.slice(1).join(', '),
    town: address.town,
    county: address.county ?? '',
    postcode: address.postcode,
    udprn: address.udprn ? String(address.udprn) : '',
    ...(address.organisation && !address.line1.startsWith(address.organisation) ? { company: address.organisation } : {}),
  };
}

/** A refusal of the lookup in the customer's words: the API's own for a postcode it cannot use or a lookup that is down. */
export const finderProblem = (error: unknown): string =>
  error instanceof ApiError && [400, 404, 503].includes(error.status) ? error.message : apiProblemMessage(error);

/** A field's message from the API's refusal (`body.<field>`), or the message of a postcode refusal for the postcode. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (field === 'postcode' && error instanceof ApiError && error.code === 'ADDRESS_POSTCODE_INVALID') return error.message;
  return apiFieldError(error, field);
}

/** Trimmed text, or undefined when nothing was typed: the API's optional fields are absent, not empty. */
export const optionalText = (values: AddressValues, key: string): string | undefined => values[key]?.trim() || undefined;

/** The udprn kept from the lookup, when the fields still say what the lookup gave. */
export function udprnOf(values: AddressValues): number | undefined {
  const udprn = Number(values.udprn);
  return Number.isInteger(udprn) && udprn > 0 ? udprn : undefined;
}
