import type { BasketLine } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { basketTotals, RETAIL_PRICING, tradePricing, unitPrice, type PricedOffering, type PriceList, type TradeBand, type VatRate } from './pricing-rules.ts';

const rate = (code: string, basisPoints: number): VatRate => ({ code, name: code, basisPoints, inForceFrom: '2011-01-04' });
const vatRates = new Map([
  ['standard', rate('standard', 2000)],
  ['reduced', rate('reduced', 500)],
  ['zero', rate('zero', 0)],
]);
const band = (code: string, discountBasisPoints: number): TradeBand => ({ code, name: code, discountBasisPoints, qualifyingSpendExVat: 0 });
const retail: PriceList = { pricing: RETAIL_PRICING, vatRates };
const trade = (discountBasisPoints: number): PriceList => ({ pricing: tradePricing(band('T9', discountBasisPoints)), vatRates });

const offering = (overrides: Partial<PricedOffering> = {}): PricedOffering => ({
  isBundle: false,
  priceIncVat: 12_000,
  priceExVat: 10_000,
  wasPriceIncVat: null,
  vatRateCode: 'standard',
  ...overrides,
});

/** A line as the basket prices it: available, one VAT-inclusive price. */
const line = (sku: string, lineTotalIncVat: number, overrides: Partial<BasketLine> = {}): BasketLine => ({
  sku,
  productId: 1,
  productName: sku,
  productSlug: sku,
  label: '',
  imageUrl: null,
  packQty: 1,
  quantity: 1,
  stockStatus: 'in_stock',
  maxQuantity: 10,
  deliveryClass: 'parcel',
  available: true,
  unavailableReason: null,
  unitPriceIncVat: lineTotalIncVat,
  unitPriceExVat: Math.round(lineTotalIncVat / 1.2),
  wasUnitPriceIncVat: null,
  lineTotalIncVat,
  lineTotalExVat: Math.round(lineTotalIncVat / 1.2),
  lineSavingsIncVat: 0,
  ...overrides,
});

describe('unit prices', () => {
  it("takes the trade band off the ex-VAT price and adds back the product's own VAT rate, but not off a bundle already on promotion", () => {
    expect(unitPrice(offering(), trade(1250))).toEqual({ exVat: 8_750, incVat: 10_500, wasIncVat: 12_000 });
    expect(unitPrice(offering({ priceIncVat: 10_500, vatRateCode: 'reduced' }), trade(1000))).toEqual({ exVat: 9_000, incVat: 9_450, wasIncVat: 10_500 });
    expect(unitPrice(offering({ isBundle: true, wasPriceIncVat: 15_000 }), trade(2000))).toEqual({ exVat: 10_000, incVat: 12_000, wasIncVat: 15_000 });
    expect(unitPrice(offering(), retail)).toEqual({ exVat: 10_000, incVat: 12_000, wasIncVat: null });
  });

  it('never charges a trade customer more than retail', () => {
    expect(unitPrice(offering({ priceIncVat: 1, priceExVat: 1 }), trade(100))).toEqual({ exVat: 1, incVat: 1, wasIncVat: null });
  });

  it('names the band and its discount as the basket shows them', () => {
    expect(tradePricing({ ...band('T3', 1250), name: 'Gold' })).toEqual({
      tradePriced: true,
      tradeBand: 'T3',
      tradeBandName: 'Gold',
      tradeDiscountBasisPoints: 1250,
    });
  });

  it('refuses a VAT rate the price list does not have, rather than guess one', () => {
    expect(() => unitPrice(offering({ vatRateCode: 'luxury' }), trade(500))).toThrow('No VAT rate "luxury"');
  });
});

