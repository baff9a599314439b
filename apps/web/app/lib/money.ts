// Money is integer pence everywhere (ARCHITECTURE.md); only display turns it into pounds.
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const gbpWhole = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `123456` → `£1,234.56`. */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new RangeError(`Price must be whole pence, got ${pence}`);
  return gbp.format(pence / 100);
}

/** Like formatPence, but drops `.00` for round amounts in headline copy: `49900` → `£499`. */
export function formatPenceShort(pence: number): string {
  return pence % 100 === 0 ? gbpWhole.format(pence / 100) : formatPence(pence);
}

/** What the shopper saves against a was-price, or null when there is no real saving. */
export function savingPence(pence: number, wasPence: number | null | undefined): number | null {
  if (wasPence === null || wasPence === undefined || wasPence <= pence) return null;
  return wasPence - pence;
}
