import type { Basket } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { lineChange } from './basket-events.ts';

const basket = (...lines: [sku: string, productId: number, quantity: number][]) =>
  ({ lines: lines.map(([sku, productId, quantity]) => ({ sku, productId, quantity })) }) as unknown as Basket;

describe('lineChange', () => {
  it('counts the packs a line gained as added, by product', () => {
    expect(lineChange('PL1-1', basket(['PL1-1', 7, 1]), basket(['PL1-1', 7, 3]))).toEqual({
      event: 'Product Added',
      properties: { product_id: '7', sku: 'PL1-1', quantity: 2 },
    });
    // Before the first read, an add counts the packs asked for, whatever the line held already.
    expect(lineChange('PL1-1', null, basket(['PL1-1', 7, 5]), 2)?.properties).toEqual({ product_id: '7', sku: 'PL1-1', quantity: 2 });
  });

  it('counts packs taken off, or the whole line removed, as removed', () => {
    expect(lineChange('PL1-1', basket(['PL1-1', 7, 3]), basket(['PL1-1', 7, 1]))).toEqual({
      event: 'Product Removed',
      properties: { product_id: '7', sku: 'PL1-1', quantity: 2 },
    });
    expect(lineChange('PL1-1', basket(['PL1-1', 7, 3], ['PL2-1', 9, 1]), basket(['PL2-1', 9, 1]))).toEqual({
      event: 'Product Removed',
      properties: { product_id: '7', sku: 'PL1-1', quantity: 3 },
    });
  });

  it('sends nothing for a change of quantity made before the basket was first read', () => {
    expect(lineChange('PL1-1', null, basket(['PL1-1', 7, 1]))).toBeNull();
    expect(lineChange('PL1-1', null, basket(), 1)).toBeNull();
  });

  it('sends nothing when the quantity did not move', () => {
    expect(lineChange('PL1-1', basket(['PL1-1', 7, 5]), basket(['PL1-1', 7, 5]))).toBeNull();
    expect(lineChange('PL9-1', basket(), basket())).toBeNull();
  });
});
