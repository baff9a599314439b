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
    const keys = inputs.map(listingKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
