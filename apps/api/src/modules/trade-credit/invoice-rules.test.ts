import { describe, expect, it } from 'vitest';
import { invoiceStanding, invoiceTotals, type InvoiceFacts } from './invoice-rules.ts';

const order = (facts: Partial<InvoiceFacts>): InvoiceFacts => ({
  state: 'FULFILLED',
  amountPence: 10_000,
  refundedPence: 0,
  dueDate: '2026-12-27',
  paidAt: null,
  ...facts,
});

describe('where an invoice on account stands', () => {
  it('is due up to and on its due date, and overdue the day after', () => {
    expect(invoiceStanding(order({}), '2026-12-26')).toEqual({ standing: 'due', outstandingPence: 10_000 });
    expect(invoiceStanding(order({}), '2026-12-27')).toEqual({ standing: 'due', outstandingPence: 10_000 });
    expect(invoiceStanding(order({}), '2026-12-28')).toEqual({ standing: 'overdue', outstandingPence: 10_000 });
  });

  it('owes what was not refunded, and nothing once refunded in full or cancelled', () => {
    expect(invoiceStanding(order({ refundedPence: 2_500 }), '2026-12-28')).toEqual({ standing: 'overdue', outstandingPence: 7_500 });
    expect(invoiceStanding(order({ refundedPence: 10_000 }), '2026-12-28')).toEqual({ standing: 'settled', outstandingPence: 0 });
    expect(invoiceStanding(order({ state: 'CANCELLED', dueDate: null }), '2026-12-28').standing).toBe('settled');
    expect(invoiceStanding(order({ state: 'REFUNDED' }), '2026-12-28').standing).toBe('settled');
  });

  it('owes nothing once the provider says the invoice is paid, however late it was', () => {
    const paidAt = new Date('2027-01-02T10:00:00Z');
    expect(invoiceStanding(order({ paidAt }), '2027-02-01')).toEqual({ standing: 'paid', outstandingPence: 0 });
    expect(invoiceTotals([order({ paidAt }), order({ amountPence: 3_000 })], '2027-02-01')).toMatchObject({ overduePence: 3_000, duePence: 0 });
  });

  it('has no term before the provider knows of the dispatch', () => {
    expect(invoiceStanding(order({ state: 'VERIFIED', dueDate: null }), '2027-06-01')).toEqual({ standing: 'awaiting_dispatch', outstandingPence: 10_000 });
    expect(invoiceStanding(order({ dueDate: null }), '2027-06-01').standing).toBe('awaiting_dispatch');
  });

  it('adds up by standing, with the soonest date still to come', () => {
    const totals = invoiceTotals(
      [
        order({ dueDate: '2026-12-01' }),
        order({ dueDate: '2027-01-10', amountPence: 4_000 }),
        order({ dueDate: '2027-01-05', amountPence: 6_000, refundedPence: 1_000 }),
        order({ state: 'VERIFIED', dueDate: null, amountPence: 2_000 }),
        order({ state: 'CANCELLED', dueDate: null }),
      ],
      '2026-12-20',
    );
    expect(totals).toEqual({ awaitingDispatchPence: 2_000, duePence: 9_000, overduePence: 10_000, nextDueDate: '2027-01-05' });
  });
});
