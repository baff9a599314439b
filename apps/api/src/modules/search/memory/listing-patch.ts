import { bandOf, facetValuesOf, optionIdentifier, type ListingIndex, type ListingInput, type ListingProduct, type NextDayRate } from './listing-facets.ts';

/**
 * A price or stock change patched into a listing index instead of a rebuild (decision 0080): the
 * changed products' prices, discounts and facet values are set in their rows, each is moved to its
 * new place in the four sort orders, and the facet pairs are copied once around the changed rows.
 * At 100,000 products a rebuild held the event loop for hundreds of milliseconds in all; a patch of
 * a few products takes well under one (bench/snapshot-rebuild.ts).
 *
 * The index's typed arrays are changed in place, synchronously, so no request sees half a patch;
 * the index returned is a new object (its facet pairs in what were the spare buffers), so what was
 * kept from the old one can be told apart. The old one must not be used after: its pair buffers are
 * the next patch's spare. A change a patch cannot make (a product gone or new, moved to another category,
 * newly badged "new") returns null: the caller rebuilds.
 */
export function patchListingIndex(index: ListingIndex, changed: readonly ListingProduct[], nextDay: NextDayRate): ListingIndex | null {
  const rows: number[] = [];
  for (const product of changed) {
    const row = index.rowOfId.get(product.id);
    if (row === undefined || index.categoryIds[row] !== product.categoryId) return null;
    if (index.newFlags[row] !== (product.badges.includes('new') ? 1 : 0)) return null;
    rows.push(row);
  }
  const numbering = facetNumbering(index);
  const pairsOfRow = new Map<number, { facets: number[]; options: number[] }>();
  for (const [k, product] of changed.entries()) pairsOfRow.set(rows[k]!, numbering.pairsOf(product, nextDay));
  const { facetNumbers, facetOptions } = numbering.finish();

  // Each changed row takes its new facts, then its new place in each order: the other rows are in
  // order by their own facts, so one search finds the place.
  const { prices, discounts, popularity, priceBand, sortRows, sortRank } = index;
  const oldPrices = rows.map((row) => prices[row]!);
  for (const [k, product] of changed.entries()) {
    const row = rows[k]!;
    prices[row] = product.priceIncVat;
    discounts[row] = product.discountPercentage;
    popularity[row] = product.popularity;
    priceBand[row] = bandOf(product.priceIncVat);
    for (const sort of [1, 2, 3, 4] as const) moveInOrder(sortRows[sort], sortRank[sort], row, ORDERS[sort](index));
  }

  const pairs = spliceFacetPairs(index, pairsOfRow);
  const { optionBase, optionTotal } = optionBases(facetOptions);
  // The lowest and highest price: looked for again only when a changed row had one of them.
  let { min, max } = index.priceRange;
  if (changed.some((product, k) => oldPrices[k] === min || oldPrices[k] === max)) {
    min = Number.MAX_SAFE_INTEGER;
    max = 0;
    for (let row = 0; row < index.size; row++) {
      if (prices[row]! < min) min = prices[row]!;
      if (prices[row]! > max) max = prices[row]!;
    }
  }
  for (const product of changed) {
    min = Math.min(min, product.priceIncVat);
    max = Math.max(max, product.priceIncVat);
  }
  const { workSpace } = index;
  return {
    ...index,
    priceRange: { min: index.size === 0 ? 0 : min, max },
    facetNumbers,
    facetOptions,
    ...pairs,
    optionBase,
    workSpace: optionTotal === workSpace.counts.length ? workSpace : { ...workSpace, counts: new Int32Array(optionTotal) },
  };
}

/**
 * Numbers a product's facet values as `index` does, adding any facet or option met for the first
 * time to copies (so the old index keeps its own); `finish` sorts the copied facets' options for display.
 */
export function facetNumbering(index: Pick<ListingIndex, 'facetNumbers' | 'facetOptions'>) {
  let facetNumbers = index.facetNumbers;
  const facetOptions = [...index.facetOptions];
  const copied = new Set<number>();
  const numberOf = (identifier: string, value: string): [number, number] => {
    let facet = facetNumbers.get(identifier);
    if (facet === undefined) {
      if (facetNumbers === index.facetNumbers) facetNumbers = new Map(facetNumbers);
      facet = facetOptions.length;
      facetNumbers.set(identifier, facet);
      facetOptions.push({ displayValues: [], identifiers: [], displayOrder: new Int32Array(0) });
      copied.add(facet);
    }
    let options = facetOptions[facet]!;
    let option = options.displayValues.indexOf(value);
    if (option === -1) {
      if (!copied.has(facet)) {
        facetOptions[facet] = options = {
          displayValues: [...options.displayValues],
          identifiers: [...options.identifiers],
          displayOrder: options.displayOrder,
        };
        copied.add(facet);
      }
      option = options.displayValues.length;
      options.displayValues.push(value);
      options.identifiers.push(optionIdentifier(value));
    }
    return [facet, option];
  };
  return {
    /** The product's facet pairs; a product counts once per option, however many of its skus share it (as the build does). */
    pairsOf(product: ListingProduct, nextDay: NextDayRate): { facets: number[]; options: number[] } {
      const seen = new Set<number>();
      const pairs = { facets: [] as number[], options: [] as number[] };
      for (const [identifier, value] of facetValuesOf(product, nextDay)) {
        const [facet, option] = numberOf(identifier, value);
        if (seen.has(facet * 65_536 + option)) continue;
        seen.add(facet * 65_536 + option);
        pairs.facets.push(facet);
        pairs.options.push(option);
      }
      return pairs;
    },
    finish() {
      for (const facet of copied) {
        const options = facetOptions[facet]!;
        options.displayOrder = Int32Array.from(options.displayValues.keys()).toSorted((a, b) =>
          options.displayValues[a]!.localeCompare(options.displayValues[b]!, 'en-GB', { numeric: true }),
        );
      }
      return { facetNumbers, facetOptions };
    },
  };
}

