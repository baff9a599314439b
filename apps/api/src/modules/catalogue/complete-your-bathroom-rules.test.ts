import { describe, expect, it } from 'vitest';
import { itemsToComplete, type EssentialOf } from './complete-your-bathroom-rules.ts';

// A basin (1) needs a waste (10, basin wastes: 100) and goes with a trap (11, traps: 101);
// a bath (2) needs a panel (20, bath panels: 200) and a waste (21, bath wastes: 201).
const BASIN: EssentialOf[] = [
  { forProductId: 1, productId: 11, categoryId: 101, requirement: 'recommended', position: 1 },
  { forProductId: 1, productId: 10, categoryId: 100, requirement: 'required', position: 0 },
];
const BATH: EssentialOf[] = [
  { forProductId: 2, productId: 20, categoryId: 200, requirement: 'required', position: 0 },
  { forProductId: 2, productId: 21, categoryId: 201, requirement: 'required', position: 1 },
];

describe('complete your bathroom', () => {
  it("suggests what the basket's products need before what goes with them, in the basket's order", () => {
    expect(itemsToComplete([...BASIN, ...BATH], { productIds: [2, 1], categoryIds: new Set([1000, 2000]) })).toEqual([20, 21, 10, 11]);
  });

  it('leaves out an item of a kind the basket already has, even another one of it', () => {
    // A different basin waste (12) is in the basket: the basin has its waste.
    expect(itemsToComplete(BASIN, { productIds: [1, 12], categoryIds: new Set([1000, 100]) })).toEqual([11]);
  });

  it('names each product once, however many lines need it, and nothing in the basket', () => {
    const twoBasins = [...BASIN, { forProductId: 3, productId: 10, categoryId: 100, requirement: 'required' as const, position: 0 }];
    expect(itemsToComplete(twoBasins, { productIds: [1, 3, 11], categoryIds: new Set([1000]) })).toEqual([10]);
  });

  it('suggests nothing for a basket with nothing essential to it', () => {
    expect(itemsToComplete([], { productIds: [5], categoryIds: new Set([500]) })).toEqual([]);
  });
});
