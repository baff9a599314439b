import { describe, expect, it } from 'vitest';
import { accountFilters, accountSearchBody, accountsHref, applicationFilters, applicationSearchBody, applicationsHref, hasFilters } from './staff-search.ts';

describe('staff searches in the address', () => {
  it('reads an application search, dropping what the API would refuse', () => {
    const filters = applicationFilters(new URLSearchParams('q=%20pipe%20&status=submitted&band=T2&from=2026-01-01&to=31/12/2026&sort=name-asc&page=3'));
    expect(filters).toEqual({ q: 'pipe', status: 'submitted', band: 'T2', from: '2026-01-01', to: undefined, sort: 'name-asc', page: 3 });
    expect(applicationFilters(new URLSearchParams('status=lost&sort=nonsense&page=-2'))).toEqual({
      q: undefined,
      status: undefined,
      band: undefined,
      from: undefined,
      to: undefined,
      sort: 'submitted-desc',
      page: 1,
    });
  });

  it('turns the filters into the spec’s search body', () => {
    const filters = applicationFilters(new URLSearchParams('q=pipe&status=more_info_required&band=T2&sort=submitted-asc&page=2'));
    expect(applicationSearchBody(filters)).toEqual({
      text: 'pipe',
      statuses: ['more_info_required'],
      bandCodes: ['T2'],
      submittedFrom: undefined,
      submittedTo: undefined,
      sortBy: 'submittedAt',
      sortDirection: 'asc',
      pageNumber: 2,
      pageSize: 20,
    });
    expect(accountSearchBody(accountFilters(new URLSearchParams('sort=band-desc&from=2026-02-01')))).toMatchObject({
      sortBy: 'band',
      sortDirection: 'desc',
      createdFrom: '2026-02-01',
    });
  });

  it('writes the address back with only what differs from the defaults', () => {
    expect(applicationsHref(applicationFilters(new URLSearchParams('')))).toBe('/staff/trade');
    expect(applicationsHref({ ...applicationFilters(new URLSearchParams('q=pipe')), page: 2, status: 'approved' })).toBe(
      '/staff/trade?q=pipe&status=approved&page=2',
    );
    expect(accountsHref({ ...accountFilters(new URLSearchParams('')), sort: 'name-asc' })).toBe('/staff/trade/accounts?sort=name-asc');
    expect(hasFilters(applicationFilters(new URLSearchParams('sort=name-asc')))).toBe(false);
    expect(hasFilters(applicationFilters(new URLSearchParams('band=T1')))).toBe(true);
  });
});
