/**
 * Refunds of an order's later payments (a delivery upgrade's, an order change's difference) that the
 * shop hears of only from the provider's webhooks: made at the provider directly (its dashboard), or
 * the shop's own whose answer was lost or came after its webhook. Real orders through checkout with
 * sandbox payments; webhooks delivered by hand, so a test says when they arrive, twice and late.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { startOrderChangeApi, type ChangeClients, type OrderChangeHarness } from '../order-baskets/testing.ts';
import { PaymentErrors } from '../payments/index.ts';
import { confirmLikeTheFrame, deliverSandboxWebhooks, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';

let harness: OrderChangeHarness;
let api: TestApi;
let mixer: SeededSku;
let waste: SeededSku;
let alice: ChangeClients;
let staff: ChangeClients;

beforeAll(async () => {
  harness = await startOrderChangeApi((origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  ({ api, alice, staff } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`;
  mixer = await findSeededSku(api.database.db, parcel, 4);
  waste = await findSeededSku(api.database.db, parcel, 6);
});
afterAll(() => api.close());
afterEach(async () => {
  vi.restoreAllMocks();
  // Every test: paid − refunded is the order's total, and the refunds add up to what the order says was refunded.
  await harness.checkInvariants();
});

const gateway = () => sandboxGateway(api.app);
const webhooks = () => deliverSandboxWebhooks(api.app);
const staffView = (orderNumber: string) => staff.orders.getOrderForStaff({ params: { orderNumber } });
const refundedOn = async (intentId: string) => (await gateway().retrieveIntent(intentId))!.amountRefundedPence;
const checkoutIntentOf = async (orderNumber: string) => {
  const result = (await api.database.db.execute(sql`select payment_intent_ref as ref from orders where order_number = ${orderNumber}`)) as unknown as {
    rows: { ref: string }[];
  };
  return result.rows[0]!.ref;
};
const cancel = (orderNumber: string) => staff.orders.cancelOrder({ params: { orderNumber }, body: { reason: 'Customer asked by phone' } });

/** An order with a paid specific-day upgrade: the checkout payment and the upgrade's own. */
async function upgradedOrder() {
  const { orderNumber, params } = await harness.chosenUpgrade({ sku: mixer });
  const intent = await alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } });
  await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
  await alice.upgrade.completeUpgradePayment({ params, body: {} });
  return { orderNumber, checkout: await checkoutIntentOf(orderNumber), upgrade: intent.intentId, upgradePence: intent.amountPence };
}

/** An order with a paid addition: the checkout payment and the change's own for the difference. */
async function changedOrder() {
  const { orderNumber } = await harness.placeOrder({ sku: mixer });
  const params = { id: orderNumber };
  const opened = await alice.changes.openOrderBasket({ params });
  await alice.changes.addOrderBasketItem({ params, body: { sku: waste.sku, quantity: 1 } });
  const asked = await alice.changes.completeOrderBasket({ params, body: { orderVersion: opened.orderVersion } });
  if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
  await confirmLikeTheFrame(api.origin, { id: asked.payment.intentId, clientSecret: asked.payment.clientSecret }, { number: TEST_CARDS.succeeds });
  await alice.changes.completeOrderBasket({ params, body: { orderVersion: opened.orderVersion, paymentIntentId: asked.payment.intentId } });
  return { orderNumber, checkout: await checkoutIntentOf(orderNumber), change: asked.payment.intentId, changePence: asked.payment.amountPence };
}

/** The provider's webhooks delivered again and again while `work` runs, and once more after: they may land at any step of it. */
async function withWebhooks<T>(work: Promise<T>): Promise<T> {
  const state = { running: true };
  const done = work.finally(() => {
    state.running = false;
  });
  const listening = (async () => {
    while (state.running) await webhooks();
  })();
  const [result] = await Promise.all([done, listening]);
  await webhooks();
  return result;
}

/** The provider's refunds work; the answers to the calls numbered in `lost` (from 1) never come back. */
function answersLost(...lost: number[]) {
  const real = gateway().refund.bind(gateway());
  let calls = 0;
  return vi.spyOn(gateway(), 'refund').mockImplementation(async (...args) => {
    calls += 1;
    const done = await real(...args);
    if (lost.includes(calls)) throw PaymentErrors.gatewayUnavailable('the connection was reset');
    return done;
  });
}

