import { ApiError } from '@shop/api-client';
import type { Order, OrderRefund } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { checkMoneyBack, isProviderAnswer, moneyBackActions, moneyBackDone, moneyBackProblem, refundStateName } from './money-back.ts';
import { paymentStatusText } from './orders.ts';

const payment = (overrides: Partial<Order['payment']> = {}): Order['payment'] => ({
  method: 'card',
  cardBrand: 'visa',
  cardLast4: '4242',
  status: 'captured',
  capturedPence: 5_000,
  refundedPence: 0,
  refundablePence: 5_000,
  ...overrides,
});
const refund = (overrides: Partial<OrderRefund>): OrderRefund => ({
  refundId: 'r1',
  kind: 'refund',
  amountPence: 1_000,
  state: 'succeeded',
  reason: 'Scratched',
  failure: null,
  withProvider: false,
  requestedAt: '2026-11-22T10:00:00Z',
  settledAt: null,
  ...overrides,
});

describe('which money actions are offered', () => {
  it('cancel before dispatch, refund after it while something remains, neither once it is all back', () => {
    for (const status of ['placed', 'processing', 'picking'] as const)
      expect(moneyBackActions({ status, payment: payment(), refunds: [] })).toEqual({ cancel: true, refund: false, pending: null });
    for (const status of ['dispatched', 'delivered'] as const)
      expect(moneyBackActions({ status, payment: payment(), refunds: [] })).toEqual({ cancel: false, refund: true, pending: null });
    expect(moneyBackActions({ status: 'delivered', payment: payment({ refundablePence: 0 }), refunds: [] }).refund).toBe(false);
    for (const status of ['cancelled', 'refunded'] as const)
      expect(moneyBackActions({ status, payment: payment({ refundablePence: 0 }), refunds: [] })).toEqual({ cancel: false, refund: false, pending: null });
  });

  it('a refund waiting for the provider must be finished first: no new refund, and cancelling finishes a pending cancellation', () => {
    const waiting = refund({ state: 'pending' });
    expect(moneyBackActions({ status: 'delivered', payment: payment(), refunds: [refund({}), waiting] })).toEqual({
      cancel: false,
      refund: false,
      pending: waiting,
    });
    const cancelling = refund({ kind: 'cancellation', state: 'pending', amountPence: 5_000 });
    expect(moneyBackActions({ status: 'placed', payment: payment({ refundablePence: 0 }), refunds: [cancelling] })).toEqual({
      cancel: true,
      refund: false,
      pending: cancelling,
    });
  });

  it('a refund on its way at the provider settles by itself: nothing to finish, and it reads so', () => {
    const onItsWay = refund({ kind: 'cancellation', state: 'pending', withProvider: true });
    expect(moneyBackActions({ status: 'placed', payment: payment({ refundablePence: 0 }), refunds: [onItsWay] })).toEqual({
      cancel: false,
      refund: false,
      pending: onItsWay,
    });
    expect(refundStateName(onItsWay)).toBe('On its way');
    expect(refundStateName({ state: 'pending', withProvider: false })).toBe('Not confirmed yet');
    expect(refundStateName({ state: 'failed', withProvider: true })).toBe('Refused');
  });
});

describe('what staff type', () => {
  it('turns pounds into pence without floating point, within what can be refunded', () => {
    expect(checkMoneyBack({ amount: '£0.29', reason: 'Goodwill' }, 5_000)).toEqual({ body: { amountPence: 29, reason: 'Goodwill' } });
    expect(checkMoneyBack({ amount: '50', reason: ' Returned ' }, 5_000)).toEqual({ body: { amountPence: 5_000, reason: 'Returned' } });
    expect(checkMoneyBack({ amount: '50.01', reason: 'Too much' }, 5_000)).toEqual({
      problem: { fields: { amount: 'Enter an amount of at most £50' }, summary: null, stale: false },
    });
    expect(checkMoneyBack({ amount: '0', reason: 'Nothing' }, 5_000)).toMatchObject({ problem: { fields: { amount: 'Enter an amount of at least £0.01' } } });
    expect(checkMoneyBack({ amount: '1.234', reason: '' }, 5_000)).toMatchObject({
      problem: { fields: { amount: expect.stringContaining('at most 2 decimal places'), reason: 'Give the reason, in a few words' } },
    });
  });

  it('a cancellation needs only the reason', () => {
    expect(checkMoneyBack({ amount: '', reason: 'Customer rang' }, null)).toEqual({ body: { reason: 'Customer rang' } });
    expect(checkMoneyBack({ amount: '', reason: 'no' }, null)).toMatchObject({ problem: { fields: { reason: 'Give the reason, in a few words' } } });
  });
});