/** Where each facet's options start in the run of every facet's options end to end, and the run's length. */
export function optionBases(facetOptions: ListingIndex['facetOptions']): { optionBase: Int32Array; optionTotal: number } {
  const optionBase = new Int32Array(facetOptions.length);
  let optionTotal = 0;
  for (const [facet, options] of facetOptions.entries()) {
    optionBase[facet] = optionTotal;
    optionTotal += options.identifiers.length;
  }
  return { optionBase, optionTotal };
}

/** Before: negative when row `a` comes before row `b` in an order (ties fall to the row, which is id order, as the build's). */
export type Before = (a: number, b: number) => number;
export const ORDERS: Record<ListingInput['sort'], (index: Pick<ListingIndex, 'popularity' | 'prices' | 'discounts'>) => Before> = {
  1:
    ({ popularity }) =>
    (a, b) =>
      popularity[b]! - popularity[a]! || a - b,
  2:
    ({ prices }) =>
    (a, b) =>
      prices[a]! - prices[b]! || a - b,
  3:
    ({ prices }) =>
    (a, b) =>
      prices[b]! - prices[a]! || a - b,
  // Largest discount first, then the cheapest.
  4:
    ({ prices, discounts }) =>
    (a, b) =>
      discounts[b]! - discounts[a]! || prices[a]! - prices[b]! || a - b,
};

/** Moves `row` to its place in `rows` (every other row in order), keeping `rank` its inverse. */
export function moveInOrder(rows: Int32Array, rank: Int32Array, row: number, before: Before): void {
  const from = rank[row]!;
  // The other rows, without `row`: position i is rows[i] below `from`, rows[i + 1] from it on.
  const other = (i: number) => rows[i < from ? i : i + 1]!;
  let low = 0;
  let high = rows.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(other(middle), row) < 0) low = middle + 1;
    else high = middle;
  }
  const to = low;
  if (to < from) rows.copyWithin(to + 1, to, from);
  else if (to > from) rows.copyWithin(from, from + 1, to + 1);
  rows[to] = row;
  for (let position = Math.min(from, to); position <= Math.max(from, to); position++) rank[rows[position]!] = position;
}

/** Pairs of room left in the facet pairs' buffers, so that a product gaining a facet value (back in stock) needs no new buffer. */
export const PAIR_SLACK = 4096;

/**
 * The facet pairs with `replaced` rows' pairs swapped for theirs, written into the index's spare
 * buffers (the runs between changed rows copied whole), which become the pairs; the old pairs
 * become the spare. Nothing is allocated unless the pairs outgrow the spare's room.
 */
function spliceFacetPairs(
  index: Pick<ListingIndex, 'size' | 'pairStart' | 'facetOf' | 'optionOf' | 'pairSpare'>,
  replaced: Map<number, { facets: number[]; options: number[] }>,
): Pick<ListingIndex, 'pairStart' | 'facetOf' | 'optionOf' | 'pairSpare'> {
  const { size, pairStart } = index;
  let total = pairStart[size]!;
  for (const [row, pairs] of replaced) total += pairs.facets.length - (pairStart[row + 1]! - pairStart[row]!);
  const spare = index.pairSpare;
  const roomy = spare && spare.facetOf.length >= total;
  const facetOf = roomy ? spare.facetOf : new Int32Array(total + PAIR_SLACK);
  const optionOf = roomy ? spare.optionOf : new Int32Array(total + PAIR_SLACK);
  // Rows added since the spare was made leave its starts too short.
  const starts = spare && spare.pairStart.length >= size + 1 ? spare.pairStart : new Int32Array(size + 1);
  const changedRows = [...replaced.keys()].toSorted((a, b) => a - b);
  let at = 0;
  let row = 0;
  const copyRun = (until: number) => {
    // Rows row..until-1 unchanged: their pairs move by the same shift.
    const shift = at - pairStart[row]!;
    facetOf.set(index.facetOf.subarray(pairStart[row]!, pairStart[until]!), at);
    optionOf.set(index.optionOf.subarray(pairStart[row]!, pairStart[until]!), at);
    for (let r = row; r < until; r++) starts[r] = pairStart[r]! + shift;
    at += pairStart[until]! - pairStart[row]!;
    row = until;
  };
  for (const changed of changedRows) {
    copyRun(changed);
    const pairs = replaced.get(changed)!;
    starts[changed] = at;
    facetOf.set(pairs.facets, at);
    optionOf.set(pairs.options, at);
    at += pairs.facets.length;
    row = changed + 1;
  }
  copyRun(size);
  starts[size] = at;
  return { pairStart: starts, facetOf, optionOf, pairSpare: { pairStart, facetOf: index.facetOf, optionOf: index.optionOf } };
}
