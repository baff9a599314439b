import { describe, expect, it } from 'vitest';
import { lineQuantities, orderAfterCredit, totalsAfterCancellations } from './line-quantities.ts';
import { vatIn } from './vat-invoice.ts';

describe('what is left of an order line', () => {
  it.each([
    { cancelledQuantity: 0, left: { quantity: 2, lineTotalIncVat: 30_998 } },
    // 1 of 2 basin taps cancelled: 1 to send, at £154.99.
    { cancelledQuantity: 1, left: { quantity: 1, lineTotalIncVat: 15_499 } },
  ])('leaves out the cancelled part ($cancelledQuantity of 2)', ({ cancelledQuantity, left }) => {
    expect(lineQuantities({ quantity: 2, cancelledQuantity, lineTotalIncVat: 30_998 })).toEqual({ orderedQuantity: 2, cancelledQuantity, ...left });
  });

  it('leaves nothing to send, and nothing to pay for, when all of it was cancelled', () => {
    expect(lineQuantities({ quantity: 3, cancelledQuantity: 3, lineTotalIncVat: 1_000 })).toMatchObject({ quantity: 0, lineTotalIncVat: 0 });
  });

  it('keeps to whole pence, the cancelled part and what is left adding up to the line', () => {
    const left = lineQuantities({ quantity: 3, cancelledQuantity: 1, lineTotalIncVat: 1_000 });
    expect(left).toMatchObject({ quantity: 2, lineTotalIncVat: 667 });
    expect(left.lineTotalIncVat + Math.round(1_000 / 3)).toBe(1_000);
  });
});

describe('the totals once cancelled parts are taken out', () => {
  const charged = { goodsPence: 20_000, discountPence: 2_000, deliveryPence: 495, totalPence: 18_495, vatPence: vatIn(18_000, 2_000) + vatIn(495, 2_000) };

  it('are none when nothing was cancelled', () => {
    expect(totalsAfterCancellations(charged, [{ quantity: 2, cancelledQuantity: 0, lineTotalIncVat: 20_000 }])).toBeNull();
  });

  it('take out the goods cancelled and what was refunded for them, keeping delivery', () => {
    // 1 of 2 at £100 cancelled, with 10% off the order: £90 refunded, £10 of the discount went with it.
    expect(totalsAfterCancellations(charged, [{ quantity: 2, cancelledQuantity: 1, lineTotalIncVat: 20_000 }])).toEqual({
      goodsIncVat: 10_000,
      discountIncVat: 1_000,
      deliveryIncVat: 495,
      totalIncVat: 9_495,
      vatIncVat: charged.vatPence - vatIn(9_000, 2_000),
    });
  });
});

describe('an order on account as it stands once a credit is made', () => {
  const order = {
    orderNumber: 'BP-ABC-DEF-GHJ',
    customerId: 'user-1',
    deliveryAddress: { name: 'Tom Taylor', line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH', countryCode: 'GB' as const },
    delivery: { code: 'standard' },
  };
  const lines = [
    { sku: 'TAP-1', productName: 'Basin tap', quantity: 3, cancelledQuantity: 1, unitPriceIncVat: 4_000, lineTotalIncVat: 12_000 },
    { sku: 'WC-2', productName: 'Close-coupled WC', quantity: 1, cancelledQuantity: 1, unitPriceIncVat: 20_000, lineTotalIncVat: 20_000 },
  ];
  it('keeps the lines still to be sent, what is left and the VAT in it, and where the goods go', () => {
    expect(orderAfterCredit(order, lines, 8_600)).toEqual({
      orderNumber: 'BP-ABC-DEF-GHJ',
      customerId: 'user-1',
      amountPence: 8_600,
      vatPence: vatIn(8_600, 2_000),
      lines: [{ sku: 'TAP-1', productName: 'Basin tap', quantity: 2, unitPriceIncVat: 4_000 }],
      deliveryAddress: order.deliveryAddress,
    });
  });
  it('has no address for click & collect, and never less than nothing left', () => {
    const collected = orderAfterCredit({ ...order, delivery: { code: 'click_collect' } }, lines, -5);
    expect(collected).toMatchObject({ amountPence: 0, vatPence: 0, deliveryAddress: null });
  });
});
