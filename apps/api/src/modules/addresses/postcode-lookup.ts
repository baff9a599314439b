/**
 * The postcode lookup port: a normalised UK postcode in, the addresses at it out. Two adapters
 * implement it: the embedded list (default, offline: every valid postcode gets a stable, plausible
 * list made from the postcode itself) and Ideal Postcodes (Royal Mail's address file, chosen by
 * IDEAL_POSTCODES_API_KEY). Provider keys and URLs never cross this port.
 */
import type { LookedUpAddress } from '@shop/contracts';

export type LookupKind = 'embedded' | 'ideal-postcodes';

/** Why a provider gave no addresses, in words for the log (never the key or the URL). */
export type LookupOutcome =
  | { ok: true; addresses: LookedUpAddress[] }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'unavailable'; detail: string };

export interface PostcodeLookup {
  kind: LookupKind;
  /** `postcode` is already checked and normalised (`SW1A 1AA`). */
  find(postcode: string): Promise<LookupOutcome>;
}

/** One line for a list of addresses: the address lines and the town, without empty parts. */
export const summaryOf = (address: Pick<LookedUpAddress, 'line1' | 'line2' | 'line3' | 'town'>): string =>
  [address.line1, address.line2, address.line3, address.town].filter((part) => part).join(', ');
