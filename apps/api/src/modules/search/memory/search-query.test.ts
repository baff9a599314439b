import { describe, expect, it } from 'vitest';
import { expandSynonyms, searchTerms } from './search-query.ts';

describe('search terms', () => {
  it('keeps letters and digits only and expands trade synonyms', () => {
    expect(searchTerms(`"WC" 100% basin_600 \\ '; drop`)).toEqual(['wc', '100', 'basin', '600', 'drop']);
    expect(expandSynonyms('loo')).toContain('toilet');
    expect(expandSynonyms('rad')).toContain('radiator');
    expect(expandSynonyms('sink')).toContain('basin');
    expect(searchTerms('a'.repeat(1000))).toEqual(['a'.repeat(40)]);
  });
});
