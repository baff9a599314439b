import { describe, expect, it } from 'vitest';
import { searchTerms } from './search-query.ts';

describe('search terms', () => {
  it('keeps letters and digits only', () => {
    expect(searchTerms(`"WC" 100% basin_600 \\ '; drop`)).toEqual(['wc', '100', 'basin', '600', 'drop']);
    expect(searchTerms('a'.repeat(1000))).toEqual(['a'.repeat(40)]);
  });
});
