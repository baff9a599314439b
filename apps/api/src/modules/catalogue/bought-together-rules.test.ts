import { describe, expect, it } from 'vitest';
import { MIN_ORDERS_TOGETHER, PAIRS_KEPT, liftOf, pairsOf, rankBoughtTogether, whyOf, type Choice } from './bought-together-rules.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));

describe('pairs from orders', () => {
  it('scores each pair by lift, both ways round, and leaves out chance: too few orders, or no more often than unrelated products', () => {
    // 100 orders; a basin (1) in 10, its waste (2) in 8 with 6 together: lift 6 × 100 / (10 × 8) = 7.5.
    // A best seller (3) in 50, with the basin in 5: lift 1.0, what any two unrelated products show.
    const holding = new Map([
      [1, 10],
      [2, 8],
      [3, 50],
      [4, 2],
    ]);
    const pairs = pairsOf({
      orders: 100,
      holding,
      together: [
        [1, 2, 6],
        [1, 3, 5],
        [1, 4, MIN_ORDERS_TOGETHER - 1],
      ],
    });
    expect(pairs).toEqual([
      { productId: 1, pairedProductId: 2, ordersTogether: 6, liftHundredths: 750 },
      { productId: 2, pairedProductId: 1, ordersTogether: 6, liftHundredths: 750 },
    ]);
  });

  it(`keeps each product's ${PAIRS_KEPT} strongest pairs`, () => {
    const others = Array.from({ length: PAIRS_KEPT + 5 }, (_, index) => index + 2);
    const holding = new Map([[1, 100], ...others.map((id): [number, number] => [id, id])]);
    const pairs = pairsOf({ orders: 1000, holding, together: others.map((id): [number, number, number] => [1, id, 3]) });
    const ofOne = pairs.filter((pair) => pair.productId === 1);
    expect(ofOne).toHaveLength(PAIRS_KEPT);
    // The rarer the other product, the higher the lift of three orders together.
    expect(ofOne[0]!.pairedProductId).toBe(2);
  });
});

describe('the row shoppers see', () => {
  const pairs = [
    { productId: 1, pairedProductId: 5, ordersTogether: 4, liftHundredths: 300 },
    { productId: 1, pairedProductId: 6, ordersTogether: 9, liftHundredths: 900 },
    { productId: 1, pairedProductId: 7, ordersTogether: 3, liftHundredths: 300 },
  ];
  const choice = (pairedProductId: number, kind: Choice['choice'], minute: number): Choice => ({
    productId: 1,
    pairedProductId,
    choice: kind,
    chosenAt: at(minute),
  });

  it('puts pins first in the order they were made, then pairs by lift and orders, never what is blocked or left out', () => {
    expect(rankBoughtTogether(pairs, [], new Set())).toEqual([6, 5, 7]);
    expect(rankBoughtTogether(pairs, [choice(9, 'pinned', 2), choice(7, 'pinned', 1), choice(6, 'blocked', 3)], new Set([5]))).toEqual([7, 9]);
  });

  it('ranks a product paired with several of a basket’s lines by its strongest pair', () => {
    const basket = [...pairs, { productId: 2, pairedProductId: 5, ordersTogether: 20, liftHundredths: 2000 }];
    expect(rankBoughtTogether(basket, [], new Set([1, 2]))).toEqual([5, 6, 7]);
  });
});

describe('why, for staff', () => {
  it('says the orders and the lift in words, and what staff chose or why it is not shown', () => {
    const pair = { ordersTogether: 37, liftHundredths: 418 };
    expect(liftOf(418)).toBe(4.2);
    expect(whyOf(pair, null, null)).toBe('37 orders together, 4.2 times more often than by chance');
    expect(whyOf(pair, 'blocked', null)).toBe('Blocked by staff (37 orders together, 4.2 times more often than by chance)');
    expect(whyOf(null, 'pinned', 'out of stock')).toBe('Pinned by staff (no orders together); not shown while it is out of stock');
  });
});
