import { describe, expect, it } from 'vitest';
import { pickOffering, selectedOffering, variantAxes, type Offering } from './variant-axes.ts';
import { savingText, stockText } from './product-format.ts';

const price = {
  currencyCode: 'GBP',
  priceIncTax: 100,
  priceExcTax: 83,
  wasPriceIncTax: null,
  wasPriceExcTax: null,
  isOnPromotion: false,
  discountPercentage: 0,
} as const;

function offering(sku: string, widthMm: number | null, finish: string | null, extra: Partial<Offering> = {}): Offering {
  return {
    sku,
    label: sku,
    isDefault: false,
    widthMm,
    finish,
    handing: null,
    packQty: 1,
    price,
    stockStatus: { status: 'in_stock', eta: null },
    ...extra,
  };
}

// A radiator in two heights and three finishes, with 800 mm Chrome missing.
const radiator = [
  offering('R-1', 600, 'Anthracite', { isDefault: true }),
  offering('R-2', 600, 'White'),
  offering('R-3', 600, 'Chrome', { stockStatus: { status: 'out_of_stock', eta: null } }),
  offering('R-4', 800, 'Anthracite'),
  offering('R-5', 800, 'White'),
];
const bySku = (sku: string) => radiator.find((candidate) => candidate.sku === sku) as Offering;

describe('variantAxes', () => {
  it('builds one group per axis the offerings differ on, sizes in numeric order', () => {
    const axes = variantAxes(radiator, bySku('R-1'));
    expect(axes.map((axis) => axis.label)).toEqual(['Size', 'Finish']);
    expect(axes[0]?.choices.map((choice) => choice.label)).toEqual(['600 mm', '800 mm']);
    expect(axes[1]?.choices.map((choice) => choice.label)).toEqual(['Anthracite', 'White', 'Chrome']);
    expect(axes.map((axis) => axis.selected)).toEqual(['600', 'Anthracite']);
  });

  it('points each choice at the offering keeping the other choices', () => {
    const [size, finish] = variantAxes(radiator, bySku('R-2'));
    expect(size?.choices.map((choice) => choice.sku)).toEqual(['R-2', 'R-5']);
    expect(finish?.choices.map((choice) => choice.sku)).toEqual(['R-1', 'R-2', 'R-3']);
    expect(finish?.choices[2]?.outOfStock).toBe(true);
  });

  it('marks a combination that does not exist and falls back to the closest offering', () => {
    const [, finish] = variantAxes(radiator, bySku('R-4'));
    const chrome = finish?.choices.find((choice) => choice.value === 'Chrome');
    expect(chrome).toMatchObject({ combines: false, sku: 'R-3' });
    expect(finish?.choices.find((choice) => choice.value === 'White')).toMatchObject({ combines: true, sku: 'R-5' });
  });

  it('shows no picker for a single offering or axes that never vary', () => {
    expect(variantAxes([offering('A', 500, null)], offering('A', 500, null))).toEqual([]);
    const packs = [offering('P-1', null, null), offering('P-2', null, null, { packQty: 10 })];
    expect(variantAxes(packs, packs[0] as Offering).map((axis) => [axis.label, axis.choices.map((choice) => choice.label)])).toEqual([
      ['Pack', ['Single', 'Pack of 10']],
    ]);
  });

  it('labels handing in words', () => {
    const handed = [offering('H-1', null, null, { handing: 'left' }), offering('H-2', null, null, { handing: 'right' })];
    expect(variantAxes(handed, handed[1] as Offering)[0]).toMatchObject({
      label: 'Handing',
      selected: 'right',
      choices: [{ label: 'Left hand' }, { label: 'Right hand' }],
    });
  });
});

describe('pickOffering and selectedOffering', () => {
  it('picks the exact match on the other axes', () => {
    expect(pickOffering(radiator, bySku('R-5'), 'width', '600')?.sku).toBe('R-2');
    expect(pickOffering(radiator, bySku('R-5'), 'width', '999')).toBeUndefined();
  });

  it('takes the sku from the address, else the default offering', () => {
    expect(selectedOffering(radiator, 'R-4')?.sku).toBe('R-4');
    expect(selectedOffering(radiator, 'NOPE')?.sku).toBe('R-1');
    expect(selectedOffering(radiator, null)?.sku).toBe('R-1');
    expect(selectedOffering([], 'R-1')).toBeUndefined();
  });
});

describe('product wording', () => {
  it('words each stock status, with the eta when there is one', () => {
    expect(stockText({ status: 'in_stock', eta: null })).toBe('In stock');
    expect(stockText({ status: 'low_stock', eta: null })).toBe('Low stock');
    expect(stockText({ status: 'made_to_order', eta: '2026-12-03' })).toBe('Made to order — dispatches from 3 December');
    expect(stockText({ status: 'out_of_stock', eta: null })).toBe('Out of stock');
  });

  it('states the saving in pounds and percent', () => {
    expect(savingText({ ...price, priceIncTax: 15000, wasPriceIncTax: 18000, discountPercentage: 17 })).toBe('Save £30.00 (17%)');
    expect(savingText(price)).toBeNull();
  });
});
