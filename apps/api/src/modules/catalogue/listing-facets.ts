import type { Facet } from '@shop/contracts';
import type { Candidate } from './catalogue.repository.ts';
import { CatalogueErrors } from './catalogue.errors.ts';

export interface FacetDefinition {
  identifier: string;
  displayName: string;
}

/** Price bands (pence inc VAT) offered as the range facet; `null` is open-ended. */
const PRICE_BANDS: [number, number | null][] = [
  [0, 5_000],
  [5_000, 10_000],
  [10_000, 25_000],
  [25_000, 50_000],
  [50_000, 100_000],
  [100_000, null],
];

const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB')}`;
export const optionIdentifier = (value: string) => value.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const yes = (flag: boolean): string[] => (flag ? ['Yes'] : []);
const STOCK_LABEL = (status: string | null) => (status === 'in_stock' || status === 'low_stock' ? ['Yes'] : []);
const DELIVERY_LABELS: Record<string, string> = { parcel: 'Parcel', large: 'Large item', pallet: 'Pallet', two_man_eligible: 'Two-person delivery' };

/** Facets every listing has (DOMAIN.md §8.1 "global facets"), with how to read each from a product. */
const GLOBAL_FACETS: (FacetDefinition & { values(candidate: Candidate): string[] })[] = [
  { identifier: 'brand', displayName: 'Brand', values: (c) => [c.brandName] },
  { identifier: 'in_stock', displayName: 'In stock', values: (c) => STOCK_LABEL(c.stockStatus) },
  { identifier: 'on_offer', displayName: 'On offer', values: (c) => yes(c.discountPercentage > 0) },
  { identifier: 'new', displayName: 'New', values: (c) => yes(c.badges.includes('new')) },
  { identifier: 'rating', displayName: 'Customer rating', values: (c) => (c.ratingTenths >= 40 ? ['4 stars and above'] : []) },
  { identifier: 'delivery_class', displayName: 'Delivery', values: (c) => [DELIVERY_LABELS[c.deliveryClass] ?? c.deliveryClass] },
];
/** Variant axes, present in any department whose products have them. */
const VARIANT_FACETS: FacetDefinition[] = [
  { identifier: 'width_mm', displayName: 'Width' },
  { identifier: 'finish', displayName: 'Finish' },
  { identifier: 'handing', displayName: 'Handing' },
];

export interface ListingInput {
  pageNumber: number;
  size: number;
  sort: 1 | 2 | 3 | 4;
  facets: Record<string, string[]>;
  price?: { gte?: number; lte?: number };
}

export interface ListingResult {
  ids: number[];
  total: number;
  facets: Facet[];
}

function parsePriceBand(identifier: string): [number, number | null] {
  const match = /^(\d{1,9})-(\d{0,9})$/.exec(identifier);
  if (!match) throw CatalogueErrors.badPriceRange(identifier);
  return [Number(match[1]), match[2] ? Number(match[2]) : null];
}
const inBand = (price: number, [gte, lte]: [number, number | null]) => price >= gte && (lte === null || price < lte);

const SORTS: Record<ListingInput['sort'], (a: Candidate, b: Candidate) => number> = {
  1: (a, b) => b.score - a.score || b.popularity - a.popularity || a.id - b.id,
  2: (a, b) => a.priceIncVat - b.priceIncVat || a.id - b.id,
  3: (a, b) => b.priceIncVat - a.priceIncVat || a.id - b.id,
  4: (a, b) => b.discountPercentage - a.discountPercentage || a.priceIncVat - b.priceIncVat || a.id - b.id,
};

/**
 * Filters, counts and sorts a listing's base set. Counts are disjunctive: each facet's options are
 * counted with every other facet's selection applied but not its own, so choosing one brand still
 * shows how many products the other brands have.
 */
export function refineListing(candidates: Candidate[], attributeFacets: FacetDefinition[], input: ListingInput): ListingResult {
  const definitions = [
    ...GLOBAL_FACETS,
    ...[...attributeFacets, ...VARIANT_FACETS].map((definition) => ({
      ...definition,
      values: (c: Candidate) => c.facets.filter(([facet]) => facet === definition.identifier).map(([, value]) => value),
    })),
  ];
  const known = ['price', ...definitions.map((definition) => definition.identifier)];
  for (const identifier of Object.keys(input.facets)) {
    if (!known.includes(identifier)) throw CatalogueErrors.unknownFacet(identifier, known);
  }
  const { gte = 0, lte = Number.MAX_SAFE_INTEGER } = input.price ?? {};
  const base = candidates.filter((c) => c.priceIncVat >= gte && c.priceIncVat <= lte);
  const selectedBands = (input.facets.price ?? []).map(parsePriceBand);
  const active = definitions.filter((definition) => (input.facets[definition.identifier]?.length ?? 0) > 0);

  // For each product, the selected facets it fails: none means it is listed.
  const fails = base.map((candidate) => {
    const failed: string[] = [];
    if (selectedBands.length && !selectedBands.some((band) => inBand(candidate.priceIncVat, band))) failed.push('price');
    for (const definition of active) {
      const selected = input.facets[definition.identifier] ?? [];
      if (!definition.values(candidate).some((value) => selected.includes(optionIdentifier(value)))) failed.push(definition.identifier);
    }
    return failed;
  });
  const passesExcept = (index: number, identifier: string) => {
    const failed = fails[index] ?? [];
    return failed.length === 0 || (failed.length === 1 && failed[0] === identifier);
  };

  const facets: Facet[] = [];
  const priceCounts = PRICE_BANDS.map((band) => base.filter((c, i) => passesExcept(i, 'price') && inBand(c.priceIncVat, band)).length);
  facets.push({
    identifier: 'price',
    displayName: 'Price',
    facetType: 'range',
    options: PRICE_BANDS.map(([from, to], index) => {
      const identifier = `${from}-${to ?? ''}`;
      return {
        identifier,
        displayValue: to === null ? `${pounds(from)} and over` : `${pounds(from)} to ${pounds(to)}`,
        productCount: priceCounts[index] ?? 0,
        selected: (input.facets.price ?? []).includes(identifier),
        value: { gte: from, lte: to },
      };
    }).filter((option) => option.productCount > 0 || option.selected),
  });
  for (const definition of definitions) {
    const counts = new Map<string, { displayValue: string; productCount: number }>();
    base.forEach((candidate, index) => {
      if (!passesExcept(index, definition.identifier)) return;
      for (const value of new Set(definition.values(candidate))) {
        const entry = counts.get(value) ?? { displayValue: value, productCount: 0 };
        entry.productCount++;
        counts.set(value, entry);
      }
    });
    const selected = input.facets[definition.identifier] ?? [];
    const options = [...counts.values()]
      .map((option) => ({ identifier: optionIdentifier(option.displayValue), ...option, selected: selected.includes(optionIdentifier(option.displayValue)) }))
      .toSorted((a, b) => a.displayValue.localeCompare(b.displayValue, 'en-GB', { numeric: true }));
    if (options.length) facets.push({ identifier: definition.identifier, displayName: definition.displayName, facetType: 'options', options });
  }

  const matching = base.filter((_, index) => (fails[index]?.length ?? 0) === 0).toSorted(SORTS[input.sort]);
  const from = (input.pageNumber - 1) * input.size;
  return { ids: matching.slice(from, from + input.size).map((c) => c.id), total: matching.length, facets };
}
