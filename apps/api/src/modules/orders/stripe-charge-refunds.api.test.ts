/**
 * A refund made at Stripe's dashboard on an order's later payment (a delivery upgrade's, an order
 * change's difference), with the shop configured for Stripe against the local stand-in: the refund is
 * made at the stand-in as the dashboard makes it, and the shop hears of it only from Stripe's signed
 * `charge.refunded` and `charge.refund.updated` events, reading the payment's refunds back from Stripe.
 * The same rules as the sandbox's (charge-refunds.api.test.ts), through the Stripe adapter end to end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import type { TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { startOrderChangeApi, type ChangeClients, type OrderChangeHarness } from '../order-baskets/testing.ts';
import { confirmAsStripeJs, startStripeStandIn, stripeSends, stripeStandInEnv, type StripeStandIn } from '../payments/testing.ts';

let standIn: StripeStandIn;
let harness: OrderChangeHarness;
let api: TestApi;
let mixer: SeededSku;
let waste: SeededSku;
let alice: ChangeClients;

/** Pays as Stripe.js does on the stand-in, with Stripe's 4242 test payment method. */
async function payAsStripeJs(intent: { id: string; clientSecret: string }) {
  expect(await confirmAsStripeJs(standIn.url, intent)).toBe(200);
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  harness = await startOrderChangeApi((_origin, intent) => payAsStripeJs(intent), stripeStandInEnv(standIn));
  ({ api, alice } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`;
  mixer = await findSeededSku(api.database.db, parcel, 5);
  waste = await findSeededSku(api.database.db, parcel, 10);
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});
afterEach(async () => {
  standIn.answerRefunds('succeeded');
  await harness.checkInvariants();
});

const staffView = (orderNumber: string) => harness.staff.orders.getOrderForStaff({ params: { orderNumber } });
const cancel = (orderNumber: string) => harness.staff.orders.cancelOrder({ params: { orderNumber }, body: { reason: 'Customer asked by phone' } });

/** A refund made in Stripe's dashboard: with the secret key, straight at Stripe, the shop not asked. */
async function dashboardRefund(intentId: string, amountPence: number): Promise<{ id: string; status: string }> {
  const response = await fetch(`${standIn.url}/v1/refunds`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_standin', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_intent: intentId, amount: String(amountPence) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; status: string };
}

/** Stripe's `charge.refunded` for the payment, signed with the account's webhook secret: the shop's answer. */
async function chargeRefunded(intentId: string) {
  const sent = await stripeSends(api.origin, 'charge.refunded', { id: 'ch_any', object: 'charge', payment_intent: intentId });
  expect(sent.status).toBe(200);
}

/** The order's own Stripe refunds as the shop reads them back: what each payment gave back, in pence. */
const refundedAtStripe = async (intentId: string) =>
  (await api.app.composed.services.payments.gateway().listRefunds(intentId))
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amountPence, 0);

/** An order with a paid specific-day upgrade, both paid through Stripe: the upgrade's own payment and its amount. */
async function upgradedOrder() {
  const { orderNumber, params } = await harness.chosenUpgrade({ sku: mixer });
  const intent = await alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } });
  await payAsStripeJs({ id: intent.intentId, clientSecret: intent.clientSecret });
  await alice.upgrade.completeUpgradePayment({ params, body: { paymentIntentId: intent.intentId } });
  return { orderNumber, upgrade: intent.intentId, upgradePence: intent.amountPence };
}

/** An order with a paid addition, the difference paid through Stripe: the change's own payment and its amount. */
async function changedOrder() {
  const { orderNumber } = await harness.placeOrder({ sku: mixer });
  const params = { id: orderNumber };
  const basket = await alice.changes.addOrderBasketItem({ params, body: { sku: waste.sku, quantity: 1 } });
  const asked = await alice.changes.completeOrderBasket({ params, body: { orderVersion: basket.orderVersion } });
  if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
  await payAsStripeJs({ id: asked.payment.intentId, clientSecret: asked.payment.clientSecret });
  await alice.changes.completeOrderBasket({ params, body: { orderVersion: basket.orderVersion, paymentIntentId: asked.payment.intentId } });
  return { orderNumber, change: asked.payment.intentId, changePence: asked.payment.amountPence };
}

describe('with Stripe, a refund made at its dashboard on an order’s later payment', () => {
  it('a delivery upgrade’s: booked against the order once from Stripe’s webhook, however often it comes; a cancellation gives back only the rest', async () => {
    const order = await upgradedOrder();
    await dashboardRefund(order.upgrade, 200);
    // Nothing is booked until Stripe says so.
    expect((await staffView(order.orderNumber)).refunds).toEqual([]);
    await chargeRefunded(order.upgrade);
    await chargeRefunded(order.upgrade);
    const seen = await staffView(order.orderNumber);
    expect(seen).toMatchObject({ status: 'placed', payment: { refundedPence: 200 }, refunds: [{ kind: 'external', amountPence: 200, state: 'succeeded' }] });
    expect(await readOutbox(api.database.db, { template: 'order.refunded' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: 'alice@example.com' })]),
    );

    // Cancelled: the upgrade's payment is asked only for what it has left, at Stripe; a late event counts nothing twice.
    const cancelled = await cancel(order.orderNumber);
    expect(cancelled).toMatchObject({ status: 'cancelled', payment: { refundedPence: cancelled.payment.capturedPence } });
    expect(await refundedAtStripe(order.upgrade)).toBe(order.upgradePence);
    await chargeRefunded(order.upgrade);
    const after = await staffView(order.orderNumber);
    expect(after.payment.refundedPence).toBe(after.payment.capturedPence);
    expect(after.refunds.map((refund) => [refund.kind, refund.state])).toEqual([
      ['external', 'succeeded'],
      ['cancellation', 'succeeded'],
    ]);
  });

  it('an order change’s, answered pending: counted only once Stripe’s charge.refund.updated says it succeeded', async () => {
    const order = await changedOrder();
    standIn.answerRefunds('pending');
    const refund = await dashboardRefund(order.change, order.changePence);
    expect(refund.status).toBe('pending');
    await chargeRefunded(order.change);
    // On its way at Stripe, not yet given back: the order owes nothing less.
    expect(await staffView(order.orderNumber)).toMatchObject({ payment: { refundedPence: 0 }, refunds: [] });

    const update = standIn.settleRefund(refund.id, 'succeeded');
    expect((await stripeSends(api.origin, 'charge.refund.updated', update)).status).toBe(200);
    await stripeSends(api.origin, 'charge.refund.updated', update);
    const seen = await staffView(order.orderNumber);
    expect(seen.payment).toMatchObject({ refundedPence: order.changePence, refundablePence: seen.payment.capturedPence - order.changePence });
    expect(seen.refunds).toMatchObject([{ kind: 'external', amountPence: order.changePence, state: 'succeeded' }]);
    // Cancelled: the change's payment has nothing left, so all the rest comes from the checkout's.
    standIn.answerRefunds('succeeded');
    const cancelled = await cancel(order.orderNumber);
    expect(cancelled).toMatchObject({ status: 'cancelled', payment: { refundedPence: cancelled.payment.capturedPence } });
    expect(await refundedAtStripe(order.change)).toBe(order.changePence);
  });
});
