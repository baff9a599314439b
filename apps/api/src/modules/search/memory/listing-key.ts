import type { ListingIndex, ListingInput } from './listing-facets.ts';

/** What listingKey needs of the index: each row's price, and the rows in price order (sort 2). */
export type PricedRows = Pick<ListingIndex, 'prices'> & { sortRows: Pick<ListingIndex['sortRows'], 2> };

/**
 * The same listing request however it was written: facets and their options sorted, and price
 * bounds moved to the prices products actually have. A bound that admits every product is no bound,
 * and `lte: 100000001` is `lte: 100000002`, so a flood of made-up bounds finds the answers already
 * kept instead of filling the cache with copies of them.
 */
export function listingKey(input: ListingInput, index?: PricedRows): string {
  const facets = Object.keys(input.facets)
    .filter((identifier) => input.facets[identifier]!.length > 0)
    .toSorted()
    .map((identifier) => `${identifier}=${input.facets[identifier]!.toSorted().join(',')}`);
  const price = index ? priceKey(input.price, index) : `${input.price?.gte ?? ''}-${input.price?.lte ?? ''}`;
  return `${input.pageNumber}|${input.size}|${input.sort}|${price}|${facets.join('&')}`;
}

/** The bounds as the first and last price-order positions they admit ('none' when they admit no product). */
function priceKey(price: ListingInput['price'], { prices, sortRows }: PricedRows): string {
  const order = sortRows[2];
  if (order.length === 0) return '';
  const priceAt = (position: number) => prices[order[position]!]!;
  // The first position whose price is at least `floor` (order.length when there is none).
  const firstAtLeast = (floor: number) => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (priceAt(middle) < floor) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const from = price?.gte === undefined ? 0 : firstAtLeast(price.gte);
  const to = price?.lte === undefined ? order.length - 1 : firstAtLeast(price.lte + 1) - 1;
  if (from > to) return 'none';
  // Positions name prices exactly: the first and last product at those prices.
  return `${from === 0 ? '' : priceAt(from)}-${to === order.length - 1 ? '' : priceAt(to)}`;
}