describe('a later payment refunded at the provider directly', () => {
  it('a delivery upgrade’s: booked against the order once, however often and late the webhook says so; a cancellation gives back only the rest', async () => {
    const order = await upgradedOrder();
    await gateway().refund(order.upgrade, 200, `dashboard-${order.orderNumber}`);
    await webhooks();
    await webhooks();
    const seen = await staffView(order.orderNumber);
    expect(seen).toMatchObject({ status: 'placed', payment: { refundedPence: 200 }, refunds: [{ kind: 'external', amountPence: 200, state: 'succeeded' }] });
    expect(seen.history.at(-1)).toMatchObject({ kind: 'refund' });
    expect(await readOutbox(api.database.db, { template: 'order.refunded' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: 'alice@example.com' })]),
    );

    // The upgrade's payment has 200 less left: the cancellation asks it only for the rest, and the checkout payment for all of its own.
    const cancelled = await cancel(order.orderNumber);
    expect(cancelled).toMatchObject({ status: 'cancelled', payment: { refundedPence: cancelled.payment.capturedPence } });
    expect(await refundedOn(order.upgrade)).toBe(order.upgradePence);
    expect(await refundedOn(order.checkout)).toBe(cancelled.payment.capturedPence - order.upgradePence);
    // The cancellation's webhook lists the dashboard's refund again: still counted once.
    await webhooks();
    const after = await staffView(order.orderNumber);
    expect(after.payment.refundedPence).toBe(after.payment.capturedPence);
    expect(after.refunds.map((refund) => [refund.kind, refund.state])).toEqual([
      ['external', 'succeeded'],
      ['cancellation', 'succeeded'],
    ]);
  });

  it('an order change’s, in full: booked, and the order still owes what the customer paid less it', async () => {
    const order = await changedOrder();
    await gateway().refund(order.change, order.changePence, `dashboard-${order.orderNumber}`);
    await webhooks();
    const seen = await staffView(order.orderNumber);
    expect(seen.payment.refundedPence).toBe(order.changePence);
    expect(seen.payment.refundablePence).toBe(seen.payment.capturedPence - order.changePence);
    expect(seen.refunds).toMatchObject([{ kind: 'external', amountPence: order.changePence }]);
    // Cancelled: the change's payment has nothing left, so all the rest comes from the checkout payment.
    const cancelled = await cancel(order.orderNumber);
    expect(cancelled).toMatchObject({ status: 'cancelled', payment: { refundedPence: cancelled.payment.capturedPence } });
    expect([await refundedOn(order.change), await refundedOn(order.checkout)]).toEqual([
      order.changePence,
      cancelled.payment.capturedPence - order.changePence,
    ]);
  });
});

describe('the shop’s own refund of a later payment, heard of only from its webhook', () => {
  it('answer lost for one share: the webhooks settle it once, with no refund booked as made elsewhere', async () => {
    const order = await upgradedOrder();
    // A cancellation draws the upgrade's payment first, then the checkout payment's: the second answer is lost.
    const told = () => readOutbox(api.database.db, { to: 'alice@example.com', template: 'order.cancelled' });
    const before = (await told()).length;
    answersLost(2);
    expect(await failure(cancel(order.orderNumber))).toMatchObject({ status: 502, code: 'ORDER_REFUND_UNCONFIRMED' });
    expect(await staffView(order.orderNumber)).toMatchObject({ status: 'placed', payment: { refundedPence: 0 }, refunds: [{ state: 'pending' }] });
    vi.restoreAllMocks();

    await webhooks();
    const settled = await staffView(order.orderNumber);
    expect(settled).toMatchObject({
      status: 'cancelled',
      payment: { refundedPence: settled.payment.capturedPence },
      refunds: [{ kind: 'cancellation', state: 'succeeded' }],
    });
    await webhooks();
    expect(await told()).toHaveLength(before + 1);
    expect(await failure(cancel(order.orderNumber))).toMatchObject({ status: 409, code: 'ORDER_ALREADY_CANCELLED' });
    expect(await refundedOn(order.upgrade)).toBe(order.upgradePence);
  });

  it('answer lost for the upgrade’s share before the other was asked: its webhook waits for the rest; the retry finishes it with one refund each', async () => {
    const order = await upgradedOrder();
    answersLost(1);
    expect(await failure(cancel(order.orderNumber))).toMatchObject({ status: 502, code: 'ORDER_REFUND_UNCONFIRMED' });
    vi.restoreAllMocks();
    await webhooks();
    // The upgrade's share is heard, the checkout payment's not yet asked: still pending, nothing booked elsewhere.
    expect(await staffView(order.orderNumber)).toMatchObject({
      status: 'placed',
      payment: { refundedPence: 0 },
      refunds: [{ kind: 'cancellation', state: 'pending' }],
    });

    const done = await cancel(order.orderNumber);
    expect(done).toMatchObject({ status: 'cancelled', refunds: [{ kind: 'cancellation', state: 'succeeded' }] });
    await webhooks();
    expect((await staffView(order.orderNumber)).refunds).toHaveLength(1);
    expect([await refundedOn(order.upgrade), await refundedOn(order.checkout)]).toEqual([order.upgradePence, done.payment.capturedPence - order.upgradePence]);
  });

  it('its webhook before its answer (each share): taken as the shop’s own, settled once', async () => {
    const order = await upgradedOrder();
    const real = gateway().refund.bind(gateway());
    vi.spyOn(gateway(), 'refund').mockImplementation(async (...args) => {
      const done = await real(...args);
      // The provider's webhook overtakes its answer.
      await webhooks();
      return done;
    });
    const cancelled = await cancel(order.orderNumber);
    expect(cancelled).toMatchObject({ status: 'cancelled', payment: { refundedPence: cancelled.payment.capturedPence } });
    expect(cancelled.refunds.map((refund) => refund.kind)).toEqual(['cancellation']);
  });
});

