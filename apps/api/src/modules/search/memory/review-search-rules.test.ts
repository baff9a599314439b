import { describe, expect, it } from 'vitest';
import { facetsOf, matchedOf, passes, totalOf, type CountGroup } from './review-search-rules.ts';

const groups: CountGroup[] = [
  { rating: 5, status: 'published', source: 'VerifiedOrder', count: 40 },
  { rating: 5, status: 'published', source: 'Website', count: 25 },
  { rating: 4, status: 'pending', source: 'Website', count: 6 },
  { rating: 2, status: 'pending', source: 'VerifiedOrder', count: 3 },
  { rating: 1, status: 'rejected', source: 'Website', count: 2 },
];

describe('a search’s counts from its groups', () => {
  it('total what passes every filter', () => {
    expect(matchedOf(groups)).toBe(76);
    expect(totalOf(groups, {})).toBe(76);
    expect(totalOf(groups, { status: 'pending' })).toBe(9);
    expect(totalOf(groups, { status: 'pending', verifiedOnly: true })).toBe(3);
    expect(totalOf(groups, { ratingFrom: 2, ratingTo: 4 })).toBe(9);
    expect(totalOf(groups, { ratingFrom: 5, source: 'Website' })).toBe(25);
    expect(totalOf(groups, { source: 'Website', verifiedOnly: true })).toBe(0);
  });

  it('leave out only the facet’s own filter', () => {
    const filters = { status: 'pending', ratingFrom: 2, verifiedOnly: true } as const;
    expect(passes(groups[0]!, filters)).toBe(false);
    expect(passes(groups[0]!, filters, 'status')).toBe(true);
    expect(passes(groups[2]!, filters, 'status')).toBe(false);
    expect(passes(groups[2]!, filters, 'verified')).toBe(true);
    const facets = facetsOf(groups, filters);
    // By status, whatever status was asked for: 5★ verified published, 2★ verified pending.
    expect(facets.status).toEqual([
      { value: 'pending', count: 3 },
      { value: 'published', count: 40 },
      { value: 'rejected', count: 0 },
    ]);
    // By rating, whatever ratings were asked for: verified pending ones.
    expect(facets.rating).toEqual([
      { value: '5', count: 0 },
      { value: '4', count: 0 },
      { value: '3', count: 0 },
      { value: '2', count: 3 },
      { value: '1', count: 0 },
    ]);
    // Verified or not, of pending ones from 2 stars.
    expect(facets.verified).toEqual([
      { value: 'true', count: 3 },
      { value: 'false', count: 6 },
    ]);
    // By source: the verified filter still applies, so only verified orders count.
    expect(facets.source).toEqual([
      { value: 'Website', count: 0 },
      { value: 'VerifiedOrder', count: 3 },
    ]);
  });

  it('list every value with zeros when nothing matched', () => {
    const facets = facetsOf([], { status: 'published' });
    expect(facets.rating.map((entry) => entry.value)).toEqual(['5', '4', '3', '2', '1']);
    expect(facets.status.map((entry) => entry.value)).toEqual(['pending', 'published', 'rejected']);
    expect(Object.values(facets).every((facet) => facet.every((entry) => entry.count === 0))).toBe(true);
  });
});