describe('basket totals', () => {
  it('splits VAT per rate after apportioning the discount, and charges delivery at the standard rate', () => {
    const lines = [line('A', 3_000, { lineTotalExVat: 2_500 }), line('B', 1_050, { lineTotalExVat: 1_000 })];
    const totals = basketTotals(
      {
        lines,
        vatRateCodes: new Map([
          ['A', 'standard'],
          ['B', 'reduced'],
        ]),
        discountPence: 405,
      },
      retail,
    );
    expect(totals).toMatchObject({ subtotalIncVat: 4_050, discountIncVat: 405, totalIncVat: 4_050 - 405 + 495 });
    expect(totals.delivery).toMatchObject({ code: 'standard', priceIncVat: 495 });
    expect(totals.vat).toEqual([
      { rateCode: 'standard', basisPoints: 2000, grossPence: 3_000 - 300 + 495, vatPence: 533, netPence: 3_195 - 533 },
      { rateCode: 'reduced', basisPoints: 500, grossPence: 1_050 - 105, vatPence: 45, netPence: 900 },
    ]);
    expect(totals.totalVat).toBe(578);
    expect(totals.totalExVat).toBe(totals.totalIncVat - 578);
  });

  it('follows the rows: a different standard rate changes the VAT on delivery', () => {
    const list = { vatRates: new Map([['standard', rate('standard', 1750)]]) };
    // The line's ex-VAT price was worked out with the same 17.5%.
    const totals = basketTotals({ lines: [line('A', 5_000, { lineTotalExVat: 4_255 })], vatRateCodes: new Map([['A', 'standard']]), discountPence: 0 }, list);
    expect(totals.vat).toEqual([{ rateCode: 'standard', basisPoints: 1750, grossPence: 5_000, vatPence: 745, netPence: 4_255 }]);
  });

  it('works VAT out per line, once: at trade prices the subtotal ex VAT and the total ex VAT agree to the penny', () => {
    // Issue 33's trade basket at Gold (12.5% off): the VAT of the total (£147.32 in £883.93) made its
    // total ex VAT £736.61 beside a subtotal ex VAT of £736.60, the sum of the lines' ex-VAT prices.
    const gold = trade(1250);
    const priced = (sku: string, retailExVat: number, quantity: number) => {
      const price = unitPrice(offering({ priceExVat: retailExVat, priceIncVat: Math.round(retailExVat * 1.2) }), gold);
      return line(sku, price.incVat * quantity, {
        quantity,
        unitPriceIncVat: price.incVat,
        unitPriceExVat: price.exVat,
        lineTotalExVat: price.exVat * quantity,
      });
    };
    const lines = [priced('A', 20_003, 2), priced('B', 44_176, 1)];
    expect(lines.map((entry) => [entry.unitPriceExVat, entry.unitPriceIncVat])).toEqual([
      [17_503, 21_004],
      [38_654, 46_385],
    ]);
    const codes = new Map([
      ['A', 'standard'],
      ['B', 'standard'],
    ]);
    const chosenDelivery = { code: 'click_collect', name: 'Click & collect', priceIncVat: 0 };
    const totals = basketTotals({ lines, vatRateCodes: codes, discountPence: 0, chosenDelivery }, gold);
    expect(totals).toMatchObject({ subtotalIncVat: 88_393, subtotalExVat: 73_660, totalIncVat: 88_393, totalExVat: 73_660, totalVat: 14_733 });
    expect(totals.vat).toEqual([{ rateCode: 'standard', basisPoints: 2000, grossPence: 88_393, vatPence: 14_733, netPence: 73_660 }]);

    // A discount and a delivery charge are lines of their own: each one's VAT is worked out once, and the sums still agree.
    const withBoth = basketTotals({ lines, vatRateCodes: codes, discountPence: 1_000, chosenDelivery: { ...chosenDelivery, priceIncVat: 995 } }, gold);
    const discountExVat = 1_000 - Math.round(1_000 / 6);
    const deliveryExVat = 995 - Math.round(995 / 6);
    expect(withBoth.totalExVat).toBe(73_660 - discountExVat + deliveryExVat);
    expect(withBoth.totalIncVat - withBoth.totalVat).toBe(withBoth.totalExVat);
  });

  it('refuses a line whose VAT rate it was not told', () => {
    expect(() => basketTotals({ lines: [line('A', 1_000)], vatRateCodes: new Map(), discountPence: 0 }, retail)).toThrow('No VAT rate named for A');
  });
});

describe('delivery estimate', () => {
  const parcel = (priceIncVat: number) => line('P', priceIncVat);
  const large = (priceIncVat: number) => line('L', priceIncVat, { deliveryClass: 'pallet' });
  const codes = new Map([
    ['P', 'standard'],
    ['L', 'standard'],
  ]);
  const totals = (lines: BasketLine[], discountPence = 0, chosenDelivery?: { code: string; name: string; priceIncVat: number }) =>
    basketTotals({ lines, vatRateCodes: codes, discountPence, chosenDelivery }, retail);

  it('says how much more to spend for free delivery, by the rate the basket needs', () => {
    expect(totals([parcel(4_500)]).delivery).toMatchObject({ code: 'standard', priceIncVat: 495, freeFromIncVat: 5_000, spendForFreeIncVat: 500 });
    expect(totals([parcel(5_000)]).delivery).toMatchObject({ code: 'standard', priceIncVat: 0, spendForFreeIncVat: null });
    // One large item makes the whole basket kerbside, free from £499.
    expect(totals([parcel(4_500), large(42_297)]).delivery).toMatchObject({
      code: 'large_kerbside',
      priceIncVat: 2_995,
      freeFromIncVat: 49_900,
      spendForFreeIncVat: 3_103,
    });
  });

  it('counts the goods after the discount, as checkout does', () => {
    const discounted = totals([parcel(5_200)], 500);
    expect(discounted.delivery).toMatchObject({ priceIncVat: 495, spendForFreeIncVat: 300 });
    expect(discounted.totalIncVat).toBe(5_200 - 500 + 495);
  });

  it('never counts a delivery discount against the goods: the threshold and the VAT stay on the goods as they are', () => {
    // FREEDELIVERY on one large item: the kerbside charge is taken off, the goods are not.
    const freeDelivery = basketTotals({ lines: [large(12_899)], vatRateCodes: codes, discountPence: 2_995, deliveryDiscountPence: 2_995 }, retail);
    expect(freeDelivery.delivery).toMatchObject({ code: 'large_kerbside', priceIncVat: 2_995, spendForFreeIncVat: null });
    expect(freeDelivery).toMatchObject({ discountIncVat: 2_995, totalIncVat: 12_899 });
    expect(freeDelivery.vat).toEqual([{ rateCode: 'standard', basisPoints: 2_000, grossPence: 12_899, vatPence: 2_150, netPence: 10_749 }]);
    // Part of the charge off: still short of the threshold by the goods alone.
    const partly = basketTotals({ lines: [large(12_899)], vatRateCodes: codes, discountPence: 1_000, deliveryDiscountPence: 1_000 }, retail);
    expect(partly.delivery).toMatchObject({ priceIncVat: 2_995, spendForFreeIncVat: 49_900 - 12_899 });
    expect(partly.totalIncVat).toBe(12_899 + 2_995 - 1_000);
  });

  it('has no threshold once an option is chosen at checkout', () => {
    expect(totals([parcel(100)], 0, { code: 'next_day', name: 'Next working day', priceIncVat: 695 }).delivery).toEqual({
      code: 'next_day',
      name: 'Next working day',
      priceIncVat: 695,
      isEstimate: false,
      freeFromIncVat: null,
      spendForFreeIncVat: null,
    });
  });
});
