import { describe, expect, it } from 'vitest';
import { listingKey } from './listing-key.ts';
import type { ListingInput } from './listing-facets.ts';

describe('listingKey', () => {
  const base: ListingInput = { pageNumber: 1, size: 24, sort: 1, facets: {} };
  it('is the same however the facets and options were ordered, and ignores empty selections', () => {
    expect(listingKey({ ...base, facets: { finish: ['chrome', 'black'], brand: ['porthmoor'] } })).toBe(
      listingKey({ ...base, facets: { brand: ['porthmoor'], width_mm: [], finish: ['black', 'chrome'] } }),
    );
  });
  it('tells apart pages, sizes, sorts, price bounds and selections', () => {
    const inputs: ListingInput[] = [
      base,
      { ...base, pageNumber: 2 },
      { ...base, size: 48 },
      { ...base, sort: 4 },
      { ...base, price: { gte: 1000 } },
      { ...base, price: { lte: 1000 } },
      { ...base, facets: { finish: ['chrome'] } },
      { ...base, facets: { brand: ['chrome'] } },
    ];
    const keys = inputs.map((input) => listingKey(input));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('listingKey with the index’s prices', () => {
  const base: ListingInput = { pageNumber: 1, size: 24, sort: 1, facets: {} };
  // Rows priced 500, 1000, 1000 and 2500 pence; sort 2 lists them cheapest first.
  const index = { prices: Int32Array.from([1000, 500, 2500, 1000]), sortRows: { 2: Int32Array.from([1, 0, 3, 2]) } };
  const key = (price: ListingInput['price']) => listingKey({ ...base, price }, index);

  it('treats a bound that admits every product as no bound', () => {
    expect(key({ gte: 0, lte: 100_000_000 })).toBe(key(undefined));
    expect(key({ gte: 500 })).toBe(key(undefined));
    expect(key({ lte: 2500 })).toBe(key(undefined));
  });

  it('moves bounds to the prices products have, so made-up variations are one query', () => {
    expect(key({ lte: 100_000_001 })).toBe(key({ lte: 100_000_002 }));
    expect(key({ gte: 501 })).toBe(key({ gte: 1000 }));
    expect(key({ lte: 2499 })).toBe(key({ lte: 1000 }));
    expect(key({ gte: 600, lte: 1200 })).toBe(key({ gte: 1000, lte: 1000 }));
  });

  it('still tells apart bounds that admit different products, and names an empty range once', () => {
    expect(new Set([key(undefined), key({ gte: 1000 }), key({ lte: 1000 }), key({ gte: 2500 }), key({ lte: 500 })]).size).toBe(5);
    expect(key({ gte: 3000 })).toBe('1|24|1|none|');
    expect(key({ gte: 1200, lte: 1300 })).toBe(key({ lte: 100 }));
  });
});
