import { describe, expect, it } from 'vitest';
import { availability, type StockCount } from './availability.ts';

const count = (overrides: Partial<StockCount> = {}): StockCount => ({
  status: 'in_stock',
  eta: null,
  onHand: 10,
  committed: 0,
  reserved: 0,
  heldByAsker: 0,
  ...overrides,
});

describe('what can be sold of a sku', () => {
  it('is what is on the shelf less what orders have claimed and payments hold', () => {
    expect(availability('A', count({ onHand: 10, committed: 3, reserved: 4 }))).toEqual({ sku: 'A', status: 'in_stock', eta: null, sellable: 3 });
    expect(availability('A', count({ status: 'low_stock', onHand: 2, committed: 1, reserved: 1 })).sellable).toBe(0);
  });

  it("counts what the asking basket holds itself as free to it, and no one else's holds", () => {
    expect(availability('A', count({ onHand: 5, committed: 1, reserved: 4, heldByAsker: 3 })).sellable).toBe(3);
    expect(availability('A', count({ onHand: 5, committed: 1, reserved: 4, heldByAsker: 0 })).sellable).toBe(0);
  });

  it('is never negative, even on a row that counts more out than in', () => {
    expect(availability('A', count({ onHand: 1, committed: 2 })).sellable).toBe(0);
  });

  it('has no limit for made-to-order goods and none to sell when out of stock, whatever the counts', () => {
    expect(availability('A', count({ status: 'made_to_order', onHand: 0, eta: '2026-07-01' }))).toEqual({
      sku: 'A',
      status: 'made_to_order',
      eta: '2026-07-01',
      sellable: Infinity,
    });
    expect(availability('A', count({ status: 'out_of_stock', onHand: 7 })).sellable).toBe(0);
  });

  it('treats a sku with no stock record as out of stock', () => {
    expect(availability('GONE', undefined)).toEqual({ sku: 'GONE', status: 'out_of_stock', eta: null, sellable: 0 });
  });
});
