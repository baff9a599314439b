/**
 * The printed catalogue's rules, pure: which requests are for one address, and whether an address
 * asked recently enough that another catalogue would be a waste.
 */
import { CATALOGUE_REQUEST_MONTHS, londonLongDate } from '@shop/contracts';

/** The postcode and first line without case, spaces or punctuation: "Flat 2, 10 High St." and "flat 2 10 high st" match. */
export const addressKeyOf = (address: { line1: string; postcode: string }): string =>
  `${address.postcode}|${address.line1}`.toLowerCase().replace(/[^a-z0-9|]/g, '');

/** The earliest request that still counts against an address at `now`: six calendar months back. */
export function periodStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - CATALOGUE_REQUEST_MONTHS);
  return start;
}

/** The words of the postal marketing consent, kept with each consent as agreed to. */
export const POSTAL_CONSENT_WORDING = 'Send me offers and new ranges from Plumbline by post. I can ask you to stop at any time.';

export const CATALOGUE_MESSAGES = {
  recorded: 'Thank you. Your catalogue will be posted within 5 working days.',
  alreadyRequested: (requestedAt: Date) =>
    `A catalogue was already requested for this address on ${londonLongDate(requestedAt)}, ` +
    `so we will not send another yet. We send one catalogue to an address every ${CATALOGUE_REQUEST_MONTHS} months.`,
};
