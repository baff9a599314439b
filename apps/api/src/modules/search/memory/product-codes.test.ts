import { describe, expect, it } from 'vitest';
import { buildCodeIndex, codeKey, productCodeOf } from './product-codes.ts';

// Rows as the listing index numbers them; skus as the catalogue writes them, the default first.
const PRODUCTS = [
  { row: 0, skus: ['PL000109-1', 'PL000109-2'] },
  { row: 1, skus: ['PL000100-1'] },
  { row: 2, skus: ['PL000101-1', 'PL000101-2', 'PL000101-3'] },
  { row: 3, skus: ['PL000110-1'] },
  // No shared stem: only its skus are codes.
  { row: 4, skus: ['TR-77', 'TX-78'] },
  // No digit: never a code, so searching "basin" finds basins.
  { row: 5, skus: ['BASIN'] },
  // Two codes written apart that read alike without their dashes: neither is named by "ab12".
  { row: 6, skus: ['AB1-2'] },
  { row: 7, skus: ['AB-12'] },
];

describe('product codes', () => {
  it('are compared by their letters and digits, in any case', () => {
    expect(codeKey(' PL000109-1 ')).toBe('pl0001091');
    expect(codeKey('pl000109 1')).toBe('pl0001091');
    expect(codeKey('Pl0001091')).toBe('pl0001091');
  });

  it("a product's code is the stem its skus share before their variant numbers", () => {
    expect(productCodeOf(['PL000109-1', 'PL000109-2'])).toBe('PL000109');
    expect(productCodeOf(['TR-77', 'TX-78'])).toBeNull();
    expect(productCodeOf(['BASIN'])).toBeNull();
    expect(productCodeOf([])).toBeNull();
  });

  it('a whole code names its product, and a variant code its variant, however it is typed', async () => {
    const codes = await buildCodeIndex(PRODUCTS);
    for (const typed of ['PL000109-2', 'pl000109-2', 'pl0001092', 'PL000109 2']) {
      expect(codes.exact(typed)).toEqual({ row: 0, code: 'PL000109-2', sku: 'PL000109-2' });
    }
    expect(codes.exact('pl000109')).toEqual({ row: 0, code: 'PL000109', sku: null });
    expect(codes.exact('tr77')).toEqual({ row: 4, code: 'TR-77', sku: 'TR-77' });
    expect(codes.exact('TR')).toBeNull();
  });

  it('never takes a word for a code, and names nothing two codes share', async () => {
    const codes = await buildCodeIndex(PRODUCTS);
    expect(codes.exact('basin')).toBeNull();
    expect(codes.exact('PL999999-1')).toBeNull();
    expect(codes.exact('AB-12')).toBeNull();
    // Its product's code "AB1" is still suggested; the shared "ab12" is not.
    expect(codes.startingWith('ab1', 6)).toEqual([{ row: 6, code: 'AB1', sku: null }]);
    expect(codes.startingWith('ab12', 6)).toEqual([]);
  });

  it('a partial code suggests the products it starts, in code order, each once with its shortest code', async () => {
    const codes = await buildCodeIndex(PRODUCTS);
    const start = (text: string, limit = 6) => codes.startingWith(text, limit).map(({ row, code }) => [row, code]);
    expect(start('PL0001')).toEqual([
      [1, 'PL000100'],
      [2, 'PL000101'],
      [0, 'PL000109'],
      [3, 'PL000110'],
    ]);
    expect(start('pl00010', 2)).toEqual([
      [1, 'PL000100'],
      [2, 'PL000101'],
    ]);
    expect(start('pl000109-')).toEqual([[0, 'PL000109']]);
    expect(codes.startingWith('pl000101 3', 6)).toEqual([{ row: 2, code: 'PL000101-3', sku: 'PL000101-3' }]);
    // Without a digit it is a word being typed, not a code.
    expect(start('pl')).toEqual([]);
    expect(start('PL9')).toEqual([]);
  });
});
