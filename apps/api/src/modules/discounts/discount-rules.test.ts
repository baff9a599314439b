import { describe, expect, it } from 'vitest';
import { allocate, checkTerms, computeDiscount, describeOffer, promotionStatus, type PromotionTerms } from './discount-rules.ts';
import { generateIssueCode, ISSUE_CODE_ALPHABET, ISSUE_CODE_LENGTH, normaliseCode } from './issue-codes.ts';

const terms = (overrides: Partial<PromotionTerms> = {}): PromotionTerms => ({
  targetType: 201,
  targetSkus: [],
  targetCategoryIds: [],
  targetBrandIds: [],
  discountType: 1,
  value: 1000,
  minimumSpendPence: 0,
  startsAt: new Date('2025-01-01T00:00:00Z'),
  endsAt: new Date('2025-02-01T00:00:00Z'),
  usageLimit: null,
  perCustomerLimit: null,
  ...overrides,
});

const lines = [
  { sku: 'BASIN-1', categoryId: 10, brandId: 1, lineTotalPence: 10_001 },
  { sku: 'TAP-2', categoryId: 11, brandId: 2, lineTotalPence: 2_999 },
  { sku: 'WASTE-3', categoryId: 11, brandId: 1, lineTotalPence: 500 },
];

describe('computeDiscount', () => {
  it('takes a percentage (basis points) of every line, rounded to the penny, spread over the lines exactly', () => {
    const figures = computeDiscount(terms({ value: 1250 }), lines, 495);
    expect(figures.eligiblePence).toBe(13_500);
    expect(figures.discountPence).toBe(1688); // 12.5% of £135.00 = £16.875
    expect(figures.lineDiscounts.reduce((sum, line) => sum + line.discountPence, 0)).toBe(1688);
    expect(figures.lineDiscounts.map((line) => line.sku)).toEqual(['BASIN-1', 'TAP-2', 'WASTE-3']);
    expect(figures.deliveryDiscountPence).toBe(0);
  });

  it('never takes a fixed amount beyond what it applies to', () => {
    const figures = computeDiscount(terms({ discountType: 2, value: 5_000, targetType: 202, targetSkus: ['WASTE-3'] }), lines, 0);
    expect(figures).toEqual({ eligiblePence: 500, discountPence: 500, lineDiscounts: [{ sku: 'WASTE-3', discountPence: 500 }], deliveryDiscountPence: 0 });
  });

  it('matches lines by sku, category or brand', () => {
    expect(computeDiscount(terms({ targetType: 202, targetSkus: ['TAP-2'] }), lines, 0).eligiblePence).toBe(2_999);
    expect(computeDiscount(terms({ targetType: 203, targetCategoryIds: [11] }), lines, 0).eligiblePence).toBe(3_499);
    expect(computeDiscount(terms({ targetType: 204, targetBrandIds: [1] }), lines, 0).eligiblePence).toBe(10_501);
    expect(computeDiscount(terms({ targetType: 204, targetBrandIds: [99] }), lines, 0)).toMatchObject({ eligiblePence: 0, discountPence: 0 });
  });

  it('takes a delivery promotion off the delivery charge only', () => {
    expect(computeDiscount(terms({ targetType: 205, value: 10_000 }), lines, 495)).toEqual({
      eligiblePence: 495,
      discountPence: 495,
      lineDiscounts: [],
      deliveryDiscountPence: 495,
    });
    expect(computeDiscount(terms({ targetType: 205, discountType: 2, value: 1_000 }), lines, 495).discountPence).toBe(495);
  });
});

describe('allocate', () => {
  it('splits in proportion, in whole pence that add up, never more than a line', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(10, [0, 0])).toEqual([0, 0]);
    expect(allocate(10, [3, 7])).toEqual([3, 7]);
  });
});

describe('promotion terms', () => {
  it('has a status from its dates: scheduled, active, then expired at the end instant', () => {
    const window = terms();
    expect(promotionStatus(window, new Date('2024-12-31T23:59:59Z'))).toBe('scheduled');
    expect(promotionStatus(window, new Date('2025-01-01T00:00:00Z'))).toBe('active');
    expect(promotionStatus(window, new Date('2025-02-01T00:00:00Z'))).toBe('expired');
    expect(promotionStatus({ ...window, endsAt: null }, new Date('2099-01-01T00:00:00Z'))).toBe('active');
  });

  it('names each field whose value does not fit the others', () => {
    expect(checkTerms(terms())).toEqual([]);
    expect(checkTerms(terms({ value: 10_001 }))).toEqual([['value', expect.stringContaining('10000')]]);
    expect(checkTerms(terms({ endsAt: new Date('2025-01-01T00:00:00Z') }))).toEqual([['endsAt', 'Must be after startsAt']]);
    expect(checkTerms(terms({ targetType: 202 })).map(([field]) => field)).toEqual(['targetSkus']);
    expect(checkTerms(terms({ targetBrandIds: [3] })).map(([field]) => field)).toEqual(['targetBrandIds']);
    expect(checkTerms(terms({ usageLimit: 2 }), 3).map(([field]) => field)).toEqual(['usageLimit']);
  });

  it('describes the offer in words', () => {
    expect(describeOffer(terms({ minimumSpendPence: 10_000 }))).toBe('10% off everything when you spend £100');
    expect(describeOffer(terms({ targetType: 205, value: 10_000 }))).toBe('Free delivery');
    expect(describeOffer(terms({ discountType: 2, value: 1_250, targetType: 204, targetBrandIds: [1] }))).toBe('£12.50 off selected brands');
  });
});

describe('issue codes', () => {
  it('are 12 symbols of an alphabet without look-alikes, and differ from draw to draw', () => {
    expect(ISSUE_CODE_ALPHABET).not.toMatch(/[01OILUV]/);
    const codes = Array.from({ length: 2000 }, generateIssueCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${ISSUE_CODE_ALPHABET}]{${ISSUE_CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length);
    // Every symbol turns up: the draw is not stuck on part of the alphabet.
    expect(new Set(codes.join(''))).toEqual(new Set(ISSUE_CODE_ALPHABET));
  });

  it('are matched whatever the case, spaces or hyphens the shopper types', () => {
    expect(normaliseCode(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
  });
});