describe('the API’s answers', () => {
  const problem = (status: number, data: unknown, message = 'Refused') => new ApiError(status, data, message);

  it('puts field errors next to their fields', () => {
    const tooLarge = problem(
      422,
      { code: 'ORDER_REFUND_TOO_LARGE', errors: [{ path: 'body.amountPence', message: 'Enter at most £40' }] },
      'At most £40 of this order can still be refunded.',
    );
    expect(moneyBackProblem(tooLarge)).toEqual({ fields: { amount: 'Enter at most £40' }, summary: null, stale: false });
    const noReason = problem(400, { code: 'VALIDATION_FAILED', errors: [{ path: 'body.reason', message: 'Give the reason, in a few words' }] });
    expect(moneyBackProblem(noReason).fields).toEqual({ reason: 'Give the reason, in a few words' });
  });

  it('shows the provider’s refusal in the API’s words (a 502), and knows when the order changed meanwhile', () => {
    const refused = problem(
      502,
      { code: 'ORDER_REFUND_REFUSED' },
      'The payment provider refused the refund (The charge is disputed). Nothing was refunded and the order is unchanged.',
    );
    expect(moneyBackProblem(refused)).toEqual({ fields: {}, summary: refused.message, stale: false });
    expect(moneyBackProblem(problem(502, { code: 'ORDER_REFUND_UNCONFIRMED' }, 'Not confirmed.'))).toMatchObject({ summary: 'Not confirmed.', stale: true });
    expect(moneyBackProblem(problem(409, { code: 'ORDER_ALREADY_CANCELLED' }, 'Already cancelled.'))).toMatchObject({
      summary: 'Already cancelled.',
      stale: true,
    });
    expect(moneyBackProblem(problem(409, { code: 'ORDER_REFUNDS_CHANGED' }, 'Changed.'))).toMatchObject({ summary: 'Changed.', stale: true });
    expect(moneyBackProblem(problem(500, { code: 'INTERNAL' }))).toMatchObject({
      summary: 'Something went wrong on our side. Please try again in a minute.',
      stale: false,
    });
    expect(moneyBackProblem(new Error('boom')).summary).toBe('Something went wrong. Please try again.');
  });
});

describe('the payment, as staff read it', () => {
  it('says how much of it went back', () => {
    expect(paymentStatusText(payment())).toBe('Captured');
    expect(paymentStatusText(payment({ status: 'partially_refunded', refundedPence: 1_000 }))).toBe('£10.00 of £50.00 refunded');
    expect(paymentStatusText(payment({ status: 'refunded', refundedPence: 5_000 }))).toBe('Refunded in full');
  });
});

describe('once money went back', () => {
  it('says what went back, from the newest refund of that kind, or that the provider has not confirmed it', () => {
    const refunds = [refund({ amountPence: 500 }), refund({ refundId: 'r2', amountPence: 1_250 })];
    expect(moneyBackDone('refund', { orderNumber: 'BP10000001', refunds })).toBe('£12.50 refunded on BP10000001.');
    const cancelled = [refund({ kind: 'cancellation', amountPence: 5_000 })];
    expect(moneyBackDone('cancel', { orderNumber: 'BP10000001', refunds: cancelled })).toBe('BP10000001 is cancelled and £50.00 refunded.');
    expect(moneyBackDone('refund', { orderNumber: 'BP10000001', refunds: [refund({ state: 'pending' })] })).toBe(
      'The refund of £10.00 on BP10000001 is not confirmed by the payment provider yet.',
    );
  });

  it('shows the provider’s own 502s in the form, not other failures', () => {
    expect(isProviderAnswer(new ApiError(502, { code: 'ORDER_REFUND_REFUSED' }, 'Refused.'))).toBe(true);
    expect(isProviderAnswer(new ApiError(502, { code: 'UPSTREAM' }, 'Bad gateway.'))).toBe(false);
    expect(isProviderAnswer(new ApiError(500, { code: 'ORDER_X' }, 'Boom.'))).toBe(false);
  });
});
