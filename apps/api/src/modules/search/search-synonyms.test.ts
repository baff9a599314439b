import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createSynonymTable, synonymLookupOf, synonymWordsOf } from './search-synonyms.ts';

/** The refusal of the words, or null when they are kept. */
function refusalOf(words: string[]): { code: string; message: string } | null {
  try {
    synonymWordsOf(words);
    return null;
  } catch (error) {
    return error as { code: string; message: string };
  }
}

describe('synonym words', () => {
  it('are kept lower-cased and trimmed, blanks dropped, spaces inside made one', () => {
    expect(synonymWordsOf([' Loo ', '', 'Close   Coupled', 'wall-hung', 'WC'])).toEqual(['loo', 'close coupled', 'wall-hung', 'wc']);
  });

  it('are refused with the module’s codes when they cannot be used', () => {
    const code = (words: string[]) => refusalOf(words)?.code ?? null;
    expect(code(['ok', '-x'])).toBe('SYNONYM_WORD_INVALID');
    expect(code(['ok', 'tap_'])).toBe('SYNONYM_WORD_INVALID');
    expect(code(['ok', 'x'])).toBe('SYNONYM_WORD_INVALID');
    expect(code(['ok', 'OK'])).toBe('SYNONYM_WORD_REPEATED');
    expect(code(['', '  '])).toBe('SYNONYM_WORDS_MISSING');
    expect(code(['ok', 'a'.repeat(41)])).toBe('SYNONYM_WORD_TOO_LONG');
    expect(code(['ok', 'a'.repeat(40)])).toBeNull();
    expect(code(['ok', 'aa bb cc dd ee'])).toBe('SYNONYM_PHRASE_TOO_LONG');
    expect(code(['ok', 'aa bb cc dd'])).toBeNull();
    // A phrase is its own synonym when search splits it into the same words.
    expect(code(['close coupled', 'Close-Coupled'])).toBe('SYNONYM_WORD_REPEATED');
    expect(code(['ok'])).toBe('SYNONYM_GROUP_TOO_SMALL');
    expect(code(Array.from({ length: 21 }, (_, index) => `w${index}`))).toBe('SYNONYM_GROUP_TOO_LARGE');
    expect(code(Array.from({ length: 20 }, (_, index) => `w${index}`))).toBeNull();
  });
});

describe('the synonym lookup', () => {
  it('gives a word its group, itself among them, and a word in none itself', () => {
    const expand = synonymLookupOf([
      ['toilet', 'loo', 'wc'],
      ['basin', 'sink', 'wash basin'],
    ]);
    expect(expand('loo')).toEqual(['toilet', 'loo', 'wc']);
    expect(expand('sink')).toEqual(['basin', 'sink']);
    expect(expand('bath')).toEqual(['bath']);
    // A search's terms are single words: one with a space is never a term, so it widens nothing.
    expect(expand('wash basin')).toEqual(['wash basin']);
  });

  it('is read once, and again only after a change is heard, however many searches ask', async () => {
    let groups = [['loo', 'toilet']];
    let reads = 0;
    const table = createSynonymTable(async () => {
      reads += 1;
      return groups;
    });
    const db = {} as Database;
    const [first, second] = await Promise.all([table.current(db), table.current(db)]);
    expect(first).toBe(second);
    expect((await table.current(db)).expand('loo')).toEqual(['loo', 'toilet']);
    expect(reads).toBe(1);
    groups = [['loo', 'wc']];
    table.changed();
    const after = await table.current(db);
    expect(after.expand('loo')).toEqual(['loo', 'wc']);
    expect(after.generation).not.toBe(first.generation);
    expect(reads).toBe(2);
  });

  it('reads again when a change is heard while a reading is under way', async () => {
    let release = () => {};
    let reads = 0;
    const table = createSynonymTable(async () => {
      reads += 1;
      if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
      return [[`word${reads}`, 'other']];
    });
    const asked = table.current({} as Database);
    await expect.poll(() => reads).toBe(1);
    table.changed();
    release();
    expect((await asked).expand('word2')).toEqual(['word2', 'other']);
  });
});

describe('refusals of synonym words', () => {
  const message = (words: string[]) => refusalOf(words)?.message ?? null;
  it('say what is wrong and what to do, in the shop’s words', () => {
    expect(message([' '])).toBe('Enter the words that mean the same to a shopper, separated by commas');
    expect(message(['wc', 'w'.repeat(41)])).toBe(`“${'w'.repeat(41)}” is too long: each word or phrase must be 40 characters or fewer`);
    expect(message(['close coupled', 'close-coupled'])).toBe(
      '“close-coupled” is the same to search as “close coupled”, so it cannot be its synonym: enter it once',
    );
    expect(message(['wc', 'WC'])).toBe('“wc” is in the list twice: enter each word once');
    expect(message(['wc', 'one two three four five'])).toBe('“one two three four five” has too many words: a phrase must be 4 words or fewer');
  });
});
