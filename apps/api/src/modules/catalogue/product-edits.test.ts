import { describe, expect, it } from 'vitest';
import { describeDetailChanges, describePriceEdit, describeVariantChange, searchTextAfter } from './product-edits.ts';

const basin = {
  name: 'Harbour Basin',
  description: 'A basin.',
  brandName: 'Aqualux',
  categoryName: 'Basins',
  specifications: { Material: 'Ceramic', Taps: '1' },
};

describe('describeDetailChanges', () => {
  it('says each field that changed, and nothing for one that did not', () => {
    expect(describeDetailChanges(basin, basin)).toEqual([]);
    expect(
      describeDetailChanges(basin, {
        ...basin,
        name: 'Harbour Wide Basin',
        description: 'Wider.',
        brandName: 'Crestline',
        specifications: { Material: 'Fireclay', Overflow: 'Yes' },
      }),
    ).toEqual([
      'Name: “Harbour Basin” → “Harbour Wide Basin”',
      'Description changed',
      'Brand: Aqualux → Crestline',
      'Material: “Ceramic” → “Fireclay”',
      'Overflow: set to “Yes”',
      'Taps: removed (was “1”)',
    ]);
  });

  it('says a variant’s new code and label', () => {
    expect(describeVariantChange('B-1', { newSku: 'B-2', label: 'Chrome', labelBefore: 'Matt' })).toEqual([
      'Variant code B-1 → B-2',
      'Variant B-2 label: “Matt” → “Chrome”',
    ]);
    expect(describeVariantChange('B-1', { newSku: 'B-1', label: 'Matt', labelBefore: 'Matt' })).toEqual([]);
  });
});

describe('describePriceEdit', () => {
  it('names the sku, both prices, the VAT rate and when', () => {
    expect(describePriceEdit({ sku: 'B-1', priceIncVat: 14900, vatRateName: 'Standard rate', startsAt: null, endsAt: null }, 19900)).toBe(
      'Price of B-1 changed: £199.00 → £149.00 inc VAT (Standard rate), from now',
    );
    expect(
      describePriceEdit(
        { sku: 'B-1', priceIncVat: 14900, vatRateName: 'Standard rate', startsAt: new Date('2026-12-01T09:00:00Z'), endsAt: new Date('2026-12-08T09:00:00Z') },
        19900,
      ),
    ).toMatch(/^Price of B-1 scheduled: £199.00 → £149.00 inc VAT \(Standard rate\), from 1 Dec 2026.* until 8 Dec 2026/);
  });
});

describe('searchTextAfter', () => {
  it('replaces an old name where it stands, adds a new one it cannot find, and leaves the rest', () => {
    const text = 'Harbour Basin Aqualux Basins Bathroom basin sink Ceramic';
    expect(searchTextAfter(text, [['Harbour Basin', 'Harbour Wide Basin']])).toBe('Harbour Wide Basin Aqualux Basins Bathroom basin sink Ceramic');
    expect(searchTextAfter(text, [['Aqualux', 'Crestline']])).toBe('Harbour Basin Crestline Basins Bathroom basin sink Ceramic');
    expect(searchTextAfter('Bathroom basin', [['Gone', 'Harbour Basin']])).toBe('Harbour Basin Bathroom basin');
    expect(searchTextAfter(text, [['Aqualux', 'Aqualux']])).toBe(text);
  });
});
