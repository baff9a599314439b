import { describe, expect, it } from 'vitest';
import type { CreditWebhookEvent, ProviderOrder } from './credit-provider.ts';
import { eventSummary } from './webhooks.ts';

const order = (overrides: Partial<ProviderOrder>): ProviderOrder => ({
  id: 'ord_1',
  state: 'FULFILLED',
  amountPence: 48_000,
  refundedPence: 0,
  declineReason: null,
  fulfilledAt: new Date('2026-11-27T10:00:00Z'),
  dueDate: '2026-12-27',
  payee: null,
  paidAt: null,
  ...overrides,
});
const event = (overrides: Partial<CreditWebhookEvent>): CreditWebhookEvent => ({
  id: 'evt_1',
  type: 'order.fulfilled',
  occurredAt: new Date('2026-11-27T10:00:00Z'),
  organisationNumber: null,
  order: null,
  decision: null,
  ...overrides,
});

describe("a credit provider's event, as staff read it", () => {
  it('says the due date as people say it, and what was credited back', () => {
    expect(eventSummary(event({ order: order({}) }))).toBe('Order dispatched: £480, due 27 December 2026');
    expect(eventSummary(event({ order: order({ refundedPence: 2_000, dueDate: '2027-01-03' }) }))).toBe(
      'Order dispatched: £480, £20 credited back, due 3 January 2027',
    );
  });
});
