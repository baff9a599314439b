import { describe, expect, it } from 'vitest';
import { checkNewProductForm } from './new-product-form.server.ts';
import { checkNewVariantForm, checkPriceForm, FIRST_VARIANT_OPTION, productFilters, productsHref, variantWords } from './products.ts';

describe('the product list’s filters', () => {
  it('read from the address, a bad page as the first, and written back without empty ones', () => {
    const filters = productFilters(new URLSearchParams('text=+basin+&brand=aveline&page=x'));
    expect(filters).toEqual({ text: 'basin', category: '', brand: 'aveline', page: 1 });
    expect(productsHref(filters, 3)).toBe('/staff/products?text=basin&brand=aveline&page=3');
    expect(productsHref({ text: '', category: '', brand: '', page: 1 })).toBe('/staff/products');
  });
});

describe('the price form', () => {
  const typed = { sku: 'PL1-1', price: '149.99', vatRateCode: 'standard', startsAt: '', endsAt: '' };

  it('turns pounds into pence and UK times into instants', () => {
    expect(checkPriceForm({ ...typed, startsAt: '2026-07-01T09:00', endsAt: '2026-12-01T09:00' }, 4)).toEqual({
      ok: true,
      body: { version: 4, sku: 'PL1-1', priceIncVat: 14999, vatRateCode: 'standard', startsAt: '2026-07-01T08:00:00.000Z', endsAt: '2026-12-01T09:00:00.000Z' },
    });
    expect(checkPriceForm({ ...typed, price: '£1,250' }, 0)).toMatchObject({ ok: true, body: { priceIncVat: 125000, startsAt: null, endsAt: null } });
  });

  it('names each field it cannot read', () => {
    expect(checkPriceForm({ ...typed, price: '-5' }, 0)).toEqual({ ok: false, fields: { priceIncVat: 'Enter an amount of £0 or more' } });
    expect(checkPriceForm({ ...typed, price: '0' }, 0)).toEqual({ ok: false, fields: { priceIncVat: 'Enter a price more than £0' } });
    expect(checkPriceForm({ ...typed, price: '60000' }, 0)).toMatchObject({ ok: false, fields: { priceIncVat: expect.stringMatching(/at most £50,000/) } });
    expect(checkPriceForm({ ...typed, startsAt: 'soon' }, 0)).toMatchObject({ ok: false, fields: { startsAt: expect.any(String) } });
  });
});

describe('the new variant form', () => {
  const typed = {
    'variant.sku': ' HB-1-WH ',
    'variant.label': 'White',
    'variant.priceIncVat': '£149.99',
    'variant.vatRateCode': 'standard',
    'variant.stockOnHand': '1,200',
  };

  it('turns pounds into pence and the stock into a whole number, under the form’s names', () => {
    expect(checkNewVariantForm(typed, 'variant.')).toEqual({
      ok: true,
      variant: { sku: 'HB-1-WH', label: 'White', priceIncVat: 14999, vatRateCode: 'standard', stockOnHand: 1200 },
    });
    expect(checkNewVariantForm({ sku: 'A-1', label: 'Chrome', priceIncVat: '5', vatRateCode: 'zero', stockOnHand: '0' }, '')).toMatchObject({
      ok: true,
      variant: { priceIncVat: 500, stockOnHand: 0 },
    });
  });

  it('names the price and stock it cannot read, leaving the rest to the API', () => {
    expect(checkNewVariantForm({ ...typed, 'variant.priceIncVat': '0', 'variant.stockOnHand': '' }, 'variant.')).toEqual({
      ok: false,
      fields: { 'variant.priceIncVat': 'Enter a price more than £0', 'variant.stockOnHand': 'Enter the stock on hand, 0 if there is none yet' },
    });
    expect(checkNewVariantForm({ ...typed, 'variant.stockOnHand': '-3' }, 'variant.')).toEqual({
      ok: false,
      fields: { 'variant.stockOnHand': 'Enter a whole number, for example 100' },
    });
  });
});

describe('the words for a new variant', () => {
  it('follow what the variants differ by: a size is asked for as a size, not a finish', () => {
    expect(variantWords('size')).toEqual({ one: 'a size', label: 'Size', hint: 'As shoppers choose it, for example 600 mm' });
    expect(variantWords('finish')).toEqual({ one: 'a finish', label: 'Finish', hint: 'As shoppers choose it, for example Matt black' });
    expect(variantWords('size and finish').hint).toBe('As shoppers choose it, for example 600 mm, Matt black');
    expect(variantWords(FIRST_VARIANT_OPTION)).toMatchObject({ label: 'Finish or size', hint: 'As shoppers choose it, for example Matt black or 600 mm' });
  });
});

describe('the add a product form', () => {
  it('names every problem at once in the order of the fields on the page, the name and brand before the price and stock', () => {
    const checked = checkNewProductForm({
      name: ' ',
      description: '',
      brandSlug: '',
      categorySlug: 'pedestal-basins',
      'variant.sku': 'HB-1',
      'variant.label': '',
      'variant.priceIncVat': '0',
      'variant.vatRateCode': 'standard',
      'variant.stockOnHand': '',
    });
    expect(checked.ok ? null : Object.entries(checked.fields)).toEqual([
      ['name', 'Enter the product name'],
      ['brandSlug', 'Choose a brand'],
      ['variant.label', 'Enter the finish or size'],
      ['variant.priceIncVat', 'Enter a price more than £0'],
      ['variant.stockOnHand', 'Enter the stock on hand, 0 if there is none yet'],
    ]);
  });

  it('is the API’s body once the price and stock can be read (the API checks the rest, and answers in the same order)', () => {
    const values = { name: 'Basin', brandSlug: 'aveline', categorySlug: 'basins', 'variant.sku': 'HB-1', 'variant.label': 'White' };
    expect(checkNewProductForm({ ...values, 'variant.priceIncVat': '149.00', 'variant.vatRateCode': 'standard', 'variant.stockOnHand': '3' })).toEqual({
      ok: true,
      body: {
        name: 'Basin',
        description: '',
        brandSlug: 'aveline',
        categorySlug: 'basins',
        variant: { sku: 'HB-1', label: 'White', priceIncVat: 14_900, vatRateCode: 'standard', stockOnHand: 3 },
      },
    });
  });
});
