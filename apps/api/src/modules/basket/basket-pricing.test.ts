import { describe, expect, it } from 'vitest';
import type { SellableOffering } from '../catalogue/index.ts';
import { basketTotals, priceLine, RETAIL_PRICING, sellableQuantity, tradePricing, unitPrice } from './basket-pricing.ts';
import { formatRetrievalCode, newRetrievalCode, normaliseRetrievalCode, RETRIEVAL_ALPHABET } from './retrieval-code.ts';

const offering = (overrides: Partial<SellableOffering> = {}): SellableOffering => ({
  sku: 'SKU-1', productId: 1, productName: 'Basin', productSlug: 'basin', label: '500 mm', imageUrl: null, categoryId: 1, brandId: 1,
  isBundle: false, deliveryClass: 'parcel', packQty: 1, priceIncVat: 12_000, priceExVat: 10_000, wasPriceIncVat: null,
  vatRateCode: 'standard', vatBasisPoints: 2000, stockStatus: 'in_stock', freeStock: 10, eta: null, ...overrides,
});

describe('basket pricing', () => {
  it('takes the trade band off the ex-VAT price, but not off a bundle already on promotion', () => {
    expect(unitPrice(offering(), tradePricing('T3'))).toEqual({ exVat: 8_750, incVat: 10_500, wasIncVat: 12_000 });
    expect(unitPrice(offering({ isBundle: true, wasPriceIncVat: 15_000 }), tradePricing('T5'))).toEqual({ exVat: 10_000, incVat: 12_000, wasIncVat: 15_000 });
    expect(unitPrice(offering(), RETAIL_PRICING)).toEqual({ exVat: 10_000, incVat: 12_000, wasIncVat: null });
  });

  it('sells free stock, any number made to order, nothing out of stock', () => {
    expect(sellableQuantity(offering({ freeStock: 3 }))).toBe(3);
    expect(sellableQuantity(offering({ stockStatus: 'made_to_order', freeStock: 0 }))).toBe(999);
    expect(sellableQuantity(offering({ stockStatus: 'out_of_stock', freeStock: 5 }))).toBe(0);
    expect(priceLine({ sku: 'SKU-1', quantity: 4 }, offering({ freeStock: 3 }), RETAIL_PRICING)).toMatchObject({ available: false, unavailableReason: 'insufficient_stock' });
  });

  it('splits VAT per rate after apportioning the discount, and charges delivery at the standard rate', () => {
    const lines = [
      priceLine({ sku: 'A', quantity: 1 }, offering({ sku: 'A', priceIncVat: 3_000, priceExVat: 2_500 }), RETAIL_PRICING),
      priceLine({ sku: 'B', quantity: 1 }, offering({ sku: 'B', priceIncVat: 1_050, priceExVat: 1_000, vatRateCode: 'reduced', vatBasisPoints: 500 }), RETAIL_PRICING),
    ];
    const rates = new Map([['A', { rateCode: 'standard', basisPoints: 2000 }], ['B', { rateCode: 'reduced', basisPoints: 500 }]]);
    const totals = basketTotals(lines, rates, 405);
    expect(totals).toMatchObject({ subtotalIncVat: 4_050, discountIncVat: 405, totalIncVat: 4_050 - 405 + 495 });
    expect(totals.delivery).toMatchObject({ code: 'standard', priceIncVat: 495 });
    expect(totals.vat).toEqual([
      { rateCode: 'standard', basisPoints: 2000, grossPence: 3_000 - 300 + 495, vatPence: 533, netPence: 3_195 - 533 },
      { rateCode: 'reduced', basisPoints: 500, grossPence: 1_050 - 105, vatPence: 45, netPence: 900 },
    ]);
    expect(totals.totalVat).toBe(578);
    expect(totals.totalExVat).toBe(totals.totalIncVat - 578);
  });
});

describe('delivery estimate', () => {
  const parcel = (priceIncVat: number) => priceLine({ sku: 'P', quantity: 1 }, offering({ sku: 'P', priceIncVat, priceExVat: Math.round(priceIncVat / 1.2) }), RETAIL_PRICING);
  const large = (priceIncVat: number) => priceLine({ sku: 'L', quantity: 1 }, offering({ sku: 'L', deliveryClass: 'pallet', priceIncVat, priceExVat: Math.round(priceIncVat / 1.2) }), RETAIL_PRICING);
  const rates = new Map<string, { rateCode: string; basisPoints: number }>();

  it('says how much more to spend for free delivery, by the rate the basket needs', () => {
    expect(basketTotals([parcel(4_500)], rates, 0).delivery).toMatchObject({ code: 'standard', priceIncVat: 495, freeFromIncVat: 5_000, spendForFreeIncVat: 500 });
    expect(basketTotals([parcel(5_000)], rates, 0).delivery).toMatchObject({ code: 'standard', priceIncVat: 0, spendForFreeIncVat: null });
    // One large item makes the whole basket kerbside, free from £499.
    expect(basketTotals([parcel(4_500), large(42_297)], rates, 0).delivery).toMatchObject({ code: 'large_kerbside', priceIncVat: 2_995, freeFromIncVat: 49_900, spendForFreeIncVat: 3_103 });
  });

  it('counts the goods after the discount, as checkout does', () => {
    const totals = basketTotals([parcel(5_200)], rates, 500);
    expect(totals.delivery).toMatchObject({ priceIncVat: 495, spendForFreeIncVat: 300 });
    expect(totals.totalIncVat).toBe(5_200 - 500 + 495);
  });

  it('has no threshold once an option is chosen at checkout', () => {
    expect(basketTotals([parcel(100)], rates, 0, { code: 'next_day', name: 'Next working day', priceIncVat: 695 }).delivery).toEqual({
      code: 'next_day', name: 'Next working day', priceIncVat: 695, isEstimate: false, freeFromIncVat: null, spendForFreeIncVat: null,
    });
  });
});

describe('retrieval codes', () => {
  it('use no look-alike characters and read back however they are typed', () => {
    for (const char of '01OILU') expect(RETRIEVAL_ALPHABET).not.toContain(char);
    const code = newRetrievalCode();
    expect(normaliseRetrievalCode(` ${formatRetrievalCode(code).toLowerCase()} `)).toBe(code);
    expect(normaliseRetrievalCode('ABCD-EFG0')).toBeNull();
    expect(normaliseRetrievalCode('ABC')).toBeNull();
  });
});
