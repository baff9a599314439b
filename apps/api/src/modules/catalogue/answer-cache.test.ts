import { describe, expect, it } from 'vitest';
import { AnswerCache, listingKey } from './answer-cache.ts';
import type { ListingInput } from './listing-facets.ts';

describe('AnswerCache', () => {
  it('shares an answer while it is young, then loads again', async () => {
    const cache = new AnswerCache<{ n: number }>(10, 1000);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const first = await cache.get('a', 0, load);
    expect(await cache.get('a', 999, load)).toBe(first);
    expect(await cache.get('a', 1000, load)).toEqual({ n: 2 });
  });

  it('drops the least recently used beyond its limit', async () => {
    const cache = new AnswerCache<string>(2, Number.POSITIVE_INFINITY);
    let loads = 0;
    const load = (key: string) => async () => `${key}${++loads}`;
    await cache.get('a', 0, load('a'));
    await cache.get('b', 0, load('b'));
    await cache.get('a', 0, load('a')); // a is now the most recent
    await cache.get('c', 0, load('c')); // b goes
    expect(await cache.get('a', 0, load('a'))).toBe('a1');
    expect(await cache.get('b', 0, load('b'))).toBe('b4');
  });

  it('forgets a failed answer at once', async () => {
    const cache = new AnswerCache<string>(10, Number.POSITIVE_INFINITY);
    await expect(cache.get('a', 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', 0, async () => 'up')).toBe('up');
  });
});

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
