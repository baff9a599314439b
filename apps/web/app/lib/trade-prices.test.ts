import type { ProductCard } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { withTradePrices } from './trade-prices.ts';

const card = (sku: string) => ({ sku, tradePrices: null }) as unknown as ProductCard;
const trade = { priceIncTax: 11_400, priceExcTax: 9_500, tradeBand: 'T1', tradeBandName: 'Trade Starter', tradeDiscountBasisPoints: 500 };

describe('withTradePrices', () => {
  it('fills in the prices of the skus it has, and leaves the rest without', () => {
    const cards = [card('A-1'), card('B-1')];
    expect(withTradePrices(cards, new Map([['A-1', trade]])).map((entry) => entry.tradePrices)).toEqual([trade, null]);
  });

  it('returns the very cards when there are no trade prices (a retail shopper)', () => {
    const cards = [card('A-1')];
    expect(withTradePrices(cards, null)).toBe(cards);
  });
});
