import { describe, expect, it } from 'vitest';
import type { PlannedProduct } from './catalogue.tables.ts';
import { batchesOf, changedTogether, madeTogether, refusedWhileApplying } from './range-batches.ts';

const newProduct = (slug: string, skus: string[], line = 2): PlannedProduct => ({
  productId: null,
  add: { line, slug, name: slug, description: '', brandSlug: 'b', categorySlug: 'c', family: null },
  added: skus.map((sku, index) => ({ line: line + index, sku, label: 'White', priceIncVat: 100, vatRateCode: 'standard', stockOnHand: 1 })),
  rows: [],
});
const existing = (productId: number, sku: string): PlannedProduct => ({
  productId,
  rows: [{ line: 9, sku, priceIncVat: 200, vatRateCode: null, stockOnHand: null }],
});

describe('batchesOf', () => {
  it('slices the plan from the products done, the last batch short, and none when all are done', () => {
    expect(batchesOf(5, 0, 2)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 5 },
    ]);
    expect(batchesOf(5, 3, 2)).toEqual([{ start: 3, end: 5 }]);
    expect(batchesOf(5, 5, 2)).toEqual([]);
    expect(batchesOf(0, 0)).toEqual([]);
  });

  it('holds at most the batch size, and every product once, whatever the sizes', () => {
    for (const [total, done, size] of [
      [1_000, 0, 200],
      [1_001, 199, 200],
      [7, 2, 3],
    ] as const) {
      const batches = batchesOf(total, done, size);
      expect(batches.every(({ start, end }) => end - start >= 1 && end - start <= size)).toBe(true);
      expect(batches.flatMap(({ start, end }) => Array.from({ length: end - start }, (_, index) => start + index))).toEqual(
        Array.from({ length: total - done }, (_, index) => done + index),
      );
    }
  });
});

describe('madeTogether', () => {
  it('takes new products whose address and codes are free; existing products are applied one by one', () => {
    const batch = [newProduct('a', ['A-1', 'A-2']), existing(7, 'X-1'), newProduct('b', ['B-1'])];
    expect([...madeTogether(batch, new Set(), new Set())]).toEqual([0, 2]);
  });

  it('leaves out a new product whose address or one of whose codes the shop has now, or that another of the batch shares', () => {
    const batch = [newProduct('a', ['A-1']), newProduct('b', ['B-1', 'B-2']), newProduct('c', ['C-1']), newProduct('c', ['C-2']), newProduct('d', ['A-1'])];
    expect([...madeTogether(batch, new Set(['a']), new Set(['B-2']))]).toEqual([]);
    expect([...madeTogether(batch.slice(1, 3), new Set(), new Set())]).toEqual([0, 1]);
  });

  it('leaves out a new product with no variants, or with rows changing it (made meanwhile, as an earlier check planned it)', () => {
    const bare = { ...newProduct('e', []), added: [] };
    const changing = { ...newProduct('f', ['F-1']), rows: [{ line: 4, sku: 'F-0', priceIncVat: 1, vatRateCode: null, stockOnHand: null }] };
    expect([...madeTogether([bare, changing], new Set(), new Set())]).toEqual([]);
  });
});

describe('changedTogether', () => {
  it('takes products the shop has whose rows set details, new variants, prices from now and stock; new products are left to be made', () => {
    const stockOnly: PlannedProduct = { productId: 8, rows: [{ line: 3, sku: 'Y-1', priceIncVat: null, vatRateCode: null, stockOnHand: 4 }] };
    const growing: PlannedProduct = { ...existing(3, 'G-1'), added: newProduct('g', ['G-2']).added! };
    const renamed: PlannedProduct = { productId: 4, rows: [], details: { line: 2, name: 'New name' } };
    const batch = [existing(7, 'X-1'), newProduct('a', ['A-1']), stockOnly, growing, renamed];
    expect([...changedTogether(batch)]).toEqual([0, 2, 3, 4]);
  });

  it('leaves out a product with a schedule, nothing to change, or a code or product another of the batch names', () => {
    const scheduled: PlannedProduct = { productId: 1, rows: [{ ...existing(1, 'S-1').rows[0]!, startsAt: '2026-12-01T00:00:00.000Z' }] };
    const ending: PlannedProduct = { productId: 2, rows: [{ ...existing(2, 'E-1').rows[0]!, endsAt: '2026-12-01T00:00:00.000Z' }] };
    const bare: PlannedProduct = { productId: 5, rows: [] };
    const addingNamed: PlannedProduct = { productId: 11, rows: [], added: newProduct('n', ['N-1']).added! };
    const batch = [scheduled, ending, bare, existing(6, 'D-1'), existing(9, 'D-1'), existing(10, 'P-1'), existing(10, 'P-2'), addingNamed, existing(12, 'N-1')];
    expect([...changedTogether(batch)]).toEqual([]);
    expect([...changedTogether([existing(6, 'D-1'), existing(10, 'P-1'), addingNamed])]).toEqual([0, 1, 2]);
  });
});

describe('refusedWhileApplying', () => {
  it('names the refused line with its reason and each other line of its product as not applied', () => {
    const refusal = { line: 3, column: 'stock_on_hand', reason: 'Held' };
    expect(refusedWhileApplying(refusal, [2, 3, 4])).toEqual([
      { ...refusal, whileApplying: 'refused' },
      { line: 2, column: null, whileApplying: 'not-applied', reason: expect.stringMatching(/^Not applied: line 3 of the same product/) },
      { line: 4, column: null, whileApplying: 'not-applied', reason: expect.stringMatching(/^Not applied: line 3 of the same product/) },
    ]);
  });
});
