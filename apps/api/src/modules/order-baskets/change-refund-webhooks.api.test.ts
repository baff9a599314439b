/**
 * A refund of an order whose total was raised after placing is taken from each of its payments (the
 * checkout payment and the change's own charge), and with Stripe each of those refunds may answer
 * pending and settle, or fail, later. The order follows every one of them by its webhook, not only the
 * checkout payment's: it counts as refunded once all have succeeded, and one that fails is shown.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import type { TestApi } from '../../testing/test-api.ts';
import {
  confirmAsStripeJs as confirmLikeStripeJs,
  paymentGateway,
  startStripeStandIn,
  stripeSends,
  stripeStandInEnv,
  type StripeStandIn,
} from '../payments/testing.ts';
import { startOrderChangeApi, type OrderChangeHarness } from './testing.ts';

let standIn: StripeStandIn;
let harness: OrderChangeHarness;
let api: TestApi;
let skus: { mixer: SeededSku; waste: SeededSku };

async function confirmAsStripeJs(intent: { id: string; clientSecret: string }) {
  expect(await confirmLikeStripeJs(standIn.url, intent)).toBe(200);
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  harness = await startOrderChangeApi((_origin, intent) => confirmAsStripeJs(intent), stripeStandInEnv(standIn));
  ({ api } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`;
  skus = { mixer: await findSeededSku(api.database.db, parcel, 5), waste: await findSeededSku(api.database.db, parcel, 10) };
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});
afterEach(async () => {
  standIn.answerRefunds('succeeded');
  await harness.checkInvariants();
});

/** Alice's order with a basin waste added and its difference paid: both payments' ids. */
async function changedOrder() {
  const { orderNumber } = await harness.placeOrder({ who: harness.alice, sku: skus.mixer, quantity: 1 });
  const params = { id: orderNumber };
  const basket = await harness.alice.changes.addOrderBasketItem({ params, body: { sku: skus.waste.sku, quantity: 1 } });
  const asked = await harness.alice.changes.completeOrderBasket({ params, body: { orderVersion: basket.orderVersion } });
  if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
  await confirmAsStripeJs({ id: asked.payment.intentId, clientSecret: asked.payment.clientSecret });
  await harness.alice.changes.completeOrderBasket({ params, body: { orderVersion: basket.orderVersion, paymentIntentId: asked.payment.intentId } });
  const found = (await api.database.db.execute(
    sql`select payment_intent_ref as ref, captured_pence as total from orders where order_number = ${orderNumber}`,
  )) as unknown as {
    rows: { ref: string; total: number }[];
  };
  return { params: { orderNumber }, checkoutIntent: found.rows[0]!.ref, changeIntent: asked.payment.intentId, total: found.rows[0]!.total };
}

/** The provider settles its refund of `intentId` and says so by webhook. */
async function providerSettles(intentId: string, status: 'succeeded' | 'failed') {
  const [refund] = await paymentGateway(api.app).listRefunds(intentId);
  const sent = await stripeSends(api.origin, 'charge.refund.updated', standIn.settleRefund(refund!.id, status));
  expect(sent.status).toBe(200);
}

describe('a cancelled order that was changed, refunded from both its payments', () => {
  it('waits for the change’s own refund too, and is cancelled once the provider says both succeeded', async () => {
    const order = await changedOrder();
    standIn.answerRefunds('pending');
    const waiting = await harness.staff.orders.cancelOrder({ params: order.params, body: { reason: 'Customer asked' } });
    expect(waiting).toMatchObject({ status: 'placed', refunds: [{ kind: 'cancellation', state: 'pending', amountPence: order.total }] });
    expect(await paymentGateway(api.app).listRefunds(order.changeIntent)).toEqual([expect.objectContaining({ status: 'pending' })]);

    await providerSettles(order.checkoutIntent, 'succeeded');
    // The checkout payment's share is back; the change's is not yet: nothing counts.
    expect(await harness.staff.orders.getOrderForStaff({ params: order.params })).toMatchObject({ status: 'placed', refunds: [{ state: 'pending' }] });

    await providerSettles(order.changeIntent, 'succeeded');
    const done = await harness.staff.orders.getOrderForStaff({ params: order.params });
    expect(done).toMatchObject({ status: 'cancelled', payment: { refundedPence: order.total }, refunds: [{ state: 'succeeded' }] });
    expect(done.history.at(-1)).toMatchObject({ status: 'cancelled' });
  });

  it('shows the refund failed when the provider fails the change’s share, and leaves the order as it was', async () => {
    const order = await changedOrder();
    standIn.answerRefunds('pending');
    await harness.staff.orders.cancelOrder({ params: order.params, body: { reason: 'Customer asked' } });
    await providerSettles(order.changeIntent, 'failed');
    expect(await harness.staff.orders.getOrderForStaff({ params: order.params })).toMatchObject({
      status: 'placed',
      payment: { refundedPence: 0 },
      refunds: [{ state: 'failed', failure: expect.any(String) }],
    });
  });
});
