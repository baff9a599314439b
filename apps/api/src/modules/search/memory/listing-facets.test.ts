import { describe, expect, it } from 'vitest';
import { buildListingIndex, refineListing, type ListingInput, type ListingProduct } from './listing-facets.ts';

const BRANDS = ['Arden', 'Bristan', 'Calder'];
const FINISHES = ['Chrome', 'Brushed Brass', 'Matt Black'];

/** 60 products with brands, finishes, prices and popularity spread so every filter keeps some and drops some. */
const products: ListingProduct[] = Array.from({ length: 60 }, (_, n) => ({
  id: n + 1,
  categoryId: 1,
  brandName: BRANDS[n % 3]!,
  priceIncVat: 2_000 + ((n * 7_919) % 60_000),
  discountPercentage: n % 4 === 0 ? 10 : 0,
  ratingTenths: 30 + (n % 20),
  popularity: (n * 37) % 61,
  deliveryClass: 'parcel',
  stockStatus: n % 5 === 0 ? 'out_of_stock' : 'in_stock',
  badges: n % 6 === 0 ? ['new'] : [],
  facets: [['finish', FINISHES[Math.floor(n / 3) % 3]!]],
}));
const index = await buildListingIndex(products, { classes: ['parcel'] });
const finishFacet = [{ identifier: 'finish', displayName: 'Finish' }];
const listing = (input: Partial<ListingInput>, rows: ArrayLike<number> = Int32Array.from(products.keys()), ranked = false) =>
  refineListing(index, rows, finishFacet, { pageNumber: 1, size: 100, sort: 1, facets: {}, ...input }, ranked);

const countsOf = (result: ReturnType<typeof listing>, identifier: string) =>
  Object.fromEntries(result.facets.find((facet) => facet.identifier === identifier)?.options.map((option) => [option.displayValue, option.productCount]) ?? []);

describe('refining a listing', () => {
  it('counts each facet with the other facets chosen but not its own, as a product-by-product count does', () => {
    const result = listing({ facets: { brand: ['arden'], finish: ['chrome', 'matt-black'] }, price: { lte: 40_000 } });
    const affordable = products.filter((product) => product.priceIncVat <= 40_000);
    const finishOf = (product: ListingProduct) => product.facets[0]![1];
    const matching = affordable.filter((product) => product.brandName === 'Arden' && ['Chrome', 'Matt Black'].includes(finishOf(product)));
    expect(result.total).toBe(matching.length);
    expect(result.ids.toSorted((a, b) => a - b)).toEqual(matching.map((product) => product.id).slice(0, 100));
    // Brands are counted among the chosen finishes; finishes among Arden's products.
    const tally = (list: ListingProduct[], key: (product: ListingProduct) => string) => {
      const counts: Record<string, number> = {};
      for (const product of list) counts[key(product)] = (counts[key(product)] ?? 0) + 1;
      return counts;
    };
    expect(countsOf(result, 'brand')).toEqual(
      tally(
        affordable.filter((product) => ['Chrome', 'Matt Black'].includes(finishOf(product))),
        (product) => product.brandName,
      ),
    );
    expect(countsOf(result, 'finish')).toEqual(
      tally(
        affordable.filter((product) => product.brandName === 'Arden'),
        finishOf,
      ),
    );
  });

  it('gives the same answer however many refinements ran before it on the same index', () => {
    const first = listing({ facets: { brand: ['bristan'] }, sort: 2 });
    listing({ facets: { finish: ['chrome'], in_stock: ['yes'] }, sort: 3, pageNumber: 2, size: 5 });
    listing({ facets: { price: ['0-5000'] }, sort: 4 });
    listing({}, Int32Array.from([5, 4, 3]), true);
    expect(listing({ facets: { brand: ['bristan'] }, sort: 2 })).toEqual(first);
  });

  it('keeps ranked rows in the order given for "recommended", and pages through them', () => {
    const rows = Int32Array.from([40, 3, 17, 8, 29, 55]);
    expect(listing({ size: 4 }, rows, true).ids).toEqual([41, 4, 18, 9]);
    expect(listing({ size: 4, pageNumber: 2 }, rows, true).ids).toEqual([30, 56]);
    // Any other sort orders them by price, whatever the rank.
    const byPrice = [...rows].map((row) => products[row]!).toSorted((a, b) => a.priceIncVat - b.priceIncVat || a.id - b.id);
    expect(listing({ sort: 2 }, rows, true).ids).toEqual(byPrice.map((product) => product.id));
  });
});
