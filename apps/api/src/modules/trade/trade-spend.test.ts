import { describe, expect, it } from 'vitest';
import type { TradeBand } from '../pricing/index.ts';
import { bandProgress, bandToMoveUpTo, mayMoveUp, netExVat, savingsAtBand, spendTotals, spendWindows, ukMidnight, type SpendOrder } from './trade-spend.ts';

const BANDS: TradeBand[] = [
  { code: 'T1', name: 'Trade Starter', discountBasisPoints: 500, qualifyingSpendExVat: 0 },
  { code: 'T2', name: 'Silver', discountBasisPoints: 1000, qualifyingSpendExVat: 250_000 },
  { code: 'T3', name: 'Gold', discountBasisPoints: 1250, qualifyingSpendExVat: 1_000_000 },
  { code: 'T4', name: 'Platinum', discountBasisPoints: 1500, qualifyingSpendExVat: 2_500_000 },
];
const [T1, T2, T3, T4] = BANDS as [TradeBand, TradeBand, TradeBand, TradeBand];

const order = (placedAt: string, totalIncVat: number, refundedIncVat = 0, savingsExVat = 0): SpendOrder => ({
  placedAt: new Date(placedAt),
  totalIncVat,
  totalExVat: Math.round(totalIncVat / 1.2),
  refundedIncVat,
  savingsExVat,
});

describe('spend', () => {
  it('is ex VAT and net of refunds: a half-refunded order counts half, a refunded one nothing', () => {
    expect(netExVat({ totalIncVat: 12_000, totalExVat: 10_000, refundedIncVat: 0 })).toBe(10_000);
    expect(netExVat({ totalIncVat: 12_000, totalExVat: 10_000, refundedIncVat: 6_000 })).toBe(5_000);
    expect(netExVat({ totalIncVat: 12_000, totalExVat: 10_000, refundedIncVat: 12_000 })).toBe(0);
    expect(netExVat({ totalIncVat: 0, totalExVat: 0, refundedIncVat: 0 })).toBe(0);
  });

  it('counts calendar months and quarters in UK time, and the rolling year', () => {
    // 1 April 2026 00:30 in London is 31 March 23:30 UTC (BST).
    const now = new Date('2026-05-20T12:00:00Z');
    const windows = spendWindows(now);
    expect(windows.monthStart.toISOString()).toBe('2026-04-30T23:00:00.000Z');
    expect(windows.quarterStart.toISOString()).toBe('2026-03-31T23:00:00.000Z');
    expect(windows.yearAgo.toISOString()).toBe('2025-05-20T12:00:00.000Z');
    const totals = spendTotals(
      [
        order('2026-05-02T09:00:00Z', 12_000, 0, 500),
        order('2026-03-31T23:30:00Z', 24_000, 12_000),
        order('2026-03-31T22:30:00Z', 1_200),
        order('2025-05-20T11:00:00Z', 99_999),
      ],
      now,
    );
    expect(totals).toEqual({ thisMonthExVat: 10_000, thisQuarterExVat: 20_000, last12MonthsExVat: 21_000, savingsLast12MonthsExVat: 500 });
  });

  it('finds UK midnight on either side of the clocks changing', () => {
    expect(ukMidnight(2026, 1, 1).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(ukMidnight(2026, 3, 29).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(ukMidnight(2026, 3, 30).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(ukMidnight(2026, 13, 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('bands', () => {
  it('say how far the next band is', () => {
    expect(bandProgress(BANDS, T1, 125_000)).toEqual({ nextBand: T2, spendToNextBandExVat: 125_000, progressBasisPoints: 5000 });
    expect(bandProgress(BANDS, T2, 400_000)).toEqual({ nextBand: T3, spendToNextBandExVat: 600_000, progressBasisPoints: 2000 });
    expect(bandProgress(BANDS, T4, 10)).toEqual({ nextBand: null, spendToNextBandExVat: null, progressBasisPoints: 10_000 });
    // Set above its spend by staff: no progress yet.
    expect(bandProgress(BANDS, T3, 5_000)).toMatchObject({ nextBand: T4, progressBasisPoints: 0 });
  });

  it('move a business up to the highest band its spend reaches, never down', () => {
    expect(bandToMoveUpTo(BANDS, T1, 249_999)).toBeNull();
    expect(bandToMoveUpTo(BANDS, T1, 250_000)).toBe(T2);
    expect(bandToMoveUpTo(BANDS, T1, 1_200_000)).toBe(T3);
    expect(bandToMoveUpTo(BANDS, T3, 300_000)).toBeNull();
    expect(bandToMoveUpTo(BANDS, T4, 9_999_999)).toBeNull();
  });

  it('need not read where orders stand while what they came to as placed is short of the next band, or on the top band', () => {
    expect(mayMoveUp(BANDS, T1, 249_999)).toBe(false);
    expect(mayMoveUp(BANDS, T1, 250_000)).toBe(true);
    expect(mayMoveUp(BANDS, T2, 999_999)).toBe(false);
    expect(mayMoveUp(BANDS, T3, 1_000_000_000)).toBe(true);
    expect(mayMoveUp(BANDS, T4, 1_000_000_000)).toBe(false);
    // Never a move the sum as placed rules out: spend net of refunds is at most that sum.
    const year = [order('2026-03-01T10:00:00Z', 180_000, 60_000), order('2026-05-01T10:00:00Z', 150_000)];
    const now = new Date('2026-06-01T10:00:00Z');
    const placed = year.reduce((sum, placedOrder) => sum + placedOrder.totalExVat, 0);
    const spend = spendTotals(year, now).last12MonthsExVat;
    expect(spend).toBeLessThan(placed);
    expect(mayMoveUp(BANDS, T1, placed)).toBe(true);
    expect(bandToMoveUpTo(BANDS, T1, spend)).toBeNull();
  });

  it('know what trade prices saved: the retail price grossed back up by the discount', () => {
    expect(savingsAtBand(9_000, 1000)).toBe(1_000);
    expect(savingsAtBand(9_500, 500)).toBe(500);
    expect(savingsAtBand(9_000, 0)).toBe(0);
  });
});
