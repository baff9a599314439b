import { describe, expect, it } from 'vitest';
import { checkPriceForm, productFilters, productsHref } from './products.ts';

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
