/**
 * An order change's difference paid in a window that closed before it told the shop: the change is
 * never made, so when its basket expires the payment goes back in full, once, the order stays as it
 * was and the customer is told; a payment never made is cancelled so it can no longer be; a completion
 * arriving after the expiry is told its money is going back; and a second payment for a basket that
 * only the gateway's webhook reports is refunded when it arrives.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../platform/jobs.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { confirmLikeTheFrame, deliverSandboxWebhooks, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';
import { ORDER_BASKET_EXPIRY_JOB } from './order-basket-expiry.ts';
import { startOrderChangeApi, type ChangeClients, type OrderChangeHarness } from './testing.ts';

let harness: OrderChangeHarness;
let api: TestApi;
let alice: ChangeClients;
let skus: { mixer: SeededSku; waste: SeededSku };
let expiry: Job;

async function payLikeTheFrame(origin: string, intent: { id: string; clientSecret: string }, card: string = TEST_CARDS.succeeds) {
  const answer = await confirmLikeTheFrame(origin, intent, { number: card });
  if (answer.body.status === 'requires_action') await sandboxGateway(api.app).completeChallenge(intent.id, intent.clientSecret, 'complete');
  return answer;
}

beforeAll(async () => {
  harness = await startOrderChangeApi(payLikeTheFrame);
  ({ api, alice } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 60`;
  skus = { mixer: await findSeededSku(api.database.db, parcel, 3), waste: await findSeededSku(api.database.db, parcel, 8) };
  expiry = api.app.composed.modules.find((module) => module.name === 'order-baskets')!.jobs!(api.app).find((job) => job.name === ORDER_BASKET_EXPIRY_JOB)!;
});
afterAll(() => api.close());
afterEach(() => harness.checkInvariants());

const runExpiry = async () => (await expiry.runOnce({ db: api.database.db, clock: { now: () => new Date() }, log: api.app.log })).claimed;

/** An order with one more item added to it, its difference asked for and the payment made for it (or not). */
async function changePaidThenLeft(pay: boolean) {
  const { orderNumber } = await harness.placeOrder({ who: alice, sku: skus.mixer, quantity: 1 });
  const params = { id: orderNumber };
  const basket = await alice.changes.addOrderBasketItem({ params, body: { sku: skus.waste.sku, quantity: 1 } });
  const asked = await alice.changes.completeOrderBasket({ params, body: { orderVersion: basket.orderVersion } });
  if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
  const paid = pay && (await payLikeTheFrame(api.origin, intentOf(asked.payment))).body.status === 'succeeded';
  if (paid !== pay) throw new Error('expected the card to be taken');
  return { orderNumber, params, orderVersion: basket.orderVersion, payment: asked.payment };
}

const intentOf = (payment: { intentId: string; clientSecret: string }) => ({ id: payment.intentId, clientSecret: payment.clientSecret });

const leftPastExpiry = (orderNumber: string) =>
  api.database.db.execute(
    sql`update order_baskets set expires_at = now() - interval '1 minute'
        where state = 'open' and order_id = (select id from orders where order_number = ${orderNumber})`,
  );

const wastesOn = async (orderNumber: string) =>
  (await alice.mine.getMyOrder({ params: { orderNumber } })).lines.filter((line) => line.sku === skus.waste.sku).reduce((sum, line) => sum + line.quantity, 0);

const emailsAbout = async (orderNumber: string) =>
  (
    (await api.database.db.execute(
      sql`select subject, text from email_outbox where template = 'order.change-not-made' and subject like ${`%${orderNumber}%`}`,
    )) as unknown as { rows: { subject: string; text: string }[] }
  ).rows;

