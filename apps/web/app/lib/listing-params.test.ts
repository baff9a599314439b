import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  hasFilters,
  listFiltered,
  LISTING_PAGE_SIZE,
  listingRequest,
  listingSearch,
  pageCount,
  parseListingParams,
  resultsSummary,
  toggleOption,
  withSort,
} from './listing-params.ts';

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe('parseListingParams', () => {
  it('reads repeated facet parameters as a multi-select, with sort and page', () => {
    expect(parse('finish=chrome&finish=matt-black&width_mm=600-mm&price=10000-25000&sort=4&page=2')).toEqual({
      page: 2,
      sort: 4,
      facets: { finish: ['chrome', 'matt-black'], width_mm: ['600-mm'], price: ['10000-25000'] },
    });
  });

  it('defaults to page 1, recommended and no filters', () => {
    expect(parse('')).toEqual({ page: 1, sort: 1, facets: {} });
  });

  it('clamps the page and ignores a sort it does not know', () => {
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-3').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=999999').page).toBe(10_000);
    expect(parse('sort=9').sort).toBe(1);
    expect(parse('sort=two').sort).toBe(1);
  });

  it('strips tracking ids, the search text, odd names, empty and duplicate values', () => {
    const state = parse('q=basin&utm_source=mail&gclid=x&Finish=chrome&finish[]=a&finish=&finish=chrome&finish=chrome');
    expect(state.facets).toEqual({ finish: ['chrome'] });
  });

  it('keeps well-formed facets the page does not know, so the API can say which it refuses', () => {
    expect(parse('colour=red').facets).toEqual({ colour: ['red'] });
  });

  it('trims option lists to what the API accepts', () => {
    const many = Array.from({ length: 60 }, (_, index) => `finish=f${index}`).join('&');
    expect(parse(many).facets.finish).toHaveLength(50);
    expect(parse(`finish=${'x'.repeat(201)}`).facets).toEqual({});
  });
});

describe('listingRequest', () => {
  it('asks for pages of 24 with the selected facets', () => {
    expect(listingRequest(parse('finish=chrome&page=3&sort=2'))).toEqual({
      pageNumber: 3,
      size: LISTING_PAGE_SIZE,
      sort: 2,
      facets: { finish: ['chrome'] },
    });
    expect(LISTING_PAGE_SIZE).toBe(24);
  });
});

describe('listingSearch', () => {
  it('round-trips a state as a canonical query, leaving out defaults', () => {
    const state = parse('width_mm=600-mm&finish=chrome&sort=4&page=2&utm_medium=x');
    expect(listingSearch(state)).toBe('?finish=chrome&width_mm=600-mm&sort=4&page=2');
    expect(parse(listingSearch(state).slice(1))).toEqual(state);
    expect(listingSearch(parse('sort=1&page=1'))).toBe('');
  });

  it('keeps the search text first', () => {
    expect(listingSearch(parse('finish=chrome'), 'basin tap')).toBe('?q=basin+tap&finish=chrome');
  });
});

describe('changing the state', () => {
  const state = parse('finish=chrome&page=4&sort=3');

  it('toggles an option on and off and goes back to page 1', () => {
    const added = toggleOption(state, 'finish', 'matt-black');
    expect(added.facets.finish).toEqual(['chrome', 'matt-black']);
    expect(added.page).toBe(1);
    const removed = toggleOption(state, 'finish', 'chrome');
    expect(removed.facets).toEqual({});
    expect(hasFilters(removed)).toBe(false);
    expect(hasFilters(state)).toBe(true);
  });

  it('clears every filter but keeps the sort', () => {
    expect(clearFilters(state)).toEqual({ page: 1, sort: 3, facets: {} });
  });

  it('starts again at page 1 on a new sort', () => {
    expect(withSort(state, 4)).toMatchObject({ page: 1, sort: 4 });
  });
});

describe('counting', () => {
  it('counts pages of 24, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(pageCount(312)).toBe(13);
  });

  it('says which products are shown', () => {
    expect(resultsSummary({ from: 0, total: 312 }, 24)).toBe('Showing 1–24 of 312 products');
    expect(resultsSummary({ from: 24, total: 45 }, 21)).toBe('Showing 25–45 of 45 products');
    expect(resultsSummary({ from: 0, total: 1 }, 1)).toBe('Showing 1–1 of 1 product');
    expect(resultsSummary({ from: 0, total: 0 }, 0)).toBeNull();
  });
});

describe('listFiltered', () => {
  it('names each chosen option and the sort by its label', () => {
    expect(listFiltered(parse('finish=chrome&finish=matt-black&sort=2&page=3'), 'Basins')).toEqual({
      category: 'Basins',
      filters: [
        { type: 'finish', value: 'chrome' },
        { type: 'finish', value: 'matt-black' },
      ],
      sorts: [{ type: 'sort', value: 'Price: low to high' }],
    });
  });

  it('sends a sort alone, and nothing for the listing as it first shows', () => {
    expect(listFiltered(parse('sort=4'), 'Taps')).toEqual({ category: 'Taps', filters: [], sorts: [{ type: 'sort', value: 'Largest discount' }] });
    expect(listFiltered(parse('page=2'), 'Taps')).toBeNull();
  });
});
