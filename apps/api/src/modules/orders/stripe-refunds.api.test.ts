/**
 * Refunds with the shop configured for Stripe, against the local stand-in: Stripe may answer a
 * refund `pending` and settle it later, or fail it later, even after it succeeded (the card issuer
 * sent it back). Its `charge.refunded` and `charge.refund.updated` webhooks carry those changes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersClient, type OrdersClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { invariantViolations } from '../../testing/order-invariants.ts';
import { readyToPay } from '../../testing/ready-to-pay.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { paymentGateway, startStripeStandIn, stripeSends as sendStripeEvent, stripeStandInEnv, type StripeStandIn } from '../payments/testing.ts';

let standIn: StripeStandIn;
let api: TestApi;
let sku: string;
let staff: OrdersClient;
const actors: Record<string, Actor> = { staff: { userId: 'user-staff', roles: ['shopper', 'order-admin'] } };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await startTestApi({
    env: stripeStandInEnv(standIn),
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  staff = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
  sku = (await findSeededSku(api.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 20`)).sku;
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});
afterEach(async () => {
  standIn.answerRefunds('succeeded');
  const broken = await invariantViolations(api.database.db);
  if (Object.keys(broken).length > 0) throw new Error(`Invariants broken: ${JSON.stringify(broken)}`);
});

const gateway = () => paymentGateway(api.app);

/** A guest order paid with Stripe's 4242 test card. */
async function placeOrder() {
  const { checkout, params } = await readyToPay(api, sku);
  const intent = await checkout.createPaymentIntent({ params, body: {} });
  await gateway().confirmIntent(intent.intentId, { paymentMethodRef: 'pm_card_visa' }, `confirm-${intent.intentId}`);
  const placed = await checkout.completePayment({ params });
  return { ...placed, intentId: intent.intentId, params: { orderNumber: placed.orderNumber } };
}

/** Stripe's refunds of the payment now, newest last. */
const stripeRefunds = (intentId: string) => gateway().listRefunds(intentId);

/** A signed event from Stripe about `object`; returns the shop's answer. */
async function stripeSends(type: 'charge.refunded' | 'charge.refund.updated', object: Record<string, unknown>) {
  const sent = await sendStripeEvent(api.origin, type, object);
  expect(sent.status).toBe(200);
  return sent.body as { received: boolean; duplicate: boolean };
}
const chargeRefunded = (intentId: string) => stripeSends('charge.refunded', { id: 'ch_any', object: 'charge', payment_intent: intentId });

describe('a refund Stripe answers pending', () => {
  it('is on its way, not refunded: the order waits until Stripe says it succeeded, then is cancelled once', async () => {
    const order = await placeOrder();
    standIn.answerRefunds('pending');
    const waiting = await staff.cancelOrder({ params: order.params, body: { reason: 'Customer asked' } });
    expect(waiting).toMatchObject({
      status: 'placed',
      payment: { refundedPence: 0, refundablePence: 0 },
      refunds: [{ kind: 'cancellation', state: 'pending', withProvider: true, amountPence: order.totalIncVat }],
    });
    expect(await failure(staff.advanceOrder({ params: order.params, body: { status: 'processing' } }))).toMatchObject({
      status: 409,
      code: 'ORDER_REFUND_IN_PROGRESS',
    });
    // Stripe's charge.refunded comes at once and still says pending: nothing counts yet.
    await chargeRefunded(order.intentId);
    expect(await staff.getOrderForStaff({ params: order.params })).toMatchObject({ status: 'placed', refunds: [{ state: 'pending' }] });
    expect(await readOutbox(api.database.db, { to: order.emailAddress, template: 'order.cancelled' })).toEqual([]);

    const [refund] = await stripeRefunds(order.intentId);
    const update = standIn.settleRefund(refund!.id, 'succeeded');
    expect(await stripeSends('charge.refund.updated', update)).toEqual({ received: true, duplicate: false });
    const done = await staff.getOrderForStaff({ params: order.params });
    expect(done).toMatchObject({ status: 'cancelled', payment: { refundedPence: order.totalIncVat }, refunds: [{ state: 'succeeded', withProvider: true }] });
    // A late or repeated event (a new id) changes nothing twice.
    await stripeSends('charge.refund.updated', update);
    await chargeRefunded(order.intentId);
    expect((await staff.getOrderForStaff({ params: order.params })).payment.refundedPence).toBe(order.totalIncVat);
    expect(await readOutbox(api.database.db, { to: order.emailAddress, template: 'order.cancelled' })).toHaveLength(1);
    expect(await stripeRefunds(order.intentId)).toHaveLength(1);
  });

  it('that Stripe then fails leaves the order as it was, and cancelling again refunds it', async () => {
    const order = await placeOrder();
    standIn.answerRefunds('pending');
    await staff.cancelOrder({ params: order.params, body: { reason: 'Customer asked' } });
    const [refund] = await stripeRefunds(order.intentId);
    await stripeSends('charge.refund.updated', standIn.settleRefund(refund!.id, 'failed'));
    const after = await staff.getOrderForStaff({ params: order.params });
    expect(after).toMatchObject({
      status: 'placed',
      payment: { refundedPence: 0, refundablePence: order.totalIncVat },
      refunds: [{ state: 'failed', failure: expect.any(String) }],
    });

    standIn.answerRefunds('succeeded');
    expect(await staff.cancelOrder({ params: order.params, body: { reason: 'Customer asked' } })).toMatchObject({
      status: 'cancelled',
      payment: { refundedPence: order.totalIncVat },
      refunds: [{ state: 'failed' }, { state: 'succeeded' }],
    });
  });
});

describe('a refund Stripe fails after it succeeded', () => {
  it('no longer counts, and the order’s history tells staff the customer has not been refunded', async () => {
    const order = await placeOrder();
    await staff.advanceOrder({ params: order.params, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' } });
    const refunded = await staff.refundOrder({ params: order.params, body: { amountPence: 500, reason: 'Late delivery', alreadyRefundedPence: 0 } });
    expect(refunded).toMatchObject({ payment: { refundedPence: 500 }, refunds: [{ state: 'succeeded', withProvider: true }] });

    const [refund] = await stripeRefunds(order.intentId);
    const update = standIn.settleRefund(refund!.id, 'failed');
    await stripeSends('charge.refund.updated', update);
    const after = await staff.getOrderForStaff({ params: order.params });
    expect(after).toMatchObject({ status: 'dispatched', payment: { refundedPence: 0, refundablePence: order.totalIncVat }, refunds: [{ state: 'failed' }] });
    expect(after.refunds[0]!.failure).toMatch(/has not been refunded/);
    expect(after.history.at(-1)).toMatchObject({ kind: 'refund', note: expect.stringMatching(/Refund of £5 failed at the payment provider/) });
    // Told once, however often Stripe says so.
    await stripeSends('charge.refund.updated', update);
    expect(
      (await staff.getOrderForStaff({ params: order.params })).history.filter((entry) => entry.note?.includes('failed at the payment provider')),
    ).toHaveLength(1);
  });
});
