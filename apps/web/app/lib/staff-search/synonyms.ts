import { hasAnyRole } from '../auth/claims.ts';

/**
 * Staff who say which words mean the same to a shopper: catalogue managers and administrators, as
 * the API's contract requires (spelt here, so the account page's scripts carry no contracts).
 */
export const SYNONYM_ROLES = ['catalogue-manager', 'admin'] as const;
export const SYNONYMS_PATH = '/staff/search/synonyms';
export const SYNONYMS_AUDIENCE = { what: 'Search synonyms', who: 'catalogue managers' };
export const SYNONYMS_PAGE_SIZE = 25;

export const canManageSynonyms = (roles: readonly string[]) => hasAnyRole(roles, SYNONYM_ROLES);

/** The screen with a new group started from `word` (a search that found nothing, from the shop's reports). */
export const addSynonymHref = (word: string) => `${SYNONYMS_PATH}?${new URLSearchParams({ word })}`;

/** A page of the groups, and a group open to change on it. */
export function synonymsHref({ page = 1, edit }: { page?: number; edit?: number }): string {
  const search = new URLSearchParams({ ...(page > 1 && { page: String(page) }), ...(edit !== undefined && { edit: String(edit) }) });
  return search.size ? `${SYNONYMS_PATH}?${search}` : SYNONYMS_PATH;
}

/** The words typed in one field, comma-separated: the API trims, lower-cases and checks each. */
export const wordsOf = (typed: string): string[] => typed.split(',');

/** A positive whole number from the address or a form, else null. */
export function positiveNumber(text: string | null): number | null {
  const value = /^\d{1,9}$/.test(text ?? '') ? Number(text) : Number.NaN;
  return value >= 1 ? value : null;
}
