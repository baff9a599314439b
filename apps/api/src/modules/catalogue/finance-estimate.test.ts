import { describe, expect, it } from 'vitest';
import { FINANCE_MAX_CREDIT, FINANCE_MIN_CASH_PRICE, monthlyFinanceEstimate } from './finance-estimate.ts';

describe('monthly finance estimate', () => {
  it('is offered from £300 inc VAT up to the largest credit', () => {
    expect(monthlyFinanceEstimate(FINANCE_MIN_CASH_PRICE - 1)).toBeNull();
    expect(monthlyFinanceEstimate(FINANCE_MIN_CASH_PRICE)).not.toBeNull();
    expect(monthlyFinanceEstimate(FINANCE_MAX_CREDIT)).not.toBeNull();
    expect(monthlyFinanceEstimate(FINANCE_MAX_CREDIT + 1)).toBeNull();
  });

  it('gives the representative example for £1,000 over 36 months at 19.9% APR', () => {
    // Worked by hand: r = 1.199^(1/12) − 1 = 1.5239% a month; 100000 × r / (1 − (1 + r)^−36) = 3629.64p.
    expect(monthlyFinanceEstimate(100_000)).toEqual({
      cashPrice: 100_000,
      deposit: 0,
      creditAmount: 100_000,
      termMonths: 36,
      monthlyPayment: 3_630,
      totalPayable: 130_680,
      representativeAprBasisPoints: 1990,
      annualInterestRateBasisPoints: 1829,
    });
  });

  it('repays the credit at the stated APR, to within the rounding of a penny a month', () => {
    for (const price of [30_000, 54_999, 129_900, 2_000_000]) {
      const estimate = monthlyFinanceEstimate(price)!;
      expect(Number.isInteger(estimate.monthlyPayment)).toBe(true);
      expect(estimate.totalPayable).toBe(estimate.termMonths * estimate.monthlyPayment);
      // The present value of the payments at the APR's monthly rate is the credit.
      const rate = 1.199 ** (1 / 12) - 1;
      const presentValue = (estimate.monthlyPayment * (1 - (1 + rate) ** -estimate.termMonths)) / rate;
      expect(Math.abs(presentValue - estimate.creditAmount)).toBeLessThanOrEqual(0.5 * estimate.termMonths);
    }
  });
});
