import { yieldToRequests } from './build-slices.ts';
import { formatPenceShort, slugify, type Facet } from '@shop/contracts';
import { SearchErrors } from '../search.errors.ts';

export interface FacetDefinition {
  identifier: string;
  displayName: string;
}

/** What faceting, filtering and sorting need of each product, as loaded from the database. */
export interface ListingProduct {
  id: number;
  categoryId: number;
  brandName: string;
  priceIncVat: number;
  discountPercentage: number;
  ratingTenths: number;
  popularity: number;
  deliveryClass: string;
  stockStatus: string | null;
  badges: string[];
  /** Attribute and variant facet values: `[facet identifier, display value]`. */
  facets: [string, string][];
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

export const optionIdentifier = slugify;

/** The delivery module's next-working-day rate (its `RATES.next_day`), as far as listings need it. */
export interface NextDayRate {
  classes: readonly string[];
  needsStock?: boolean;
}

const yes = (flag: boolean): string[] => (flag ? ['Yes'] : []);
const onShelf = (status: string | null) => status === 'in_stock' || status === 'low_stock';

/** Next working day can reach a product (mainland GB): its delivery class goes next day, and it is on the shelf if the rate needs that. */
export const nextDayEligible = (rate: NextDayRate, product: Pick<ListingProduct, 'deliveryClass' | 'stockStatus'>): boolean =>
  rate.classes.includes(product.deliveryClass) && (!rate.needsStock || onShelf(product.stockStatus));

export const DELIVERY_LABELS: Record<string, string> = { parcel: 'Parcel', large: 'Large item', pallet: 'Pallet', two_man_eligible: 'Two-person delivery' };

/** Facets every listing has (docs/domain.md §2, "Facets"), with how to read each from a product. */
const GLOBAL_FACETS: (FacetDefinition & { values(product: ListingProduct, nextDay: NextDayRate): string[] })[] = [
  { identifier: 'brand', displayName: 'Brand', values: (p) => [p.brandName] },
  { identifier: 'in_stock', displayName: 'In stock', values: (p) => yes(onShelf(p.stockStatus)) },
  { identifier: 'next_day_eligible', displayName: 'Next-day delivery', values: (p, nextDay) => yes(nextDayEligible(nextDay, p)) },
  { identifier: 'on_offer', displayName: 'On offer', values: (p) => yes(p.discountPercentage > 0) },
  { identifier: 'new', displayName: 'New', values: (p) => yes(p.badges.includes('new')) },
  { identifier: 'rating', displayName: 'Customer rating', values: (p) => (p.ratingTenths >= 40 ? ['4 stars and above'] : []) },
  { identifier: 'delivery_class', displayName: 'Delivery', values: (p) => [DELIVERY_LABELS[p.deliveryClass] ?? p.deliveryClass] },
];
/** A product's facet values, `[facet identifier, display value]`: every listing's facets, then its attributes and variants. */
export function* facetValuesOf(product: ListingProduct, nextDay: NextDayRate): Generator<[string, string]> {
  for (const definition of GLOBAL_FACETS) for (const value of definition.values(product, nextDay)) yield [definition.identifier, value];
  yield* product.facets;
}

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

/** One facet's options across the whole index, in display order (`rank`). */
interface FacetOptions {
  displayValues: string[];
  identifiers: string[];
  /** Option numbers sorted by display value, as a listing shows them. */
  displayOrder: Int32Array;
}

/**
 * Every product's listing facts in columns, so one request filters, counts and sorts a base set of
 * thousands of products in a few milliseconds. Facet values are numbered once here; a product's
 * values are the pairs `facetOf[k], optionOf[k]` for k from `pairStart[row]` to `pairStart[row + 1]`.
 */
export interface ListingIndex {
  size: number;
  ids: Int32Array;
  categoryIds: Int32Array;
  prices: Int32Array;
  /** Each row's discount (percent), for the "on offer" order. */
  discounts: Int32Array;
  /** The lowest and highest price in the index (0 for an empty one): a bound outside them filters nothing. */
  priceRange: { min: number; max: number };
  newFlags: Uint8Array;
  rowOfId: Map<number, number>;
  facetNumbers: Map<string, number>;
  facetOptions: FacetOptions[];
  pairStart: Int32Array;
  facetOf: Int32Array;
  optionOf: Int32Array;
  /** Where each facet's options start in a run of every facet's options end to end (`workSpace.counts`). */
  optionBase: Int32Array;
  priceBand: Int8Array;
  /** Per sort option, each row's position in that order over the whole catalogue. */
  sortRank: Record<ListingInput['sort'], Int32Array>;
  /** Per sort option, the rows in that order (the inverse of `sortRank`). */
  sortRows: Record<ListingInput['sort'], Int32Array>;
  popularity: Int32Array;
  /**
   * Room for one refinement's counts and matches, which every refinement reuses: refining runs to
   * the end without giving way, so two never share it.
   */
  workSpace: { counts: Int32Array; matching: Int32Array; ranks: Int32Array };
  /**
   * The facet pairs' other buffers, which a patch writes the next pairs into and swaps with these
   * (listing-patch.ts): patching a product a second allocates nothing. `facetOf` and `optionOf` may
   * be longer than the pairs they hold (`pairStart[size]`).
   */
  pairSpare?: { pairStart: Int32Array; facetOf: Int32Array; optionOf: Int32Array };
}

export const bandOf = (price: number) => PRICE_BANDS.findIndex((band) => inBand(price, band));
/** Rows a sort key leaves room for (2^21): with keys below 2^31, key and row fit a double exactly. */
const ROW_SLOTS = 2_097_152;
/** Products indexed between two yields to waiting requests (a few milliseconds' work). */
const BUILD_SLICE = 2000;

/** A product's row in the index's columns, as a build and an append (listing-append.ts) both fill it. */
export function fillRow(
  columns: Pick<ListingIndex, 'ids' | 'categoryIds' | 'prices' | 'discounts' | 'popularity' | 'newFlags' | 'priceBand'>,
  row: number,
  product: ListingProduct,
): void {
  columns.ids[row] = product.id;
  columns.categoryIds[row] = product.categoryId;
  columns.prices[row] = product.priceIncVat;
  columns.discounts[row] = product.discountPercentage;
  columns.popularity[row] = product.popularity;
  columns.newFlags[row] = product.badges.includes('new') ? 1 : 0;
  columns.priceBand[row] = bandOf(product.priceIncVat);
}

/** Builds the index of `products` (in id order), yielding now and then so requests keep flowing. */
export async function buildListingIndex(products: ListingProduct[], nextDay: NextDayRate): Promise<ListingIndex> {
  const size = products.length;
  const ids = new Int32Array(size);
  const categoryIds = new Int32Array(size);
  const prices = new Int32Array(size);
  const discounts = new Int32Array(size);
  const popularity = new Int32Array(size);
  const newFlags = new Uint8Array(size);
  const priceBand = new Int8Array(size);
  const rowOfId = new Map<number, number>();
  const facetNumbers = new Map<string, number>();
  const optionNumbers: Map<string, number>[] = [];
  const facetOptions: FacetOptions[] = [];
  const pairStart = new Int32Array(size + 1);
  const facetOf: number[] = [];
  const optionOf: number[] = [];
  const facetNumber = (identifier: string) => {
    let number = facetNumbers.get(identifier);
    if (number === undefined) {
      number = facetOptions.length;
      facetNumbers.set(identifier, number);
      facetOptions.push({ displayValues: [], identifiers: [], displayOrder: new Int32Array(0) });
      optionNumbers.push(new Map());
    }
    return number;
  };
  const addPair = (identifier: string, value: string, seen: Set<number>) => {
    const facet = facetNumber(identifier);
    const options = optionNumbers[facet]!;
    let option = options.get(value);
    if (option === undefined) {
      option = options.size;
      options.set(value, option);
      facetOptions[facet]!.displayValues.push(value);
      facetOptions[facet]!.identifiers.push(optionIdentifier(value));
    }
    // A product counts once per option, however many of its skus share it.
    const key = facet * 65_536 + option;
    if (seen.has(key)) return;
    seen.add(key);
    facetOf.push(facet);
    optionOf.push(option);
  };
  const rowColumns = { ids, categoryIds, prices, discounts, popularity, newFlags, priceBand };
  for (const [row, product] of products.entries()) {
    // A reload must not stall the requests being served meanwhile: give way every so often.
    if (row % BUILD_SLICE === BUILD_SLICE - 1) await yieldToRequests();
    fillRow(rowColumns, row, product);
    rowOfId.set(product.id, row);
    pairStart[row] = facetOf.length;
    const seen = new Set<number>();
    for (const [identifier, value] of facetValuesOf(product, nextDay)) addPair(identifier, value, seen);
  }
  pairStart[size] = facetOf.length;
  for (const options of facetOptions) {
    options.displayOrder = Int32Array.from(options.displayValues.keys()).toSorted((a, b) =>
      options.displayValues[a]!.localeCompare(options.displayValues[b]!, 'en-GB', { numeric: true }),
    );
  }
  // Each order sorts one number per row, natively (a comparator over 100k rows blocks for tens of
  // milliseconds): the sort key in the high digits, the row in the low ones, so ties fall to the
  // row, which is id order, as the listing contract expects.
  const sortRows = {} as ListingIndex['sortRows'];
  const sortRank = {} as ListingIndex['sortRank'];
  const orderBy = async (sort: ListingInput['sort'], key: (row: number) => number) => {
    await yieldToRequests();
    const keys = new Float64Array(size);
    for (let row = 0; row < size; row++) keys[row] = key(row) * ROW_SLOTS + row;
    keys.sort();
    const rows = new Int32Array(size);
    const rank = new Int32Array(size);
    for (let position = 0; position < size; position++) {
      const row = keys[position]! % ROW_SLOTS;
      rows[position] = row;
      rank[row] = position;
    }
    sortRows[sort] = rows;
    sortRank[sort] = rank;
  };
  if (size >= ROW_SLOTS) throw new Error(`The listing index holds at most ${ROW_SLOTS - 1} products`);
  const maxPrice = prices.reduce((max, price) => Math.max(max, price), 0);
  const maxPopularity = popularity.reduce((max, value) => Math.max(max, value), 0);
  await orderBy(1, (row) => maxPopularity - popularity[row]!);
  await orderBy(2, (row) => prices[row]!);
  await orderBy(3, (row) => maxPrice - prices[row]!);
  // Largest discount first, then the cheapest: discount and price-order position in one key.
  const priceRank = sortRank[2];
  await orderBy(4, (row) => (100 - discounts[row]!) * ROW_SLOTS + priceRank[row]!);
  const optionBase = new Int32Array(facetOptions.length);
  let optionTotal = 0;
  for (const [facet, options] of facetOptions.entries()) {
    optionBase[facet] = optionTotal;
    optionTotal += options.identifiers.length;
  }
  return {
    size,
    priceRange: { min: size === 0 ? 0 : prices.reduce((min, price) => Math.min(min, price)), max: maxPrice },
    ids,
    categoryIds,
    prices,
    discounts,
    newFlags,
    rowOfId,
    facetNumbers,
    facetOptions,
    pairStart,
    facetOf: Int32Array.from(facetOf),
    optionOf: Int32Array.from(optionOf),
    optionBase,
    priceBand,
    sortRank,
    sortRows,
    popularity,
    workSpace: { counts: new Int32Array(optionTotal), matching: new Int32Array(size), ranks: new Int32Array(size) },
  };
}

function parsePriceBand(identifier: string): [number, number | null] {
  const match = /^(\d{1,9})-(\d{0,9})$/.exec(identifier);
  if (!match) throw SearchErrors.badPriceRange(identifier);
  return [Number(match[1]), match[2] ? Number(match[2]) : null];
}
const inBand = (price: number, [gte, lte]: [number, number | null]) => price >= gte && (lte === null || price < lte);

/** A loop rather than `some`: a closure over each product's price would be garbage per product. */
function inAnyBand(price: number, bands: [number, number | null][]): boolean {
  for (let band = 0; band < bands.length; band++) if (inBand(price, bands[band]!)) return true;
  return false;
}

/** Each price band's option as a listing shows it, worked out once. */
const PRICE_OPTIONS = PRICE_BANDS.map(([from, to]) => ({
  identifier: `${from}-${to ?? ''}`,
  displayValue: to === null ? `${formatPenceShort(from)} and over` : `${formatPenceShort(from)} to ${formatPenceShort(to)}`,
  value: { gte: from, lte: to },
}));

/**
 * Filters, counts and sorts a listing's base set (`rows` of the index). Counts are disjunctive:
 * each facet's options are counted with every other facet's selection applied but not its own, so
 * choosing one brand still shows how many products the other brands have. `ranked` says the rows
 * come best first (search relevance): "recommended" then keeps their order.
 *
 * Counting and paging use the index's work space rather than arrays of their own: a search never
 * asked before is refined 300 times a second, and what each refinement allocated (arrays of
 * matches, scores and counts) was a quarter of a search's garbage.
 */
export function refineListing(
  index: ListingIndex,
  rows: ArrayLike<number>,
  attributeFacets: FacetDefinition[],
  input: ListingInput,
  ranked = false,
): ListingResult {
  const definitions = [...GLOBAL_FACETS, ...attributeFacets, ...VARIANT_FACETS];
  for (const identifier of Object.keys(input.facets)) {
    if (identifier !== 'price' && !definitions.some((definition) => definition.identifier === identifier)) {
      throw SearchErrors.unknownFacet(identifier, ['price', ...definitions.map((definition) => definition.identifier)]);
    }
  }
  const selectedBands = (input.facets.price ?? []).map(parsePriceBand);
  const { gte = 0, lte = Number.MAX_SAFE_INTEGER } = input.price ?? {};

  // Slot per definition (price is the last); which index facet each reads and what it selects.
  const priceSlot = definitions.length;
  const slotOfFacet = new Int32Array(index.facetOptions.length).fill(-1);
  const selectedOptions: (Uint8Array | null)[] = [];
  const activeSlots: number[] = selectedBands.length ? [priceSlot] : [];
  for (let slot = 0; slot < definitions.length; slot++) {
    const definition = definitions[slot]!;
    const facet = index.facetNumbers.get(definition.identifier);
    // A facet listed twice (a department facet that is also a variant axis) is filtered by its first slot.
    const repeated = facet !== undefined && slotOfFacet[facet] !== -1;
    if (facet !== undefined && !repeated) slotOfFacet[facet] = slot;
    const selected = input.facets[definition.identifier];
    if (!selected?.length || repeated) {
      selectedOptions.push(null);
      continue;
    }
    activeSlots.push(slot);
    const options = facet === undefined ? null : index.facetOptions[facet]!;
    selectedOptions.push(Uint8Array.from(options?.identifiers ?? [], (identifier) => (selected.includes(identifier) ? 1 : 0)));
  }

  // Option counts of every facet end to end (facet f's option o at optionBase[f] + o), and the
  // matching rows in base order: the index's work space, cleared for this call.
  const { counts, matching } = index.workSpace;
  counts.fill(0);
  let matched = 0;
  const priceCounts = new Int32Array(PRICE_BANDS.length);
  // passedAt[slot] === i + 1: product i satisfies that selected facet (no clearing between products).
  const passedAt = new Int32Array(priceSlot + 1);
  const { pairStart, facetOf, optionOf, optionBase, prices, priceBand } = index;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const price = prices[row]!;
    if (price < gte || price > lte) continue;
    const stamp = i + 1;
    if (inAnyBand(price, selectedBands)) passedAt[priceSlot] = stamp;
    if (activeSlots.length) {
      for (let k = pairStart[row]!; k < pairStart[row + 1]!; k++) {
        const slot = slotOfFacet[facetOf[k]!]!;
        if (slot >= 0 && selectedOptions[slot]?.[optionOf[k]!]) passedAt[slot] = stamp;
      }
    }
    let failures = 0;
    let failedSlot = -1;
    // Indexed loops in this one: it runs per product, and an iterator per product is garbage.
    for (let a = 0; a < activeSlots.length; a++) {
      if (passedAt[activeSlots[a]!] !== stamp) {
        failures++;
        failedSlot = activeSlots[a]!;
      }
    }
    if (failures === 0) {
      matching[matched++] = row;
      priceCounts[priceBand[row]!]!++;
      for (let k = pairStart[row]!; k < pairStart[row + 1]!; k++) {
        if (slotOfFacet[facetOf[k]!]! >= 0) counts[optionBase[facetOf[k]!]! + optionOf[k]!]!++;
      }
    } else if (failures === 1) {
      // Fails exactly one facet: it still counts towards that facet's other options.
      if (failedSlot === priceSlot) {
        priceCounts[priceBand[row]!]!++;
        continue;
      }
      for (let k = pairStart[row]!; k < pairStart[row + 1]!; k++) {
        if (slotOfFacet[facetOf[k]!] === failedSlot) counts[optionBase[facetOf[k]!]! + optionOf[k]!]!++;
      }
    }
  }

