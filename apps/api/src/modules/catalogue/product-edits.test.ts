import { describe, expect, it } from 'vitest';
import {
  describeDetailChanges,
  describeNewVariant,
  describePriceEdit,
  describeVariantChange,
  newVariantOptions,
  searchTextAfter,
  variantOptionOf,
} from './product-edits.ts';

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

  it('says a new variant’s code, label, first price and stock', () => {
    expect(describeNewVariant({ sku: 'B-3', label: 'Matt black', priceIncVat: 19_900, vatRateName: 'Standard 20%', stockOnHand: 0 })).toBe(
      'Variant B-3 “Matt black” added at £199.00 inc VAT (Standard 20%), 0 on hand',
    );
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

describe('variantOptionOf', () => {
  const variant = (widthMm: number | null, finish: string | null, handing: string | null = null, packQty = 1) => ({ widthMm, finish, handing, packQty });
  it('names what the variants differ by: a size is not called a finish', () => {
    expect(variantOptionOf([variant(600, 'White'), variant(800, 'White')])).toBe('size');
    expect(variantOptionOf([variant(null, 'White'), variant(null, 'Matt black')])).toBe('finish');
    expect(variantOptionOf([variant(600, 'White'), variant(800, 'Chrome')])).toBe('size and finish');
    expect(variantOptionOf([variant(null, null, 'left'), variant(null, null, 'right')])).toBe('handing');
    expect(variantOptionOf([variant(null, null, null, 1), variant(null, null, null, 4), variant(600, null, null, 1)])).toBe('size and pack size');
  });

  it('names what one variant has, and calls it a finish when it has nothing', () => {
    expect(variantOptionOf([variant(600, null)])).toBe('size');
    expect(variantOptionOf([variant(null, 'White')])).toBe('finish');
    expect(variantOptionOf([variant(null, null)])).toBe('finish');
  });
});

describe('describeDetailChanges of family and delivery', () => {
  it('says a new family and delivery class in staff’s words, and nothing when a file leaves them out', () => {
    expect(
      describeDetailChanges({ ...basin, family: 'basins', deliveryClass: 'parcel' }, { ...basin, family: 'vanity-units', deliveryClass: 'pallet' }),
    ).toEqual(['Family: basins → vanity-units', 'Delivery: Parcel → Pallet']);
    expect(describeDetailChanges({ ...basin, family: 'basins', deliveryClass: 'parcel' }, basin)).toEqual([]);
  });

  it('says a new returnability in staff’s words, and nothing when it is the same or left out', () => {
    expect(describeDetailChanges({ ...basin, returnability: 'standard' }, { ...basin, returnability: 'sealed-hygiene' })).toEqual([
      'Returns: Returnable → Sealed for hygiene: returnable only unopened',
    ]);
    expect(describeDetailChanges({ ...basin, returnability: 'made-to-measure' }, { ...basin, returnability: 'made-to-measure' })).toEqual([]);
    expect(describeDetailChanges({ ...basin, returnability: 'made-to-measure' }, basin)).toEqual([]);
  });
});

describe('newVariantOptions', () => {
  const variant = (widthMm: number | null, finish: string | null, handing: string | null = null, packQty = 1) => ({ widthMm, finish, handing, packQty });
  it('reads a size of a product sold in sizes as its width, keeping the finish they share', () => {
    const sized = [variant(600, 'White'), variant(800, 'White')];
    expect(newVariantOptions('1000 mm', sized)).toEqual({ options: variant(1000, 'White') });
    expect(newVariantOptions('1000mm', sized)).toEqual({ options: variant(1000, 'White') });
    expect(newVariantOptions('Matt black', sized)).toEqual({ problem: 'Enter the size as shoppers choose it, for example 600 mm' });
  });

  it('reads each option the variants differ by, in order, and a finish of a product with none or one finish', () => {
    expect(newVariantOptions('1000 mm, Chrome', [variant(600, 'White'), variant(800, 'Chrome')])).toEqual({ options: variant(1000, 'Chrome') });
    expect(newVariantOptions('Chrome', [variant(600, 'White'), variant(800, 'Chrome')])).toEqual({
      problem: 'Enter the size and finish as shoppers choose them, separated by commas, for example 600 mm, Matt black',
    });
    expect(newVariantOptions('Matt black', [])).toEqual({ options: variant(null, 'Matt black') });
    expect(newVariantOptions('Matt black', [variant(null, 'White')])).toEqual({ options: variant(null, 'Matt black') });
    expect(newVariantOptions('Right hand', [variant(null, null, 'left'), variant(null, null, 'right')])).toEqual({ options: variant(null, null, 'right') });
    expect(newVariantOptions('Pack of 6', [variant(null, null, null, 1), variant(null, null, null, 4)])).toEqual({ options: variant(null, null, null, 6) });
  });

  it('reads a new product’s first size as a size, so its next size is one too', () => {
    expect(newVariantOptions('600 mm', [])).toEqual({ options: variant(600, null) });
    expect(newVariantOptions(' 600mm ', [])).toEqual({ options: variant(600, null) });
    expect(newVariantOptions('800 mm', [variant(600, null)])).toEqual({ options: variant(800, null) });
    expect(newVariantOptions('Matt black', [variant(600, null)])).toEqual({ problem: 'Enter the size as shoppers choose it, for example 600 mm' });
  });
});
