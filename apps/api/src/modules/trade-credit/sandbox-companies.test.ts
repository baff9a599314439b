import { describe, expect, it } from 'vitest';
import { CREDIT_DECLINE_REASONS } from '@shop/contracts';
import { proposalOutcome, sandboxCredit, SOLE_TRADER_LIMIT, STANDARD_LIMIT } from './sandbox-companies.ts';

describe('the credit sandbox’s test companies', () => {
  it('declines a 99 number for each of the provider’s reasons', () => {
    CREDIT_DECLINE_REASONS.forEach((reason, index) => {
      expect(sandboxCredit(`9900000${index + 1}`)).toMatchObject({ decision: 'declined', declineReason: reason, availablePence: 0 });
    });
  });

  it('approves with a lower limit, holds for review, and reports arrears with nothing available', () => {
    expect(sandboxCredit('99000010')).toMatchObject({ decision: 'approved', limitPence: 100_000 });
    expect(sandboxCredit('99000020')).toMatchObject({ decision: 'manual_review', declineReason: null });
    expect(sandboxCredit('99000030')).toMatchObject({ decision: 'approved', arrearsPence: 125_000, availablePence: 0 });
  });

  it('approves any other company on the standard limit, and an accepted sole trader on theirs', () => {
    expect(sandboxCredit('12345678')).toEqual(STANDARD_LIMIT);
    expect(sandboxCredit('ST000123')).toEqual(SOLE_TRADER_LIMIT);
    expect(STANDARD_LIMIT.maxSingleOrderPence).toBeLessThanOrEqual(STANDARD_LIMIT.limitPence);
  });

  it('decides a proposal by the proprietor’s first name, as test data', () => {
    expect(proposalOutcome('Chloe Martin')).toBe('ACCEPTED');
    expect(proposalOutcome('Declined Person')).toBe('DECLINED');
    expect(proposalOutcome('withdrawn person')).toBe('WITHDRAWN');
    expect(proposalOutcome('Review Me')).toBe('REVIEWING');
  });
});
