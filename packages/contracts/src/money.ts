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

/** Goods at one VAT rate (`rate` names it), or the delivery charge: their gross, and for goods the sum of their lines' nets. */
export interface VatLineGroup<K> {
  rate: K;
  basisPoints: number;
  grossPence: number;
  netPence: number;
}

/**
 * VAT worked out per line, once (docs/domain.md §1), the one rule for placing an order and for
 * changing one. Goods come in with their lines' nets (each unit less the VAT in it, × quantity); the
 * goods discount is shared over the rates by their goods (rounded, the last rate taking the rest) and
 * is a line of its own at each, as is the delivery charge (net of any delivery discount). A rate's
 * VAT is its gross less its lines' nets, so the lines ex VAT, the VAT and the total ex VAT agree to
 * the penny; the VAT of a rate's summed gross can be a penny off that.
 */
export function vatPerLine<K>(
  goods: readonly VatLineGroup<K>[],
  goodsDiscountPence: number,
  delivery: Omit<VatLineGroup<K>, 'netPence'>,
): (VatLineGroup<K> & { vatPence: number })[] {
  const byRate = new Map<K, VatLineGroup<K>>();
  for (const line of goods) {
    const entry = byRate.get(line.rate) ?? { rate: line.rate, basisPoints: line.basisPoints, grossPence: 0, netPence: 0 };
    entry.grossPence += line.grossPence;
    entry.netPence += line.netPence;
    byRate.set(line.rate, entry);
  }
  const rates = [...byRate.values()].filter((entry) => entry.grossPence > 0);
  const goodsPence = rates.reduce((sum, entry) => sum + entry.grossPence, 0);
  let discountLeft = goodsDiscountPence;
  rates.forEach((entry, index) => {
    const share = index === rates.length - 1 ? discountLeft : Math.round((goodsDiscountPence * entry.grossPence) / goodsPence);
    entry.grossPence -= share;
    entry.netPence -= share - vatInPence(share, entry.basisPoints);
    discountLeft -= share;
  });
  if (delivery.grossPence > 0) {
    const entry = byRate.get(delivery.rate) ?? { rate: delivery.rate, basisPoints: delivery.basisPoints, grossPence: 0, netPence: 0 };
    entry.grossPence += delivery.grossPence;
    entry.netPence += lineTotalExVatOf(delivery.grossPence, 1, delivery.basisPoints);
    byRate.set(delivery.rate, entry);
  }
  return [...byRate.values()].filter((entry) => entry.grossPence > 0).map((entry) => ({ ...entry, vatPence: entry.grossPence - entry.netPence }));
}
