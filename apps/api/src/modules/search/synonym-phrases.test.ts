import { describe, expect, it } from 'vitest';
import { MAX_REWRITES, phraseWords, synonymRewriterOf } from './synonym-phrases.ts';

const rewrite = synonymRewriterOf([
  ['toilet', 'loo', 'wc', 'water closet'],
  ['close coupled', 'close-coupled toilet'],
  ['thermostatic mixer', 'thermo shower'],
  ['basin', 'sink'],
]);

describe('synonym phrases', () => {
  it('are split into words as search splits a query', () => {
    expect(phraseWords('Close-Coupled  toilet')).toEqual(['close', 'coupled', 'toilet']);
  });

  it('say a one-word term again as each phrase of its group, and a phrase as each other member, both ways', () => {
    expect(rewrite(['wc'])).toEqual([['water', 'closet']]);
    expect(rewrite(['water', 'closet'])).toEqual([['toilet'], ['loo'], ['wc']]);
    expect(rewrite(['thermo', 'shower'])).toEqual([['thermostatic', 'mixer']]);
    expect(rewrite(['thermostatic', 'mixer'])).toEqual([['thermo', 'shower']]);
    expect(rewrite(['close', 'coupled'])).toEqual([['close', 'coupled', 'toilet']]);
    expect(rewrite(['close', 'coupled', 'toilet'])).toEqual([['close', 'coupled']]);
  });

  it('keep the words around a phrase, and take the longest phrase that the terms spell, plurals too', () => {
    expect(rewrite(['white', 'wc', 'seat'])).toEqual([['white', 'water', 'closet', 'seat']]);
    expect(rewrite(['chrome', 'thermo', 'shower', 'kit'])).toEqual([['chrome', 'thermostatic', 'mixer', 'kit']]);
    expect(rewrite(['close', 'coupled', 'toilets'])).toEqual([['close', 'coupled']]);
    expect(rewrite(['water', 'closets'])).toEqual([['toilet'], ['loo'], ['wc']]);
  });

  it('leave one word for one word to the term’s own synonyms, and a query with no phrase as it is', () => {
    expect(rewrite(['sink'])).toEqual([]);
    expect(rewrite(['loo'])).toEqual([['water', 'closet']]);
    expect(rewrite(['bath', 'panel'])).toEqual([]);
    // Half a phrase is not the phrase.
    expect(rewrite(['water'])).toEqual([]);
    expect(rewrite(['closet', 'water'])).toEqual([]);
    expect(synonymRewriterOf([])(['wc'])).toEqual([]);
  });

  it('combine phrases in one query, the typed words first, within a bound', () => {
    expect(rewrite(['wc', 'thermo', 'shower'])).toEqual([
      ['wc', 'thermostatic', 'mixer'],
      ['water', 'closet', 'thermo', 'shower'],
      ['water', 'closet', 'thermostatic', 'mixer'],
    ]);
    const many = synonymRewriterOf([['aa', ...Array.from({ length: 19 }, (_, index) => `bb cc${index}`)]]);
    expect(many(['aa', 'aa']).length).toBe(MAX_REWRITES);
    expect(many(['aa', 'aa', 'aa', 'aa', 'aa']).every((phrasing) => phrasing.length <= 8)).toBe(true);
  });
});
