import { describe, expect, it } from 'vitest';
import { buildListingIndex, refineListing, type ListingIndex, type ListingInput, type ListingProduct } from './listing-facets.ts';
import { moveInOrder, patchListingIndex } from './listing-patch.ts';

const BRANDS = ['Arden', 'Bristan', 'Calder'];
const nextDay = { classes: ['parcel'], needsStock: true };

/** 300 products with prices, discounts, stock and popularity spread so every order and facet has ties and gaps. */
const catalogue = (): ListingProduct[] =>
  Array.from({ length: 300 }, (_, n) => ({
    id: n + 1,
    categoryId: 1 + (n % 4),
    brandName: BRANDS[n % 3]!,
    priceIncVat: 1_000 + ((n * 7_919) % 90_000),
    discountPercentage: n % 4 === 0 ? 10 + (n % 3) * 5 : 0,
    ratingTenths: 30 + (n % 20),
    popularity: (n * 37) % 61,
    deliveryClass: n % 7 === 0 ? 'pallet' : 'parcel',
    stockStatus: n % 5 === 0 ? 'out_of_stock' : 'in_stock',
    badges: n % 6 === 0 ? ['new'] : [],
    facets: [['finish', n % 2 ? 'Chrome' : 'Matt Black']],
  }));

const input = (overrides: Partial<ListingInput>): ListingInput => ({ pageNumber: 1, size: 40, sort: 1, facets: {}, ...overrides });
const finish = [{ identifier: 'finish', displayName: 'Finish' }];
/** What shoppers see of an index: every order's first pages and every facet's counts, filtered and not. */
function answers(index: ListingIndex) {
  const rows = Int32Array.from({ length: index.size }, (_, row) => row);
  const asked: ListingInput[] = [
    ...([1, 2, 3, 4] as const).flatMap((sort) => [input({ sort }), input({ sort, pageNumber: 3 })]),
    input({ facets: { in_stock: ['yes'] }, sort: 2 }),
    input({ facets: { next_day_eligible: ['yes'], brand: ['arden'] }, sort: 3 }),
    input({ facets: { on_offer: ['yes'] }, sort: 4 }),
    input({ facets: { price: ['0-5000', '50000-100000'] }, price: { gte: 2_000 } }),
  ];
  return { priceRange: index.priceRange, listings: asked.map((one) => refineListing(index, rows, finish, one)) };
}

describe('patching a price or stock change into the listing index', () => {
  it('answers every order, filter and count as an index built from the changed products does', async () => {
    const products = catalogue();
    const index = await buildListingIndex(products, nextDay);
    const changed = products.map((product) => ({ ...product, facets: [...product.facets] }));
    // Dearer, cheaper, the dearest and cheapest of all, a new discount, stock gone and come back, a finish not seen before.
    const edits: [number, Partial<ListingProduct>][] = [
      [3, { priceIncVat: 95_000 }],
      [10, { priceIncVat: 500, discountPercentage: 0 }],
      [11, { discountPercentage: 40 }],
      [15, { stockStatus: 'in_stock' }],
      [16, { stockStatus: 'out_of_stock' }],
      [150, { priceIncVat: 250_000, stockStatus: 'out_of_stock', facets: [['finish', 'Brushed Brass']] }],
      [299, { priceIncVat: 100, popularity: 60 }],
    ];
    for (const [at, edit] of edits) Object.assign(changed[at]!, edit);
    const patched = patchListingIndex(
      index,
      edits.map(([at]) => changed[at]!),
      nextDay,
    );
    expect(patched).not.toBeNull();
    const rebuilt = await buildListingIndex(changed, nextDay);
    expect(answers(patched!)).toEqual(answers(rebuilt));
    for (const sort of [1, 2, 3, 4] as const) {
      expect(Array.from(patched!.sortRows[sort])).toEqual(Array.from(rebuilt.sortRows[sort]));
      expect(Array.from(patched!.sortRank[sort])).toEqual(Array.from(rebuilt.sortRank[sort]));
    }
  });

  it('leaves the index it came from answering as before where it keeps its own arrays (new facet options)', async () => {
    const products = catalogue();
    const index = await buildListingIndex(products, nextDay);
    const options = index.facetOptions[index.facetNumbers.get('finish')!]!.identifiers.length;
    const patched = patchListingIndex(index, [{ ...products[5]!, facets: [['finish', 'Gunmetal']] }], nextDay)!;
    expect(index.facetOptions[index.facetNumbers.get('finish')!]!.identifiers).toHaveLength(options);
    expect(patched.facetOptions[patched.facetNumbers.get('finish')!]!.identifiers).toContain('gunmetal');
    expect(patched).not.toBe(index);
  });

  it('declines what a rebuild must do: a product it does not hold, one moved to another category, one newly badged new', async () => {
    const products = catalogue();
    const index = await buildListingIndex(products, nextDay);
    expect(patchListingIndex(index, [{ ...products[0]!, id: 9_999 }], nextDay)).toBeNull();
    expect(patchListingIndex(index, [{ ...products[1]!, categoryId: 99 }], nextDay)).toBeNull();
    expect(patchListingIndex(index, [{ ...products[1]!, badges: ['new'] }], nextDay)).toBeNull();
  });
});

describe('moving a row to its place in an order', () => {
  it('keeps the order sorted and the rank its inverse, moving either way or not at all', () => {
    const keys = [5, 1, 9, 3, 7, 3, 8];
    const before = (a: number, b: number) => keys[a]! - keys[b]! || a - b;
    const sorted = () => Int32Array.from(keys.keys()).toSorted(before);
    for (const [row, key] of [
      [2, 0],
      [1, 10],
      [3, 3],
      [6, 6],
    ] as const) {
      const rows = sorted();
      const rank = new Int32Array(rows.length);
      rows.forEach((r, position) => (rank[r] = position));
      const was = keys[row]!;
      keys[row] = key;
      moveInOrder(rows, rank, row, before);
      expect(Array.from(rows)).toEqual(Array.from(sorted()));
      rows.forEach((r, position) => expect(rank[r]).toBe(position));
      keys[row] = was;
    }
  });
});
