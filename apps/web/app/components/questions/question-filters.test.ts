import { describe, expect, it } from 'vitest';
import { hasQuestionFilters, questionFilters, questionSearchBody, questionsHref } from './question-filters.ts';

describe('the staff questions filters', () => {
  it('reads the address, dropping statuses off the list and pages out of range', () => {
    expect(questionFilters(new URLSearchParams('status=pending&sku=%20PL1-1%20&q=frost&page=3'))).toEqual({
      status: 'pending',
      sku: 'PL1-1',
      q: 'frost',
      page: 3,
    });
    expect(questionFilters(new URLSearchParams('status=archived&page=-2&q=%20%20'))).toEqual({ status: undefined, sku: undefined, q: undefined, page: 1 });
    expect(questionFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes the address back without defaults, and the search body the API takes', () => {
    expect(questionsHref({ page: 1 })).toBe('/staff/questions');
    expect(questionsHref({ status: 'published', sku: 'PL1-1', q: 'a b', page: 2 })).toBe('/staff/questions?status=published&sku=PL1-1&q=a+b&page=2');
    expect(questionSearchBody({ q: 'frost', page: 2 })).toEqual({ status: undefined, sku: undefined, text: 'frost', page: 2, size: 20 });
    expect(hasQuestionFilters({ page: 4 })).toBe(false);
    expect(hasQuestionFilters({ sku: 'X', page: 1 })).toBe(true);
  });
});
