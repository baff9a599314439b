import { describe, expect, it } from 'vitest';
import type { CreditWebhookEvent, ProviderOrder } from './credit-provider.ts';
import { eventSummary } from './webhooks.ts';

const order = (overrides: Partial<ProviderOrder>): ProviderOrder => ({
  id: 'ord_1',
  state: 'FULFILLED',
  amountPence: 48_000,
  netPence: 40_000,
  vatPence: 8_000,
  lines: [{ sku: 'BATH-1', name: 'Bath', quantity: 1, unitPricePence: 48_000, lineTotalPence: 48_000 }],
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

  it('says an edited order’s new amount, the VAT in it and its lines, and leaves out what the provider did not say', () => {
    const lines = [
      { sku: 'TAP-1', name: 'Basin tap', quantity: 2, unitPricePence: 3_850, lineTotalPence: 7_700 },
      { sku: 'DEL', name: 'Delivery', quantity: 1, unitPricePence: 0, lineTotalPence: 0 },
    ];
    const edited = order({ state: 'VERIFIED', amountPence: 7_700, netPence: 6_417, vatPence: 1_283, lines, fulfilledAt: null, dueDate: null });
    expect(eventSummary(event({ type: 'order.updated', order: edited }))).toBe('Order edited before dispatch: £77 (VAT £12.83), 3 items on 2 lines');
    expect(eventSummary(event({ type: 'order.updated', order: { ...edited, netPence: null, vatPence: null, lines: null } }))).toBe(
      'Order edited before dispatch: £77',
    );
  });
});
