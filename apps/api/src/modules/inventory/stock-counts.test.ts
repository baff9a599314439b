import { describe, expect, it } from 'vitest';
import { countRefused } from './stock-counts.ts';

describe('countRefused', () => {
  it('refuses any count of a made-to-order sku, and one below what is committed and reserved', () => {
    expect(countRefused({ status: 'made_to_order', committed: 0, reserved: 0 }, 5)).toBe('made-to-order');
    expect(countRefused({ status: 'in_stock', committed: 2, reserved: 3 }, 4)).toBe('below-held');
  });

  it('takes a count that covers what is held exactly, or more, whatever the status', () => {
    expect(countRefused({ status: 'low_stock', committed: 2, reserved: 3 }, 5)).toBeNull();
    expect(countRefused({ status: 'out_of_stock', committed: 0, reserved: 0 }, 0)).toBeNull();
  });
});
