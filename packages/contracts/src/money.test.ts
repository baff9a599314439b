import { describe, expect, it } from 'vitest';
import { formatPence, formatPenceShort, lineTotalExVatOf, vatInPence, vatPerLine } from './money.ts';

describe('formatPence', () => {
  it('shows pounds and pence with a thousands separator', () => {
    expect(formatPence(123_450)).toBe('£1,234.50');
    expect(formatPence(495)).toBe('£4.95');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(99_999_999)).toBe('£999,999.99');
  });

  it('puts the sign before the pound sign', () => {
    expect(formatPence(-500)).toBe('-£5.00');
  });

  it('refuses fractions of a penny, which no amount of money in the shop has', () => {
    expect(() => formatPence(12.5)).toThrow(RangeError);
    expect(() => formatPenceShort(12.5)).toThrow(RangeError);
    expect(() => formatPence(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatPenceShort', () => {
  it('drops .00 only for round amounts', () => {
    expect(formatPenceShort(49_900)).toBe('£499');
    expect(formatPenceShort(100_000_000)).toBe('£1,000,000');
    expect(formatPenceShort(0)).toBe('£0');
    expect(formatPenceShort(2995)).toBe('£29.95');
    expect(formatPenceShort(1250)).toBe('£12.50');
    expect(formatPenceShort(123_456)).toBe('£1,234.56');
  });
});

describe('VAT in a price', () => {
  it('is the VAT a VAT-inclusive amount holds at its rate, to the penny', () => {
    expect([vatInPence(12_000, 2_000), vatInPence(999, 2_000), vatInPence(1_050, 500), vatInPence(1_050, 0)]).toEqual([2_000, 167, 50, 0]);
  });

  it('leaves a line ex VAT as its unit less the VAT in it, × quantity: not the line total less the VAT in that', () => {
    expect(lineTotalExVatOf(999, 3, 2_000)).toBe(2_496);
    expect(3 * 999 - vatInPence(3 * 999, 2_000)).toBe(2_497);
    expect(lineTotalExVatOf(1_050, 2, 0)).toBe(2_100);
  });
});

describe('VAT per line', () => {
  const line = (rate: string, basisPoints: number, unit: number, quantity: number) => ({
    rate,
    basisPoints,
    grossPence: unit * quantity,
    netPence: lineTotalExVatOf(unit, quantity, basisPoints),
  });

  it('is each rate’s gross less its lines’ nets, the discount and delivery lines of their own, so it adds up to the penny', () => {
    const goods = [line('standard', 2_000, 999, 3), line('reduced', 500, 1_050, 2), line('standard', 2_000, 4_999, 1)];
    const rates = vatPerLine(goods, 1_000, { rate: 'standard', basisPoints: 2_000, grossPence: 599 });
    // The discount shared by the goods: 1,000 × 7,996 ÷ 10,096 = 792 at 20% (132 VAT in it), the last rate the 208 left (10 VAT).
    expect(rates).toEqual([
      { rate: 'standard', basisPoints: 2_000, grossPence: 7_996 - 792 + 599, netPence: 2_496 + 4_166 - (792 - 132) + 499, vatPence: 501 + 833 - 132 + 100 },
      { rate: 'reduced', basisPoints: 500, grossPence: 2_100 - 208, netPence: 2_000 - (208 - 10), vatPence: 100 - 10 },
    ]);
    // The VAT of each rate's sum would be a penny less at 20%.
    expect(vatInPence(7_996 - 792 + 599, 2_000)).toBe(rates[0]!.vatPence - 1);
  });

  it('leaves out a rate with nothing left to pay, and needs no goods for delivery', () => {
    expect(vatPerLine([line('zero', 0, 500, 1)], 500, { rate: 'standard', basisPoints: 2_000, grossPence: 0 })).toEqual([]);
    expect(vatPerLine([], 0, { rate: 'standard', basisPoints: 2_000, grossPence: 600 })).toEqual([
      { rate: 'standard', basisPoints: 2_000, grossPence: 600, netPence: 500, vatPence: 100 },
    ]);
  });
});
