import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldValue, hasFilters, inboxFilters, inboxHref, inboxQuery, specialPage } from './inbox.ts';

describe('the inbox filters in the address', () => {
  it('reads choices from the lists and keeps what was typed for the API to judge', () => {
    const filters = inboxFilters(new URLSearchParams('type=PRICE_MATCH&status=nope&reference=hc-7k&age=3&from=2026-11-01&sort=oldest&page=2'));
    expect(filters).toEqual({
      type: 'PRICE_MATCH',
      status: undefined,
      reference: 'hc-7k',
      age: '3',
      from: '2026-11-01',
      to: undefined,
      sort: 'oldest',
      page: 2,
    });
    expect(inboxQuery(filters)).toMatchObject({ type: 'PRICE_MATCH', reference: 'hc-7k', olderThanDays: '3', createdFrom: '2026-11-01', pageNumber: 2 });
    expect(hasFilters(filters)).toBe(true);
  });
  it('writes an address with the defaults left out', () => {
    expect(inboxHref(inboxFilters(new URLSearchParams('')))).toBe('/staff/help');
    expect(inboxHref({ ...inboxFilters(new URLSearchParams('status=closed')), page: 3 })).toBe('/staff/help?status=closed&page=3');
  });
});

describe('showing a request', () => {
  it('links the special types to their pages', () => {
    expect(specialPage('ACCOUNT_DELETION', 'HC-7K3P9Q')).toEqual({ label: 'Review the erasure', to: '/staff/help/HC-7K3P9Q/erasure' });
    expect(specialPage('UNWANTED_ITEMS', 'HC-7K3P9Q')).toEqual({ label: 'Manage this return', to: '/staff/help/HC-7K3P9Q/return' });
    expect(specialPage('GENERAL_ENQUIRY', 'HC-7K3P9Q')).toBeNull();
  });
  it('reads field names and values as words', () => {
    expect(fieldLabel('competitorStockNote')).toBe('Competitor stock note');
    expect(fieldValue(true)).toBe('Yes');
    expect(fieldValue(['a', 'b'])).toBe('a, b');
    expect(fieldValue({ line1: '1 High St', town: 'Leeds' })).toBe('Line1: 1 High St; Town: Leeds');
    expect(fieldValue(null)).toBe('—');
    // Choices read as the customer saw them, money in pounds.
    expect(fieldValue('product', 'topic')).toBe('A product');
    expect(fieldLabel('competitorPricePence')).toBe('Competitor price');
    expect(fieldValue(12999, 'competitorPricePence')).toBe('£129.99');
  });
});
