/**
 * Money is integer pence everywhere; only what people read turns it into pounds. This is the one
 * formatter: the API's e-mails and messages, the sandbox gateway's pages and the storefront all
 * use it, so "£1,234.50" reads the same wherever it is shown.
 */

// Made once: `toLocaleString` builds a formatter on every call, which showed in placing orders.
const POUNDS_AND_PENCE = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const WHOLE_POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 0, maximumFractionDigits: 0 });

function pounds(pence: number): number {
  if (!Number.isInteger(pence)) throw new RangeError(`Money is whole pence, got ${pence}`);
  return pence / 100;
}

/** Prices and totals, always with pence: `123450` → `£1,234.50`, `500` → `£5.00`. */
export function formatPence(pence: number): string {
  return POUNDS_AND_PENCE.format(pounds(pence));
}

/** Sentences and headline copy, where round amounts drop `.00`: `49900` → `£499`, `2995` → `£29.95`. */
export function formatPenceShort(pence: number): string {
  return pence % 100 === 0 ? WHOLE_POUNDS.format(pounds(pence)) : formatPence(pence);
}

/** The VAT inside a VAT-inclusive amount at a rate (basis points): gross × rate ÷ (1 + rate), to the penny. */
export const vatInPence = (grossPence: number, rateBasisPoints: number): number => Math.round((grossPence * rateBasisPoints) / (10_000 + rateBasisPoints));

/**
 * A line's total less the VAT it includes, as pricing works it out and an order line reads at trade
 * prices: its unit's price less the VAT in it, × its quantity (never the VAT of the line's total).
 */
export const lineTotalExVatOf = (unitPriceIncVat: number, quantity: number, rateBasisPoints: number): number =>
  (unitPriceIncVat - vatInPence(unitPriceIncVat, rateBasisPoints)) * quantity;
