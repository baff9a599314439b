import { describe, expect, it } from 'vitest';
import { referencePrice, type PriceStep } from './reference-price.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
/** Steps from [price, first day] pairs, each running until the next begins; the last is in force. */
const history = (...prices: [incVat: number, from: number][]): PriceStep[] =>
  prices.map(([incVat, from], index) => ({
    priceIncVat: incVat,
    priceExVat: Math.round(incVat / 1.2),
    effectiveFrom: day(from),
    effectiveUntil: index + 1 < prices.length ? day(prices[index + 1]![1]) : null,
  }));

describe('reference ("was") price', () => {
  it('shows the higher price charged for 28 days or more immediately before the reduction', () => {
    expect(referencePrice(history([12_999, 0], [9_999, 28]), day(30))).toEqual({ wasPriceIncVat: 12_999, wasPriceExVat: 10_833, shownUntil: day(56) });
  });

  it('shows none when the higher price was charged for less than 28 days', () => {
    expect(referencePrice(history([12_999, 0], [9_999, 27]), day(28))).toBeNull();
  });

  it('shows it no longer than the higher price was charged', () => {
    const steps = history([12_999, 0], [9_999, 40]);
    expect(referencePrice(steps, day(79))?.wasPriceIncVat).toBe(12_999);
    expect(referencePrice(steps, day(80))).toBeNull();
  });

  it('shows none after a rise, nor for a price that was lower before', () => {
    expect(referencePrice(history([12_999, 0], [9_999, 60], [10_999, 70]), day(72))).toBeNull();
    expect(referencePrice(history([9_999, 0], [12_999, 60]), day(62))).toBeNull();
  });

  it('compares a second reduction with the price just before it, which must itself have run 28 days', () => {
    expect(referencePrice(history([14_999, 0], [12_999, 60], [9_999, 70]), day(72))).toBeNull();
    expect(referencePrice(history([14_999, 0], [12_999, 60], [9_999, 90]), day(92))?.wasPriceIncVat).toBe(12_999);
  });

  it('shows none for a single price, a gap in the history, or a change still to come', () => {
    expect(referencePrice(history([9_999, 0]), day(100))).toBeNull();
    const gap = history([12_999, 0], [9_999, 60]);
    gap[0]!.effectiveUntil = day(50);
    expect(referencePrice(gap, day(62))).toBeNull();
    expect(referencePrice(history([12_999, 0], [9_999, 60]), day(59))).toBeNull();
  });
});
