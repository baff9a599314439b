/**
 * The address book's rules, pure: an address as it is kept (postcode normalised, spaces tidied,
 * empty optional fields absent) and the pages of a list. The postcode's own rules are delivery's
 * (`parsePostcode`, docs/domain.md §4.4), handed in so these stay free of I/O.
 */
import type { AddressType } from '@shop/contracts';

export interface AddressInput {
  addressType: AddressType;
  nickname?: string;
  name: string;
  company?: string;
  line1: string;
  line2?: string;
  town: string;
  county?: string;
  postcode: string;
  phone?: string;
  udprn?: number;
  isDefault: boolean;
  accessNotes?: string;
  tailLift: boolean;
  kerbsideOnly: boolean;
}

export interface CleanAddress {
  addressType: AddressType;
  nickname: string | null;
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  phone: string | null;
  udprn: number | null;
  accessNotes: string | null;
  tailLift: boolean;
  kerbsideOnly: boolean;
}

export type PostcodeParser = (input: string) => { ok: true; postcode: { normalised: string } } | { ok: false; reason: string };

/** Runs of spaces (a pasted address's tabs and line breaks too) become one; blank becomes absent. */
export const tidy = (text: string | undefined): string | null => {
  const tidied = text?.replace(/\s+/g, ' ').trim() ?? '';
  return tidied === '' ? null : tidied;
};

/** The address as it is kept, or why its postcode is not a UK one. */
export function cleanAddress(input: AddressInput, parse: PostcodeParser): { ok: true; address: CleanAddress } | { ok: false; reason: string } {
  const postcode = parse(input.postcode);
  if (!postcode.ok) return postcode;
  return {
    ok: true,
    address: {
      addressType: input.addressType,
      nickname: tidy(input.nickname),
      name: tidy(input.name) ?? '',
      company: tidy(input.company),
      line1: tidy(input.line1) ?? '',
      line2: tidy(input.line2),
      town: tidy(input.town) ?? '',
      county: tidy(input.county),
      postcode: postcode.postcode.normalised,
      phone: tidy(input.phone),
      udprn: input.udprn ?? null,
      accessNotes: tidy(input.accessNotes),
      tailLift: input.tailLift,
      kerbsideOnly: input.kerbsideOnly,
    },
  };
}

/** A page's position, with a page past the end answered empty (not an error: the list may have shrunk). */
export function pageOf(totalCount: number, pageNumber: number, pageSize: number) {
  return { pageNumber, pageSize, totalCount, totalPages: Math.max(1, Math.ceil(totalCount / pageSize)), offset: (pageNumber - 1) * pageSize };
}
