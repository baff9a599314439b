import { describe, expect, it } from 'vitest';
import type { SellableOffering } from '../catalogue/index.ts';
import { changesSinceSeen, describeLine, setLines, swapVariant, type StoredLine } from './project-lines.ts';

const at = new Date('2026-11-27T10:00:00Z');
const offering = (sku: string, productId: number, label = 'Standard') =>
  ({ sku, productId, productName: `Product ${productId}`, label, sellable: 5 }) as SellableOffering;
const offerings = new Map([
  ['A-600', offering('A-600', 1, '600 mm')],
  ['A-800', offering('A-800', 1, '800 mm')],
  ['B', offering('B', 2)],
]);
const line = (sku: string, quantity = 1, note: string | null = null): StoredLine => ({ sku, quantity, note, addedAt: at });

describe('project lines', () => {
  it('adds, changes and removes only the lines named', () => {
    const after = setLines(
      [line('A-600', 2, 'left'), line('B')],
      [
        { sku: 'A-600', quantity: 3 },
        { sku: 'A-800', quantity: 1, note: 'right' },
      ],
      ['B'],
      offerings,
      at,
    );
    expect(after.map((entry) => [entry.sku, entry.quantity, entry.note])).toEqual([
      ['A-600', 3, 'left'],
      ['A-800', 1, 'right'],
    ]);
  });

  it('refuses quantities outside 1–999, unknown skus and a sku named twice', () => {
    expect(() => setLines([], [{ sku: 'B', quantity: 0 }], [], offerings, at)).toThrow(/between 1 and 999/);
    expect(() => setLines([], [{ sku: 'B', quantity: 1000 }], [], offerings, at)).toThrow(/between 1 and 999/);
    expect(() => setLines([], [{ sku: 'B', quantity: 2.5 }], [], offerings, at)).toThrow(/whole number/);
    expect(() => setLines([], [{ sku: 'Z', quantity: 1 }], [], offerings, at)).toThrow(/Z/);
    expect(() =>
      setLines(
        [],
        [
          { sku: 'B', quantity: 1 },
          { sku: 'B', quantity: 2 },
        ],
        [],
        offerings,
        at,
      ),
    ).toThrow(/twice/);
  });

  it('swaps within one product only, keeping quantity and note', () => {
    expect(swapVariant([line('A-600', 4, 'bay')], 'A-600', 'A-800', offerings)).toEqual([line('A-800', 4, 'bay')]);
    expect(() => swapVariant([line('A-600')], 'A-600', 'B', offerings)).toThrow(/same product/);
    expect(() => swapVariant([line('A-600'), line('A-800')], 'A-600', 'A-800', offerings)).toThrow(/already has/);
  });

  it('reports price and stock changes against what this viewer saw, nothing the first time', () => {
    const now = describeLine(line('B', 2), { offering: offerings.get('B')!, price: { incVat: 1200, exVat: 1000, wasIncVat: null } as never }, []);
    expect(changesSinceSeen(undefined, now)).toEqual([]);
    expect(changesSinceSeen({ sku: 'B', priceIncVat: 1000, available: true }, now)).toEqual([
      { type: 'price_up', sku: 'B', from: 1000, to: 1200, message: 'Product 2 is now £12, up from £10.' },
    ]);
    const gone = describeLine(line('B'), undefined, []);
    expect(changesSinceSeen({ sku: 'B', priceIncVat: 1000, available: true }, gone)).toEqual([
      { type: 'unavailable', sku: 'B', message: 'B is no longer sold.' },
    ]);
    // Withdrawn, its product still in the catalogue: named as the shopper knew it.
    const withdrawn = describeLine(line('B'), undefined, [], { productName: 'Halo basin', label: '600 mm' });
    expect(withdrawn).toMatchObject({ productName: 'Halo basin', label: '600 mm', available: false, priceIncVat: 0 });
    expect(changesSinceSeen({ sku: 'B', priceIncVat: 1000, available: true }, withdrawn)).toEqual([
      { type: 'unavailable', sku: 'B', message: 'Halo basin (600 mm) is no longer sold.' },
    ]);
  });
});
