import { describe, expect, it } from 'vitest';
import { bestSellers, unitsPerProduct } from './best-sellers.ts';

describe('best sellers', () => {
  it('adds up units per product over its skus, leaving out skus the catalogue does not know', () => {
    const units = unitsPerProduct(
      new Map([
        ['PL1-1', 3],
        ['PL1-2', 4],
        ['PL2-1', 1],
        ['GONE-1', 50],
      ]),
      new Map([
        ['PL1-1', 1],
        ['PL1-2', 1],
        ['PL2-1', 2],
      ]),
    );
    expect(units).toEqual(
      new Map([
        [1, 7],
        [2, 1],
      ]),
    );
  });

  it('names the top 3% by units, ties by id, and none that sold fewer than 5', () => {
    const units = new Map([
      [10, 40],
      [11, 9],
      [12, 40],
      [13, 4],
      [14, 8],
    ]);
    expect(bestSellers(units, 100)).toEqual([10, 12, 11]);
    expect(bestSellers(units, 10)).toEqual([10]);
    expect(bestSellers(new Map([[1, 4]]), 100)).toEqual([]);
  });
});
