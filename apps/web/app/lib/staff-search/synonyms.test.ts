import { describe, expect, it } from 'vitest';
import { addSynonymHref, canManageSynonyms, positiveNumber, synonymsHref, wordsOf } from './synonyms.ts';

describe('staff search synonyms', () => {
  it('are for catalogue managers and administrators only: an analyst reading the reports gets no link to them', () => {
    expect(canManageSynonyms(['shopper', 'catalogue-manager'])).toBe(true);
    expect(canManageSynonyms(['admin'])).toBe(true);
    expect(canManageSynonyms(['shopper', 'analyst'])).toBe(false);
    expect(canManageSynonyms(['shopper'])).toBe(false);
  });

  it('start a new group from a search that found nothing, whatever it holds', () => {
    expect(addSynonymHref('commode')).toBe('/staff/search/synonyms?word=commode');
    expect(addSynonymHref('wc & bidet?')).toBe('/staff/search/synonyms?word=wc+%26+bidet%3F');
  });

  it('page and open a group in the address, and read the words as typed', () => {
    expect(synonymsHref({})).toBe('/staff/search/synonyms');
    expect(synonymsHref({ page: 2, edit: 7 })).toBe('/staff/search/synonyms?page=2&edit=7');
    expect(positiveNumber('3')).toBe(3);
    expect([positiveNumber('0'), positiveNumber('-1'), positiveNumber('x'), positiveNumber(null)]).toEqual([null, null, null, null]);
    expect(wordsOf('loo, toilet,wc')).toEqual(['loo', ' toilet', 'wc']);
  });
});
