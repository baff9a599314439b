import { formatPenceShort, type TradeBand } from '@shop/contracts';

/** A band's discount for people: `1250` → `12.5%`. */
export const discountText = (basisPoints: number) => `${basisPoints / 100}%`;

/** What reaches a band by spend: "No minimum spend", or "£2,500 spend" (12 months, ex VAT). */
export const qualifiesText = (band: Pick<TradeBand, 'qualifyingSpendExVat'>) =>
  band.qualifyingSpendExVat === 0 ? 'No minimum spend' : `${formatPenceShort(band.qualifyingSpendExVat)} spend`;

/** "Silver (10% off)". */
export const bandLabel = (band: Pick<TradeBand, 'name' | 'discountBasisPoints'>) => `${band.name} (${discountText(band.discountBasisPoints)} off)`;

/** The bands lowest first, as the API lists them (sorted again so a page never depends on it). */
export const bandsInOrder = (bands: readonly TradeBand[]) =>
  bands.toSorted((a, b) => a.qualifyingSpendExVat - b.qualifyingSpendExVat || a.discountBasisPoints - b.discountBasisPoints);