  const selectedBandIds = input.facets.price ?? [];
  const facets: Facet[] = [
    {
      identifier: 'price',
      displayName: 'Price',
      facetType: 'range',
      options: PRICE_OPTIONS.flatMap(({ identifier, displayValue, value }, band) => {
        const productCount = priceCounts[band]!;
        const selected = selectedBandIds.includes(identifier);
        return productCount > 0 || selected ? [{ identifier, displayValue, productCount, selected, value: { ...value } }] : [];
      }),
    },
  ];
  for (let slot = 0; slot < definitions.length; slot++) {
    const definition = definitions[slot]!;
    const facet = index.facetNumbers.get(definition.identifier);
    // A facet listed twice (a department facet that is also a variant axis) is shown once.
    if (facet === undefined || slotOfFacet[facet] !== slot) continue;
    const { displayValues, identifiers, displayOrder } = index.facetOptions[facet]!;
    const base = optionBase[facet]!;
    const selected = input.facets[definition.identifier] ?? [];
    const options = [];
    for (let position = 0; position < displayOrder.length; position++) {
      const option = displayOrder[position]!;
      const productCount = counts[base + option]!;
      const identifier = identifiers[option]!;
      // A chosen option stays listed even when nothing matches, so the panel can show it ticked and untick it.
      if (productCount === 0 && !selected.includes(identifier)) continue;
      options.push({ identifier, displayValue: displayValues[option]!, productCount, selected: selected.includes(identifier) });
    }
    if (options.length) facets.push({ identifier: definition.identifier, displayName: definition.displayName, facetType: 'options', options });
  }

  const from = (input.pageNumber - 1) * input.size;
  return { ids: pageOf(index, matched, input.sort, ranked, from, input.size), total: matched, facets };
}

/** The ids of one page of the first `matched` rows of the work space's matches, in the requested order. */
function pageOf(index: ListingIndex, matched: number, sort: ListingInput['sort'], ranked: boolean, from: number, size: number): number[] {
  if (from >= matched) return [];
  const { matching, ranks } = index.workSpace;
  const to = Math.min(matched, from + size);
  // Ranked rows are already best first.
  if (ranked && sort === 1) return Array.from(matching.subarray(from, to), (row) => index.ids[row]!);
  // Positions in the catalogue-wide order sort natively, far faster than a comparator.
  const rank = index.sortRank[sort];
  const rows = index.sortRows[sort];
  const positions = ranks.subarray(0, matched);
  for (let i = 0; i < matched; i++) positions[i] = rank[matching[i]!]!;
  positions.sort();
  return Array.from(positions.subarray(from, to), (position) => index.ids[rows[position]!]!);
}
