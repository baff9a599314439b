import { describe, expect, it } from 'vitest';
import { paginationItems } from './pagination.ts';

describe('paginationItems', () => {
  it('lists every page when there are few', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first and last page and the neighbours of the current one', () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(paginationItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(paginationItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('shows a lone hidden page instead of a gap', () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(paginationItems(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range and handles no pages', () => {
    expect(paginationItems(99, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(0, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('widens the window with more siblings', () => {
    expect(paginationItems(10, 20, 2)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });
});
