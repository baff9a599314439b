/** The address book's, the postcode lookup's and the catalogue request's plain values, for the API and the browser alike. */

/** The spec's address types: where goods go, and where the card's statement goes. */
export const ADDRESS_TYPES = ['delivery', 'billing'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Enough for a home, a few sites and family; more is a sign of a list kept elsewhere. */
export const ADDRESS_BOOK_MAX = 50;
export const ADDRESS_PAGE_SIZE_MAX = 50;
export const ADDRESS_NICKNAME_MAX = 40;
export const ADDRESS_ACCESS_NOTES_MAX = 300;

/** The printed catalogue's optional interests: which sections to put in front of the customer. */
export const CATALOGUE_INTERESTS = ['bathrooms', 'heating', 'trade'] as const;
export type CatalogueInterest = (typeof CATALOGUE_INTERESTS)[number];
export const CATALOGUE_INTEREST_LABELS: Record<CatalogueInterest, string> = {
  bathrooms: 'Bathrooms',
  heating: 'Heating and radiators',
  trade: 'Trade and installer ranges',
};
/** One printed catalogue per address in this many months: printing and post cost the shop. */
export const CATALOGUE_REQUEST_MONTHS = 6;

/** Shown beside every "Find address" button: a lookup may fail, the form never depends on it. */
export const ADDRESS_BY_HAND_HINT = 'If your address is not listed, enter it by hand.';