describe('a dashboard refund the shop takes for its own', () => {
  it('exactly the share the shop is asking for, heard before its answer: once the answer names another, both are counted', async () => {
    const order = await upgradedOrder();
    await staff.orders.advanceOrder({
      params: { orderNumber: order.orderNumber },
      body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' },
    });
    const real = gateway().refund.bind(gateway());
    vi.spyOn(gateway(), 'refund').mockImplementationOnce(async (...args) => {
      // Staff refund the same pence at the provider directly, and its webhook comes, while the shop's request is on its way.
      await real(order.checkout, 500, `dashboard-${order.orderNumber}`);
      await webhooks();
      return real(...args);
    });
    const refunded = await staff.orders.refundOrder({
      params: { orderNumber: order.orderNumber },
      body: { amountPence: 500, reason: 'Late delivery', alreadyRefundedPence: 0 },
    });
    expect(refunded.payment.refundedPence).toBe(1_000);
    await webhooks();
    const seen = await staffView(order.orderNumber);
    expect(seen.payment.refundedPence).toBe(1_000);
    expect(seen.refunds.map((refund) => [refund.kind, refund.amountPence, refund.state])).toEqual([
      ['refund', 500, 'succeeded'],
      ['external', 500, 'succeeded'],
    ]);
    expect(await refundedOn(order.checkout)).toBe(1_000);
  });
});

describe('races (PostgreSQL)', () => {
  it('webhooks delivered while the shop refunds orders with later payments: each provider refund counted once, none taken for one made elsewhere', async () => {
    const orders = await Promise.all([changedOrder(), upgradedOrder(), changedOrder()]);
    await withWebhooks(Promise.all(orders.map((order) => cancel(order.orderNumber))));
    for (const order of orders) {
      const seen = await staffView(order.orderNumber);
      expect(seen).toMatchObject({ status: 'cancelled', payment: { refundedPence: seen.payment.capturedPence } });
      expect(seen.refunds.map((refund) => [refund.kind, refund.state])).toEqual([['cancellation', 'succeeded']]);
    }
  });

  it('a dashboard refund of an upgrade’s payment while the shop refunds the order: both counted, once each', async () => {
    const order = await upgradedOrder();
    await staff.orders.advanceOrder({
      params: { orderNumber: order.orderNumber },
      body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' },
    });
    const placed = await staffView(order.orderNumber);
    // The shop's refund comes from the checkout payment; the dashboard's from the upgrade's, for an amount none of the shop's takes.
    const shop = Math.min(500, placed.payment.capturedPence - order.upgradePence);
    await withWebhooks(
      Promise.all([
        staff.orders.refundOrder({ params: { orderNumber: order.orderNumber }, body: { amountPence: shop, reason: 'Late delivery', alreadyRefundedPence: 0 } }),
        gateway().refund(order.upgrade, order.upgradePence - 1, `dashboard-${order.orderNumber}`),
      ]),
    );
    const seen = await staffView(order.orderNumber);
    expect(seen.payment.refundedPence).toBe(shop + order.upgradePence - 1);
    const made = seen.refunds.map((refund) => [refund.kind, refund.amountPence]);
    expect(made).toHaveLength(2);
    expect(made).toEqual(
      expect.arrayContaining([
        ['external', order.upgradePence - 1],
        ['refund', shop],
      ]),
    );
  });
});
