import { describe, expect, it } from 'vitest';
import { creditBy, dueDateFrom, orderDecline } from './order-rules.ts';
import { sandboxCredit, STANDARD_LIMIT } from './sandbox-companies.ts';

const order = (amountPence: number, country = 'GB') => ({
  amountPence,
  deliveryAddress: { line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP', country },
});

describe('a credit provider’s decision on one order', () => {
  it('approves an order within the available credit and the single-order maximum', () => {
    expect(orderDecline(STANDARD_LIMIT, 0, order(250_000))).toBeNull();
    expect(orderDecline(STANDARD_LIMIT, 0, { amountPence: 1_000, deliveryAddress: null })).toBeNull();
  });

  it('declines above the single-order maximum, above what is left, and what open orders already take', () => {
    expect(orderDecline(STANDARD_LIMIT, 0, order(250_001))).toBe('over_single_order_limit');
    expect(orderDecline(sandboxCredit('99000040'), 0, order(50_000))).toBeNull();
    expect(orderDecline(sandboxCredit('99000040'), 1, order(50_000))).toBe('over_available_credit');
    expect(orderDecline(STANDARD_LIMIT, 400_000, order(100_001))).toBe('over_available_credit');
  });

  it('declines a business in arrears, declined or in review, whatever the amount, and goods sent abroad', () => {
    expect(orderDecline(sandboxCredit('11223344'), 0, order(100))).toBe('in_arrears');
    expect(orderDecline(sandboxCredit('08765432'), 0, order(100))).toBe('business_declined');
    expect(orderDecline(sandboxCredit('OC398765'), 0, order(100))).toBe('manual_review');
    expect(orderDecline(STANDARD_LIMIT, 0, order(100, 'IE'))).toBe('delivery_address_refused');
  });
});

describe('the due date', () => {
  it('is 30 days after the day of dispatch in UK time, across month ends and the clocks changing', () => {
    expect(dueDateFrom(new Date('2026-11-27T10:00:00Z'))).toBe('2026-12-27');
    expect(dueDateFrom(new Date('2026-01-31T23:30:00Z'))).toBe('2026-03-02');
    // 00:30 in London on 1 April (BST) is still 31 March in UTC.
    expect(dueDateFrom(new Date('2026-03-31T23:30:00Z'))).toBe('2026-05-01');
  });
});

describe('money given back on an order on account, at the provider', () => {
  const open = { state: 'VERIFIED' as const, dispatchedAt: null, fulfilledAt: null };
  it('edits the provider’s order to what is left when part comes back before dispatch', () => {
    expect(creditBy(open, 1)).toBe('edit');
    expect(creditBy({ ...open, state: 'CREATED' }, 7_999)).toBe('edit');
  });
  it('cancels the order when nothing is left on it before dispatch', () => {
    expect(creditBy(open, 0)).toBe('cancel');
    expect(creditBy({ ...open, state: 'CREATED' }, 0)).toBe('cancel');
  });
  it('refunds anything once dispatched or fulfilled, a part or all that is left', () => {
    expect(creditBy({ ...open, dispatchedAt: new Date() }, 5_000)).toBe('refund');
    expect(creditBy({ ...open, dispatchedAt: new Date() }, 0)).toBe('refund');
    expect(creditBy({ ...open, state: 'FULFILLED', fulfilledAt: new Date() }, 5_000)).toBe('refund');
    expect(creditBy({ ...open, state: 'REFUNDED' }, 0)).toBe('refund');
  });
  it('asks again the same way for an order the provider has cancelled already (an answer lost)', () => {
    expect(creditBy({ ...open, state: 'CANCELLED' }, 0)).toBe('cancel');
    expect(creditBy({ ...open, state: 'CANCELLED' }, 3_000)).toBe('cancel');
  });
});
