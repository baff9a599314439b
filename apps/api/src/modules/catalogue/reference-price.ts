/**
 * Which "was" price a sku may show, from its price history (docs/domain.md §1, after the CMA's
 * pricing-practices guidance under the DMCC Act 2024). Pure: the catalogue stores what this decides.
 */

/** One price a sku has had, and when; `effectiveUntil` is null for the price in force. */
export interface PriceStep {
  priceIncVat: number;
  priceExVat: number;
  effectiveFrom: Date;
  effectiveUntil: Date | null;
}

/** The higher price must have been charged this long, without a break, just before the reduction. */
export const REFERENCE_MIN_DAYS = 28;
const DAY_MS = 86_400_000;

export interface ReferencePrice {
  wasPriceIncVat: number;
  wasPriceExVat: number;
  /** When the comparison must come down: the reduction has then run as long as the higher price did. */
  shownUntil: Date;
}

/**
 * The "was" price `now`, or null. It is the price charged immediately before the price in force,
 * only when that price was higher, was charged for at least 28 consecutive days, and the reduction
 * has not yet run for as long as the higher price was charged. A later rise, a short-lived higher
 * price, a gap in the history, or a reduction that has become the normal price shows no "was".
 */
export function referencePrice(history: readonly PriceStep[], now: Date): ReferencePrice | null {
  const steps = history.filter((step) => step.effectiveFrom <= now).toSorted((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime());
  const current = steps.at(-1);
  const previous = steps.at(-2);
  if (!current || !previous || (current.effectiveUntil !== null && current.effectiveUntil <= now)) return null;
  // Only the price just before counts: a gap means the product was not on sale at it then.
  if (previous.effectiveUntil?.getTime() !== current.effectiveFrom.getTime()) return null;
  if (previous.priceIncVat <= current.priceIncVat) return null;
  const heldMs = previous.effectiveUntil.getTime() - previous.effectiveFrom.getTime();
  if (heldMs < REFERENCE_MIN_DAYS * DAY_MS) return null;
  const shownUntil = new Date(current.effectiveFrom.getTime() + heldMs);
  if (now >= shownUntil) return null;
  return { wasPriceIncVat: previous.priceIncVat, wasPriceExVat: previous.priceExVat, shownUntil };
}
