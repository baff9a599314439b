/**
 * A line the customer cancelled part of before dispatch, on the real API: their order, staff's (the
 * pick list), tracking and the "on its way" e-mail all say how many are still to be sent, with the
 * cancelled part beside it, never the quantity first ordered.
 */
import { createAccountsClient, createOrderTrackingClient } from '@shop/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderHelpApi, type OrderHelpHarness } from './order-help.testing.ts';
import { readOutbox } from '../notifications/testing.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';

let harness: OrderHelpHarness;

beforeAll(async () => {
  harness = await startOrderHelpApi('cancelled-lines', (origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
});
afterAll(() => harness.api.close());

describe('an order with part of a line cancelled before dispatch', () => {
  it('shows and sends only what is left of the line, with the cancelled part beside it', async () => {
    const { api, sku } = harness;
    const order = await harness.placeOrder({ as: 'alice', quantity: 2 });
    const cancelled = await harness
      .help('alice')
      .cancelOrder({ params: { id: order.orderNumber }, body: { lines: [{ position: 0, quantity: 1 }], reason: 'Ordered one too many' } });
    expect(cancelled.refundedPence).toBe(sku.price);

    const left = { orderedQuantity: 2, cancelledQuantity: 1, quantity: 1, unitPriceIncVat: sku.price, lineTotalIncVat: sku.price };
    const mine = await createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => 'alice' }).getMyOrder({
      params: { orderNumber: order.orderNumber },
    });
    expect(mine.lines).toEqual([expect.objectContaining(left)]);
    // What is now paid: as charged, less the refund for the cancelled one; delivery stays.
    expect(mine.totals.totalIncVat).toBe(order.totalIncVat);
    expect(mine.totalsAfterCancellations).toMatchObject({ goodsIncVat: sku.price, totalIncVat: order.totalIncVat - sku.price });
    const staffView = await harness.staff.getOrderForStaff({ params: { orderNumber: order.orderNumber } });
    expect(staffView.lines).toEqual([expect.objectContaining(left)]);
    expect(staffView.totalsAfterCancellations).toEqual(mine.totalsAfterCancellations);
    const tracked = await createOrderTrackingClient({ baseUrl: api.serviceUrl('order-tracking') }).trackOrderByPost({
      params: { orderNumber: order.orderNumber },
      body: { emailAddress: order.email },
    });
    expect(tracked.lines).toEqual([expect.objectContaining({ quantity: 1, cancelledQuantity: 1 })]);

    await harness.advance(order.orderNumber, 'dispatched');
    const [dispatched] = await readOutbox(api.database.db, { to: order.email, template: 'order.dispatched' });
    const parcel = dispatched!.text.slice(dispatched!.text.indexOf('In the parcel:'));
    const name = mine.lines[0]!.productName;
    expect(parcel).toContain(`• 1 × ${name}`);
    expect(parcel).not.toContain(`• 2 × ${name}`);
    expect(parcel).toContain('Cancelled before dispatch and refunded, so not in the parcel:');
  });
});
