import { fillRow, type ListingIndex, type ListingProduct, type NextDayRate } from './listing-facets.ts';
import { facetNumbering, optionBases, ORDERS, PAIR_SLACK } from './listing-patch.ts';

/**
 * New products patched into a listing index instead of a rebuild (decision 0138): a range import
 * commits 200 new products at a time, and a rebuild for each batch held the storefront's loop for
 * a second or more at tens of thousands of products.
 *
 * A new product's id is larger than every id in the index (ids come from a sequence), so its row
 * goes after the last and the rows stay in id order, as a build leaves them. Each column grows into
 * room kept past its end (a view over a larger buffer, so `length` is still the row count and every
 * reader is unchanged); the room is made once, with slack, so the next batches allocate nothing.
 * The new rows are merged into each of the four sort orders in one pass from the end. As with a
 * price patch (listing-patch.ts), the old index must not be used after. Null when a product cannot
 * be appended (an id at or below the last): the caller rebuilds.
 */
export function appendListingRows(index: ListingIndex, added: readonly ListingProduct[], nextDay: NextDayRate): ListingIndex | null {
  const from = index.size;
  const lastId = from === 0 ? 0 : index.ids[from - 1]!;
  const products = added.toSorted((a, b) => a.id - b.id);
  for (const [k, product] of products.entries()) if (product.id <= (k === 0 ? lastId : products[k - 1]!.id)) return null;
  const size = from + products.length;
  const ids = grown(index.ids, size);
  const categoryIds = grown(index.categoryIds, size);
  const prices = grown(index.prices, size);
  const discounts = grown(index.discounts, size);
  const popularity = grown(index.popularity, size);
  const newFlags = grown(index.newFlags, size);
  const priceBand = grown(index.priceBand, size);
  let { min, max } = index.priceRange;
  if (from === 0) min = Number.MAX_SAFE_INTEGER;
  const rowColumns = { ids, categoryIds, prices, discounts, popularity, newFlags, priceBand };
  for (const [k, product] of products.entries()) {
    const row = from + k;
    fillRow(rowColumns, row, product);
    // Rows past the old index's size: the old index never reads them.
    index.rowOfId.set(product.id, row);
    min = Math.min(min, product.priceIncVat);
    max = Math.max(max, product.priceIncVat);
  }

  // The new rows' facet pairs go after the last row's, in the room past them (which no index reads).
  const numbering = facetNumbering(index);
  const pairs = products.map((product) => numbering.pairsOf(product, nextDay));
  const { facetNumbers, facetOptions } = numbering.finish();
  const pairStart = grown(index.pairStart, size + 1);
  const end = index.pairStart[from]!;
  const total = end + pairs.reduce((sum, pair) => sum + pair.facets.length, 0);
  const roomy = index.facetOf.length >= total && index.optionOf.length >= total;
  const facetOf = roomy ? index.facetOf : withRoom(index.facetOf, end, total + PAIR_SLACK);
  const optionOf = roomy ? index.optionOf : withRoom(index.optionOf, end, total + PAIR_SLACK);
  let at = end;
  for (const [k, pair] of pairs.entries()) {
    pairStart[from + k] = at;
    facetOf.set(pair.facets, at);
    optionOf.set(pair.options, at);
    at += pair.facets.length;
  }
  pairStart[size] = at;

  // Each order: the new rows sorted among themselves, then merged in from the end (the old rows stay in their order).
  const columns = { prices, discounts, popularity };
  const sortRows = {} as ListingIndex['sortRows'];
  const sortRank = {} as ListingIndex['sortRank'];
  const newRows = Array.from(products.keys(), (k) => from + k);
  for (const sort of [1, 2, 3, 4] as const) {
    const before = ORDERS[sort](columns);
    const order = grown(index.sortRows[sort], size);
    const rank = grown(index.sortRank[sort], size);
    const incoming = newRows.toSorted(before);
    let old = from - 1;
    let write = size - 1;
    for (let next = incoming.length - 1; next >= 0; write--) {
      if (old >= 0 && before(order[old]!, incoming[next]!) > 0) order[write] = order[old--]!;
      else order[write] = incoming[next--]!;
    }
    for (let position = write + 1; position < size; position++) rank[order[position]!] = position;
    sortRows[sort] = order;
    sortRank[sort] = rank;
  }

  const { optionBase, optionTotal } = optionBases(facetOptions);
  const { workSpace } = index;
  return {
    ...index,
    size,
    ids,
    categoryIds,
    prices,
    discounts,
    popularity,
    newFlags,
    priceBand,
    priceRange: { min: size === 0 ? 0 : min, max },
    facetNumbers,
    facetOptions,
    pairStart,
    facetOf,
    optionOf,
    optionBase,
    sortRows,
    sortRank,
    workSpace: {
      counts: optionTotal === workSpace.counts.length ? workSpace.counts : new Int32Array(optionTotal),
      matching: workSpace.matching.length >= size ? workSpace.matching : new Int32Array(withSlack(size)),
      ranks: workSpace.ranks.length >= size ? workSpace.ranks : new Int32Array(withSlack(size)),
    },
  };
}

type Column = Int32Array | Uint8Array | Int8Array;

/** Room for a few more batches after `size` rows: an eighth more, and at least 1,024. */
export const withSlack = (size: number) => size + Math.max(1024, size >>> 3);

/**
 * `column` as `size` long: a longer view of its own buffer when that has room (kept past its end
 * by an earlier growth), else a copy into a new buffer with slack.
 */
export function grown<T extends Column>(column: T, size: number): T {
  const Kind = column.constructor as { new (buffer: ArrayBufferLike, byteOffset: number, length: number): T; BYTES_PER_ELEMENT: number };
  const room = (column.buffer.byteLength - column.byteOffset) / Kind.BYTES_PER_ELEMENT;
  if (room >= size) return new Kind(column.buffer, column.byteOffset, size);
  const buffer = new ArrayBuffer(withSlack(size) * Kind.BYTES_PER_ELEMENT);
  const larger = new Kind(buffer, 0, size);
  larger.set(column);
  return larger;
}

/** The first `used` values of `column` in a new array `length` long. */
function withRoom(column: Int32Array, used: number, length: number): Int32Array {
  const larger = new Int32Array(length);
  larger.set(column.subarray(0, used));
  return larger;
}
