import { describe, expect, it } from 'vitest';
import { buyAgainScore, rankBuyAgain, RECENCY_HALF_DAYS } from './buy-again-rank.ts';

const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const product = (sku: string, timesOrdered: number, days: number) => ({ sku, timesOrdered, quantityOrdered: timesOrdered, lastOrderedAt: daysAgo(days) });

describe('buy-again ranking', () => {
  it('halves how often counts once the last order is the half-life old', () => {
    expect(buyAgainScore(product('A', 10, 0), now)).toBe(10);
    expect(buyAgainScore(product('A', 10, RECENCY_HALF_DAYS), now)).toBe(5);
  });

  it('puts what is bought often and lately first, and a burst long ago behind a weekly buy', () => {
    const ranked = rankBuyAgain([product('OLD-BURST', 10, 300), product('WEEKLY', 6, 3), product('ONCE', 1, 1), product('MONTHLY', 3, 20)], now);
    expect(ranked.map((entry) => entry.sku)).toEqual(['WEEKLY', 'MONTHLY', 'OLD-BURST', 'ONCE']);
  });

  it('breaks ties by recency, then by sku, so the order is stable', () => {
    const ranked = rankBuyAgain([product('B', 2, 0), product('A', 2, 0), product('C', 4, 60)], now);
    expect(ranked.map((entry) => entry.sku)).toEqual(['A', 'B', 'C']);
  });
});
