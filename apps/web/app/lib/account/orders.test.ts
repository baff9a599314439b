import { describe, expect, it } from 'vitest';
import { formatInstant } from '../checkout/order-tracking.ts';
import { accountOrderPath, orderTotals, refundLine } from './orders.ts';

describe('a customer’s order page', () => {
  it('lives under the account, by order number', () => {
    expect(accountOrderPath('BP10000001')).toBe('/account/orders/BP10000001');
  });

  it('shows the totals as the checkout did: goods before the discount, the delivery by name, the VAT included', () => {
    const totals = { goodsIncVat: 10_000, discountIncVat: 1_000, deliveryIncVat: 695, totalIncVat: 9_695, vatIncVat: 1_616 };
    expect(orderTotals({ totals, delivery: { name: 'Next working day' } })).toEqual({
      subtotalIncVat: 10_000,
      discountIncVat: 1_000,
      deliveryIncVat: 695,
      deliveryName: 'Next working day',
      totalIncVat: 9_695,
      vatIncluded: 1_616,
    });
  });

  it('shows an order at trade prices ex VAT too: the lines’ ex-VAT totals added up, and the total less its VAT', () => {
    const totals = { goodsIncVat: 12_000, discountIncVat: 0, deliveryIncVat: 0, totalIncVat: 12_000, vatIncVat: 2_000 };
    const lines = [{ lineTotalExVat: 7_500 }, { lineTotalExVat: 2_500 }];
    expect(orderTotals({ totals, delivery: { name: 'Standard' }, tradePriced: true, lines })).toMatchObject({ subtotalExVat: 10_000, totalExVat: 10_000 });
    expect(orderTotals({ totals, delivery: { name: 'Standard' }, tradePriced: false, lines })).not.toHaveProperty('totalExVat');
  });

  it('says each refund with its amount and when it went through (settled, else asked for)', () => {
    const at = '2026-11-23T17:20:00Z';
    expect(formatInstant(at)).toContain('23 November 2026');
    expect(refundLine({ kind: 'refund', amountPence: 300, settledAt: at, requestedAt: '2026-11-23T17:19:00Z' })).toBe(`Refund: £3.00 on ${formatInstant(at)}`);
    expect(refundLine({ kind: 'cancellation', amountPence: 12_345, settledAt: null, requestedAt: at })).toBe(
      `Refund for the cancelled order: £123.45 on ${formatInstant(at)}`,
    );
  });
});
