import { describe, expect, it } from 'vitest';
import type { BasketRow } from './basket.repository.ts';
import { keptBaskets } from './kept-baskets.ts';

const row = (id: string, version = 1) => ({ id, version }) as BasketRow;

describe('kept baskets', () => {
  it('keep the latest copy of each basket and forget the least recently kept past the bound', () => {
    const kept = keptBaskets(2);
    kept.keep({ row: row('a'), lines: [] });
    kept.keep({ row: row('b'), lines: [] });
    kept.keep({ row: row('a', 2), lines: [{ sku: 'S', quantity: 1, pricedUnitIncVat: 100 }] });
    kept.keep({ row: row('c'), lines: [] });
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toEqual({ row: row('a', 2), lines: [{ sku: 'S', quantity: 1, pricedUnitIncVat: 100 }] });
    kept.forget('a');
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('c')?.row.version).toBe(1);
  });
});