describe('a difference paid for changes that were never completed', () => {
  it('is refunded in full, once, when the changes expire: the order as it was, the customer e-mailed', async () => {
    const { orderNumber, params, orderVersion, payment } = await changePaidThenLeft(true);
    await leftPastExpiry(orderNumber);
    // Closed, then its payment let go: two pieces of work; nothing on the next run.
    expect(await runExpiry()).toBeGreaterThanOrEqual(2);
    expect(await runExpiry()).toBe(0);
    expect(await sandboxGateway(api.app).retrieveIntent(payment.intentId)).toMatchObject({ status: 'succeeded', amountRefundedPence: payment.amountPence });
    expect(await wastesOn(orderNumber)).toBe(0);
    const [email, ...more] = await emailsAbout(orderNumber);
    expect(more).toEqual([]);
    expect(email!.subject).toBe(`Your changes to order ${orderNumber} were not made`);
    expect(email!.text).toContain(`We are refunding the £${(payment.amountPence / 100).toFixed(2)} to your card`);
    // The window comes back to life: told there is nothing open, and nothing more is refunded.
    const late = await failure(alice.changes.completeOrderBasket({ params, body: { orderVersion, paymentIntentId: payment.intentId } }));
    expect([late.status, late.code]).toEqual([404, 'ORDER_BASKET_NOT_OPEN']);
    expect((await sandboxGateway(api.app).retrieveIntent(payment.intentId))!.amountRefundedPence).toBe(payment.amountPence);
  });

  it('a completion that arrives after the expiry is told the changes were not made and its money is going back', async () => {
    const { orderNumber, params, orderVersion, payment } = await changePaidThenLeft(true);
    await leftPastExpiry(orderNumber);
    const late = await failure(alice.changes.completeOrderBasket({ params, body: { orderVersion, paymentIntentId: payment.intentId } }));
    expect([late.status, late.code]).toEqual([410, 'ORDER_BASKET_EXPIRED_REFUNDED']);
    expect(late.message).toMatch(/were not made and we are refunding the £[\d.]+ you paid to your card\. Start the changes again\.$/);
    expect(await sandboxGateway(api.app).retrieveIntent(payment.intentId)).toMatchObject({ amountRefundedPence: payment.amountPence });
    // The job finds nothing left to do; the customer has one e-mail.
    await runExpiry();
    expect(await emailsAbout(orderNumber)).toHaveLength(1);
    expect(await wastesOn(orderNumber)).toBe(0);
  });

  it('a difference asked for but never paid is cancelled when the changes expire, so it can no longer be paid, and nobody is e-mailed', async () => {
    const { orderNumber, payment } = await changePaidThenLeft(false);
    await leftPastExpiry(orderNumber);
    await runExpiry();
    expect((await sandboxGateway(api.app).retrieveIntent(payment.intentId))!.status).toBe('canceled');
    expect((await payLikeTheFrame(api.origin, intentOf(payment))).body.status).not.toBe('succeeded');
    expect((await sandboxGateway(api.app).retrieveIntent(payment.intentId))!.status).toBe('canceled');
    expect(await emailsAbout(orderNumber)).toEqual([]);
  });
});

describe('a second payment for one change that only the gateway reports', () => {
  it('is refunded when its webhook arrives, and the change is still made with the basket’s own payment', async () => {
    const { orderNumber, params, orderVersion, payment } = await changePaidThenLeft(true);
    const [basket] = (
      (await api.database.db.execute(sql`select id from order_baskets where payment_intent_ref = ${payment.intentId}`)) as unknown as { rows: { id: string }[] }
    ).rows;
    // Another way of paying for the same basket went through at the gateway, and its window closed.
    const gateway = sandboxGateway(api.app);
    const second = await gateway.createIntent({
      amountPence: payment.amountPence,
      metadata: { orderBasketId: basket!.id, orderNumber },
      idempotencyKey: randomUUID(),
    });
    await payLikeTheFrame(api.origin, second);
    while ((await deliverSandboxWebhooks(api.app)).claimed > 0);
    expect(await runExpiry()).toBe(1);
    expect(await gateway.retrieveIntent(second.id)).toMatchObject({ status: 'succeeded', amountRefundedPence: payment.amountPence });
    expect((await gateway.retrieveIntent(payment.intentId))!.amountRefundedPence).toBe(0);
    // Refunded once: nothing left for the next run.
    expect(await runExpiry()).toBe(0);
    expect((await gateway.retrieveIntent(second.id))!.amountRefundedPence).toBe(payment.amountPence);

    const done = await alice.changes.completeOrderBasket({ params, body: { orderVersion, paymentIntentId: payment.intentId } });
    expect(done).toMatchObject({ status: 'completed', chargedPence: payment.amountPence });
    expect(await wastesOn(orderNumber)).toBe(1);
  });
});
