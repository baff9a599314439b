import { describe, expect, it } from 'vitest';
import { HTML_BUDGETS, judge } from './check-page-bytes.ts';

describe('the HTML budget of the shop’s first pages', () => {
  it('passes a page at its budget and fails one a byte over', () => {
    const { lines, over } = judge([
      { page: 'home', bytes: 100 * 1024, kb: 100 },
      { page: 'product', bytes: 60 * 1024 + 1, kb: 60 },
    ]);
    expect(over).toEqual(['product']);
    expect(lines).toEqual(['home       100.0 kB of 100 kB ok', 'product     60.0 kB of 60 kB OVER']);
  });

  it('weighs the home, a category, search results and a product page', () => {
    expect(HTML_BUDGETS.map(({ page }) => page)).toEqual(['home', 'category', 'search', 'product']);
  });
});
