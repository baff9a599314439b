import { describe, expect, it } from 'vitest';
import { basketReadyItems, productCountText, shareCodeProblem } from './wishlist-text.ts';

describe('wishlist text', () => {
  it('checks a typed share code before it is sent', () => {
    expect(shareCodeProblem('')).toMatch(/Enter the share code/);
    expect(shareCodeProblem('ABC')).toMatch(/8 letters and numbers/);
    expect(shareCodeProblem('abcd-2345')).toBeNull();
    expect(shareCodeProblem(' ABCD 2345 ')).toBeNull();
    expect(shareCodeProblem('ABCD-234%')).toMatch(/8 letters/);
  });

  it('counts products and picks what can go in the basket', () => {
    expect(productCountText(1)).toBe('1 product');
    expect(productCountText(3)).toBe('3 products');
    const item = (sku: string, available: boolean) => ({ sku, quantity: 2, available }) as never;
    expect(basketReadyItems({ items: [item('A', true), item('B', false)] } as never)).toEqual([{ sku: 'A', quantity: 2 }]);
    expect(basketReadyItems(null)).toEqual([]);
  });
});
