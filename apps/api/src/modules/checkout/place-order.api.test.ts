import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBasketClient,
  createCheckoutClient,
  createDiscountsClient,
  createOrderTrackingClient,
  createOrdersClient,
  type BasketClient,
  type CheckoutClient,
} from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, setStock, type SeededSku } from '../../testing/seeded-skus.ts';
import { invariantViolations } from '../../testing/order-invariants.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createInventoryService } from '../inventory/index.ts';
import { readOutbox } from '../notifications/testing.ts';
import { confirmLikeTheFrame, deliverDueWebhooks, loopbackWebhookUrl, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';
import { crashPoints } from './place-order.ts';
import { runUntilIdle } from '../../platform/jobs.ts';

let api: TestApi;
const inventory = createInventoryService();
let clockOffsetMs = 0;
/** The worker's grace as the shop is told it (`PAYMENT_RECOVERY_GRACE_SECONDS`), longer than the default 30 s so the setting shows. */
const RECOVERY_GRACE_MS = 45_000;
const actors: Record<string, Actor> = {
  alice: { userId: 'user-alice', roles: ['shopper'] },
  manager: { userId: 'user-manager', roles: ['shopper', 'discount-manager'] },
  bob: { userId: 'user-bob', roles: ['shopper'] },
  staff: { userId: 'user-staff', roles: ['order-admin'] },
};
let guest: { basket: BasketClient; checkout: CheckoutClient };
let alice: { basket: BasketClient; checkout: CheckoutClient };
let bob: { basket: BasketClient; checkout: CheckoutClient };
const skus: Record<string, SeededSku> = {};

const address = { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' };
const contact = (email: string) => ({ emailAddress: email, firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' });

beforeAll(async () => {
  api = await startTestApi({
    clock: { now: () => new Date(Date.now() + clockOffsetMs) },
    // Webhooks are delivered by hand here, in order, once each.
    env: { SANDBOX_WEBHOOK_CHAOS: 'off', PAYMENT_RECOVERY_GRACE_SECONDS: String(RECOVERY_GRACE_MS / 1000) },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const clients = (getAccessToken?: () => string) => ({
    basket: createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken }),
    checkout: createCheckoutClient({ baseUrl: api.serviceUrl('checkout'), getAccessToken }),
  });
  guest = clients();
  alice = clients(() => 'alice');
  bob = clients(() => 'bob');
  skus.tap = await findSeededSku(
    api.database.db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 20`,
  );
  skus.held = await findSeededSku(
    api.database.db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 20`,
    6,
  );
  skus.last = await findSeededSku(api.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle`, 11);
});
afterAll(() => api.close());

/** A basket with contact, address, billing and standard delivery: ready to pay. */
async function readyBasket(client = guest, email = 'sam@example.com', sku = skus.tap!.sku, quantity = 2) {
  const { basketId } = await client.basket.createBasketWithItems({ body: { items: [{ sku, quantity }] } });
  const params = { basketId };
  await client.checkout.setContactDetails({ params, body: contact(email) });
  await client.checkout.setDeliveryDetails({ params, body: { address } });
  await client.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
  const checkout = await client.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
  return { params, checkout };
}

describe('paying and placing the order', () => {
  it('refuses to take payment before the steps are done', async () => {
    const { basketId } = await guest.basket.createBasket({ body: { sku: skus.tap!.sku } });
    const error = await failure(guest.checkout.createPaymentIntent({ params: { basketId }, body: {} }));
    expect(error).toMatchObject({ status: 409, code: 'CHECKOUT_STEPS_MISSING' });
    expect(error.message).toContain('contact, delivery address, delivery option, billing');
  });

  it('a guest pays with 4242 for the server’s total, gets one order, one e-mail, and a repeat returns the same order', async () => {
    const { params, checkout } = await readyBasket();
    const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
    expect(intent).toMatchObject({ amountPence: checkout.totals.totalIncVat, status: 'requires_payment_method' });
    expect(intent.frameUrl).toContain(encodeURIComponent(intent.clientSecret));
    expect(await failure(guest.checkout.completePayment({ params }))).toMatchObject({ status: 409, code: 'CHECKOUT_PAYMENT_NOT_STARTED' });

    const paid = await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    expect(paid.status).toBe(200);
    const [first, second] = await Promise.all([guest.checkout.completePayment({ params }), guest.checkout.completePayment({ params })]);
    expect(first.orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ totalIncVat: checkout.totals.totalIncVat, emailAddress: 'sam@example.com', status: 'placed' });
    expect(await guest.checkout.completePayment({ params })).toEqual(first);

    const tracking = createOrderTrackingClient({ baseUrl: api.serviceUrl('order-tracking') });
    expect(await tracking.trackOrder({ params: { orderNumber: first.orderNumber, emailAddress: 'sam@example.com' } })).toMatchObject({ status: 'placed' });
    const emails = await readOutbox(api.database.db, { to: 'sam@example.com', template: 'order.confirmation' });
    expect(emails.map((email) => email.subject)).toEqual([`Order confirmed: ${first.orderNumber}`]);
    // The basket became the order.
    expect(await failure(guest.basket.getBasket({ params }))).toMatchObject({ status: 404 });
    const levels = (await api.database.db.execute(sql`select committed, reserved from stock_counts where sku = ${skus.tap!.sku}`)) as unknown as {
      rows: { committed: number; reserved: number }[];
    };
    expect(levels.rows[0]).toMatchObject({ committed: 2, reserved: 0 });
    expect(await inventory.stockInvariantViolations(api.database)).toEqual([]);
  });

  it('a click & collect order keeps the branch, its e-mail names the branch and its address, and once handed over it is ready to collect', async () => {
    const { basketId } = await guest.basket.createBasketWithItems({ body: { items: [{ sku: skus.tap!.sku, quantity: 1 }] } });
    const params = { basketId };
    await guest.checkout.setContactDetails({ params, body: contact('collect@example.com') });
    const collecting = await guest.checkout.setDeliveryOption({ params, body: { code: 'click_collect' } });
    await guest.checkout.setBillingDetails({ params, body: { sameAsDelivery: false, address } });
    const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const placed = await guest.checkout.completePayment({ params });

    const stored = (await api.database.db.execute(
      sql`select delivery, delivery_address from orders where order_number = ${placed.orderNumber}`,
    )) as unknown as {
      rows: { delivery: { code: string; collection: unknown }; delivery_address: unknown }[];
    };
    expect(stored.rows[0]).toMatchObject({ delivery: { code: 'click_collect', collection: collecting.deliveryOption!.collection }, delivery_address: null });
    const [email] = await readOutbox(api.database.db, { to: 'collect@example.com', template: 'order.confirmation' });
    const branch = 'the Plumbline Leeds trade counter, Unit 4 Canal Wharf, Leeds LS11 5PS (open Monday to Friday 7am to 5pm, Saturday 8am to midday)';
    expect(email!.text).toContain(`Collect from ${branch}, from `);

    // Staff hand it over to the branch: the e-mail the confirmation promised says it is ready there, with no carrier's delivery.
    const orders = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
    await orders.advanceOrder({
      params: { orderNumber: placed.orderNumber },
      body: { status: 'dispatched', carrier: 'Branch transfer', trackingNumber: 'LDS-4471' },
    });
    const [ready] = await readOutbox(api.database.db, { to: 'collect@example.com', template: 'order.dispatched' });
    expect(ready!.subject).toBe(`Your order ${placed.orderNumber} is ready to collect`);
    expect(ready!.text).toContain(`Order ${placed.orderNumber} is ready to collect from ${branch}.`);
    expect(ready!.text).toContain('Bring your order number');
    expect(ready!.text).not.toMatch(/left our warehouse|delivery day|Branch transfer/);
  });

  it('declined cards (0002, 9995) leave no order and a clear message; the shopper can retry with 4242', async () => {
    const { params } = await readyBasket(guest, 'decline@example.com');
    const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
    for (const number of [TEST_CARDS.declined, TEST_CARDS.insufficientFunds]) {
      await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number });
      const error = await failure(guest.checkout.completePayment({ params }));
      expect(error).toMatchObject({ status: 402, code: 'CHECKOUT_PAYMENT_DECLINED' });
      expect(error.message).toMatch(/You have not been charged/);
    }
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    expect((await guest.checkout.completePayment({ params })).orderNumber).toMatch(/^BP/);
  });

  it('3155 needs the challenge before the order can be placed', async () => {
    const { params } = await readyBasket(guest, 'secure@example.com');
    const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
    const confirmed = await confirmLikeTheFrame(
      api.origin,
      { id: intent.intentId, clientSecret: intent.clientSecret },
      { number: TEST_CARDS.requiresAuthentication },
    );
    expect(confirmed.body).toMatchObject({ status: 'requires_action' });
    expect(await failure(guest.checkout.completePayment({ params }))).toMatchObject({ status: 409, code: 'CHECKOUT_PAYMENT_NEEDS_ACTION' });
  });

  it('a bank check left unfinished (dialog closed, page reloaded) can be resumed or replaced by any card, holding the stock once', async () => {
    const { params } = await readyBasket(guest, 'left-the-check@example.com');
    const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
    const frame = { id: intent.intentId, clientSecret: intent.clientSecret };
    expect((await confirmLikeTheFrame(api.origin, frame, { number: TEST_CARDS.requiresAuthentication })).body).toMatchObject({ status: 'requires_action' });
    // The page is reloaded: the same payment comes back, its bank check still on offer.
    const resumed = await guest.checkout.createPaymentIntent({ params, body: {} });
    expect(resumed).toMatchObject({ intentId: intent.intentId, status: 'requires_action', nextActionUrl: expect.stringContaining('/challenge/') });
    expect(await inventory.heldFor(api.database, params.basketId)).toEqual(new Map([[skus.tap!.sku, 2]]));
    // The shopper pays with another card instead: the unfinished check is simply replaced.
    const paid = await confirmLikeTheFrame(api.origin, frame, { number: TEST_CARDS.succeeds });
    expect(paid).toMatchObject({ status: 200, body: { status: 'succeeded' } });
    expect((await guest.checkout.completePayment({ params })).orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
    // The bank's page left open in another window can no longer confirm anything, and says why in words.
    const late = await fetch(`${api.origin}/api/payments/sandbox/challenge/${intent.intentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: intent.clientSecret, outcome: 'complete' }),
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ detail: 'This payment has already been taken, so it cannot be confirmed with the bank.' });
  });

  it('a payment started again after its details were cleared is a new payment, not the cancelled one', async () => {
    const { params } = await readyBasket(guest, 'cleared@example.com');
    const first = await guest.checkout.createPaymentIntent({ params, body: {} });
    await guest.checkout.clearPaymentDetails({ params });
    const again = await guest.checkout.createPaymentIntent({ params, body: {} });
    expect(again.intentId).not.toBe(first.intentId);
    expect(again.status).toBe('requires_payment_method');
    await confirmLikeTheFrame(api.origin, { id: again.intentId, clientSecret: again.clientSecret }, { number: TEST_CARDS.succeeds });
    expect((await guest.checkout.completePayment({ params })).orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
  });

  it('re-prices the payment when the basket changes after the intent, and refunds a payment made for the old basket', async () => {
    const { params } = await readyBasket(guest, 'change@example.com');
    const first = await guest.checkout.createPaymentIntent({ params, body: {} });
    await guest.basket.setItem({ params, body: { sku: skus.tap!.sku, quantity: 3 } });
    const stale = await guest.checkout.clearDeliveryDetails({ params }).then(() => guest.checkout.setDeliveryDetails({ params, body: { address } }));
    await guest.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
    const ready = await guest.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
    expect(stale.payment?.stale ?? ready.payment?.stale).toBe(true);
    // Paying the old intent (old amount) does not make an order: it is refunded.
    await confirmLikeTheFrame(api.origin, { id: first.intentId, clientSecret: first.clientSecret }, { number: TEST_CARDS.succeeds });
    const error = await failure(guest.checkout.completePayment({ params }));
    expect(error).toMatchObject({ status: 409, code: 'CHECKOUT_PAYMENT_AMOUNT_CHANGED' });
    expect((error.data as { detail: string }).detail).toContain('so we did not place the order. We have refunded your payment in full.');
    const refunded = await sandboxGateway(api.app).retrieveIntent(first.intentId);
    expect(refunded!.amountRefundedPence).toBe(first.amountPence);
  });

  it('gives the last unit to exactly one of fifty shoppers paying at once: one order, the others told it sold out and never charged', async () => {
    const sku = skus.last!.sku;
    await setStock(api.database.db, sku, 'low_stock', 1);
    const shoppers = await Promise.all(Array.from({ length: 50 }, (_, index) => readyBasket(guest, `racer-${index}@example.com`, sku, 1)));
    const results = await Promise.allSettled(shoppers.map(({ params }) => guest.checkout.createPaymentIntent({ params, body: {} })));

    const winners = shoppers.flatMap((shopper, index) => {
      const result = results[index]!;
      return result.status === 'fulfilled' ? [{ ...shopper, intent: result.value }] : [];
    });
    expect(winners).toHaveLength(1);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { status: number; code: string; message: string }] : []));
    expect(refusals).toHaveLength(49);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ status: 409, code: 'OUT_OF_STOCK' });
      expect(refusal.message).toContain('you have not been charged');
    }
    // The others never reached a payment: no intent was made for their baskets.
    const losers = shoppers.filter((shopper) => shopper.params.basketId !== winners[0]!.params.basketId).map(({ params }) => sql`${params.basketId}`);
    const intents = (await api.database.db.execute(
      sql`select count(*)::int as n from checkouts where basket_id in (${sql.join(losers, sql`, `)}) and payment_intent_ref is not null`,
    )) as unknown as { rows: { n: number }[] };
    expect(intents.rows[0]!.n).toBe(0);

    const [winner] = winners;
    await confirmLikeTheFrame(api.origin, { id: winner!.intent.intentId, clientSecret: winner!.intent.clientSecret }, { number: TEST_CARDS.succeeds });
    expect((await guest.checkout.completePayment({ params: winner!.params })).orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
    const all = shoppers.map(({ params }) => sql`${params.basketId}`);
    const orders = (await api.database.db.execute(sql`select count(*)::int as n from orders where basket_id in (${sql.join(all, sql`, `)})`)) as unknown as {
      rows: { n: number }[];
    };
    expect(orders.rows[0]!.n).toBe(1);
    const levels = (await api.database.db.execute(sql`select on_hand, committed, reserved from stock_counts where sku = ${sku}`)) as unknown as {
      rows: unknown[];
    };
    expect(levels.rows[0]).toMatchObject({ on_hand: 1, committed: 1, reserved: 0 });
    expect(await inventory.stockInvariantViolations(api.database)).toEqual([]);
  });

  it('replays a completion sent again with the same Idempotency-Key, and refuses the key for another body', async () => {
    const { params } = await readyBasket(guest, 'keys@example.com');
    const headers = { 'idempotency-key': `create-${Date.now()}` };
    const first = await guest.checkout.createPaymentIntent({ params, body: {} }, { headers });
    expect(await guest.checkout.createPaymentIntent({ params, body: {} }, { headers })).toEqual(first);
    expect(await failure(guest.checkout.createPaymentIntent({ params, body: { method: 'saved_card' } }, { headers }))).toMatchObject({ status: 422 });
  });
});

const stockOf = async (sku: string) => {
  const result = (await api.database.db.execute(sql`select on_hand, committed, reserved from stock_counts where sku = ${sku}`)) as unknown as {
    rows: { on_hand: number; committed: number; reserved: number }[];
  };
  return result.rows[0]!;
};

describe('the same payment started many times at once', () => {
  it('holds exactly the basket’s quantities however many starts race, and the order commits exactly its lines', async () => {
    const sku = skus.held!.sku;
    await api.database.db.execute(sql`update stock_levels set status = 'in_stock', on_hand = 20, committed = 0, reserved = 0 where sku = ${sku}`);
    const { params } = await readyBasket(alice, 'race-starts@example.com', sku, 2);
    // Two tabs, a retry, a ticked "save card": each start with its own key, or none. Three rounds of
    // eight, so that on PostgreSQL some starts overlap whatever the machine's timing.
    const start = (index: number, round: number) => {
      const headers = index % 3 === 2 ? undefined : { headers: { 'idempotency-key': `race-${round}-${index}-${Date.now()}` } };
      if (index === 7) return alice.checkout.refreshPaymentData({ params }).catch(() => undefined);
      return alice.checkout.createPaymentIntent({ params, body: index === 4 ? { method: 'card', saveCard: true } : {} }, headers);
    };
    for (const round of [1, 2, 3]) {
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => start(index, round)));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      expect(await stockOf(sku)).toMatchObject({ on_hand: 20, committed: 0, reserved: 2 });
      expect(await inventory.heldFor(api.database, params.basketId)).toEqual(new Map([[sku, 2]]));
    }

    // The basket's payment now is the last one started: paying it commits the two units, no more.
    const intent = await alice.checkout.createPaymentIntent({ params, body: {} });
    expect(await stockOf(sku)).toMatchObject({ reserved: 2 });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    expect((await alice.checkout.completePayment({ params })).orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
    expect(await stockOf(sku)).toMatchObject({ on_hand: 20, committed: 2, reserved: 0 });
    expect(await inventory.stockInvariantViolations(api.database)).toEqual([]);
  });
});

describe('an idempotency key answers only its own caller', () => {
  it('another shopper or a guest sending the same key to a payment start gets their own answer, not the first caller’s', async () => {
    const { params } = await readyBasket(alice, 'owner@example.com', skus.tap!.sku, 1);
    const headers = { 'idempotency-key': `shared-start-${Date.now()}` };
    const first = await alice.checkout.createPaymentIntent({ params, body: {} }, { headers });
    // Without the key the basket is not theirs to see; with Alice's key it is not either.
    const bobs = await failure(bob.checkout.createPaymentIntent({ params, body: {} }));
    expect(bobs.status).toBe(404);
    expect(await failure(bob.checkout.createPaymentIntent({ params, body: {} }, { headers }))).toMatchObject({ status: 404, code: bobs.code });
    expect(await failure(guest.checkout.createPaymentIntent({ params, body: {} }, { headers }))).toMatchObject({ status: 404, code: bobs.code });
    // Alice's retry still replays her own answer.
    expect(await alice.checkout.createPaymentIntent({ params, body: {} }, { headers })).toEqual(first);
  });

  it('a completion on “mine” with another shopper’s key never tells them the first shopper’s order', async () => {
    const params = { basketId: 'mine' };
    await alice.basket.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 1 }] } });
    await alice.checkout.setContactDetails({ params, body: contact('mine-owner@example.com') });
    await alice.checkout.setDeliveryDetails({ params, body: { address } });
    await alice.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
    await alice.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
    const intent = await alice.checkout.createPaymentIntent({ params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const headers = { 'idempotency-key': `shared-complete-${Date.now()}` };
    const order = await alice.checkout.completePayment({ params }, { headers });
    expect(order.emailAddress).toBe('mine-owner@example.com');
    const replayed = await bob.checkout.completePayment({ params }, { headers }).catch((error: unknown) => error);
    expect(JSON.stringify(replayed)).not.toContain(order.orderNumber);
    expect(JSON.stringify(replayed)).not.toContain('mine-owner@example.com');
    expect(await alice.checkout.completePayment({ params }, { headers })).toEqual(order);
  });
});

describe('discount codes on orders', () => {
  it('claims the code once when the order is placed, at the amount shown, and staff see the claim', async () => {
    const { params } = await readyBasket(alice, 'claim@example.com', skus.tap!.sku, Math.ceil(10_000 / skus.tap!.price) + 1);
    const applied = await alice.basket.addDiscount({ params, body: { code: 'WELCOME10' } });
    const ready = await alice.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
    expect(ready.basket.discount).toMatchObject({ code: 'WELCOME10', applies: true, discountIncVat: applied.discount!.discountIncVat });
    const intent = await alice.checkout.createPaymentIntent({ params, body: {} });
    expect(intent.amountPence).toBe(ready.totals.totalIncVat);
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const order = await alice.checkout.completePayment({ params });

    const discounts = createDiscountsClient({ baseUrl: api.serviceUrl('discounts'), getAccessToken: () => 'manager' });
    const promotion = await discounts.getDiscount({ params: { promotionCode: 'WELCOME10', issueCode: 'WELCOME10' } });
    const claim = promotion.recentClaims.find((entry) => entry.orderId === order.orderGuid);
    expect(claim).toMatchObject({ customerId: 'user-alice', amountPence: ready.basket.discount!.discountIncVat, channel: 100 });
    expect(await discounts.getDiscountClaim({ params: { id: claim!.id } })).toMatchObject({ orderId: order.orderGuid });
    // WELCOME10 is once per customer: Alice's next basket is refused the code.
    const next = await alice.basket.createBasket({ body: { sku: skus.tap!.sku, quantity: Math.ceil(10_000 / skus.tap!.price) + 1 } });
    expect(await failure(alice.basket.addDiscount({ params: { basketId: next.basketId }, body: { code: 'WELCOME10' } }))).toMatchObject({ status: 422 });
  });
});

describe('a crash between the payment and the order', () => {
  const clock = { now: () => new Date(Date.now() + clockOffsetMs) };
  /** Every webhook due, batch after batch. */
  const deliverWebhooks = async () => {
    const target = { url: loopbackWebhookUrl(api.app)!, secret: await sandboxGateway(api.app).webhookSecret() };
    let delivered = 0;
    for (
      let batch = await deliverDueWebhooks(api.database.db, target, clock);
      batch.claimed > 0;
      batch = await deliverDueWebhooks(api.database.db, target, clock)
    )
      delivered += batch.delivered;
    return { delivered };
  };
  /** One batch of payment recovery, as the job runs it, through the app's own checkout service. */
  const recoverDue = (batch?: number) => api.app.composed.services.checkout.recoverPayments({ db: api.database.db, clock, log: api.app.log }, batch);
  /** Every due note, batch after batch; how many were settled. */
  const runRecoveries = async (batch = 100) => (await runUntilIdle(batch, () => recoverDue(batch))).reduce((sum, result) => sum + result.settled, 0);
  const recover = () => runRecoveries();
  /** Orders the shoppers' browsers placed, one per address, with the webhook's notes of their payments; returns the payments. */
  const ordersWithNotes = async (emails: string[]) => {
    const intents = [];
    for (const email of emails) {
      const { params } = await readyBasket(guest, email, skus.tap!.sku, 1);
      const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
      await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
      await guest.checkout.completePayment({ params });
      intents.push(intent.intentId);
    }
    await deliverWebhooks();
    return intents;
  };
  const outcomeOf = async (intentRef: string) => {
    const result = (await api.database.db.execute(sql`select outcome from payment_recoveries where intent_ref = ${intentRef}`)) as unknown as {
      rows: { outcome: string | null }[];
    };
    return result.rows[0]?.outcome;
  };

  it('loses nothing: the webhook notes the payment and the order is placed once, charged once', async () => {
    const { params, checkout } = await readyBasket(guest, 'crash@example.com');
    const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    crashPoints.afterPaymentBeforeOrder = async () => {
      throw new Error('the process died here');
    };
    try {
      expect((await failure(guest.checkout.completePayment({ params }))).status).toBe(500);
    } finally {
      crashPoints.afterPaymentBeforeOrder = async () => {};
    }
    expect((await deliverWebhooks()).delivered).toBeGreaterThan(0);
    // Within the grace period the shopper's own browser may still finish; then the worker does.
    await recover();
    expect(await outcomeOf(intent.intentId)).toBeNull();
    // The grace is the setting's, not the default's: past 30 s the note is still the browser's.
    clockOffsetMs = 31_000;
    try {
      expect(await recover()).toBe(0);
    } finally {
      clockOffsetMs = 0;
    }
    clockOffsetMs = RECOVERY_GRACE_MS + 1_000;
    try {
      expect(await recover()).toBeGreaterThanOrEqual(1);
      expect(await outcomeOf(intent.intentId)).toBe('order');
      expect(await recover()).toBe(0);
    } finally {
      clockOffsetMs = 0;
    }
    const orders = (await api.database.db.execute(
      sql`select order_number, total_pence, captured_pence from orders where payment_intent_ref = ${intent.intentId}`,
    )) as unknown as { rows: { order_number: string; total_pence: number; captured_pence: number }[] };
    expect(orders.rows).toHaveLength(1);
    expect(orders.rows[0]).toMatchObject({ total_pence: checkout.totals.totalIncVat, captured_pence: checkout.totals.totalIncVat });
    // The shopper's retry now gets that order.
    expect((await guest.checkout.completePayment({ params })).orderNumber).toBe(orders.rows[0]!.order_number);
    expect((await sandboxGateway(api.app).retrieveIntent(intent.intentId))!.amountRefundedPence).toBe(0);
  });

  it('closes the notes of payments the browser already made orders of, batch after batch, without touching the payments', async () => {
    const intents = await ordersWithNotes(['note-1@example.com', 'note-2@example.com', 'note-3@example.com']);
    clockOffsetMs = RECOVERY_GRACE_MS + 1_000;
    try {
      // Two at a time: one run still gets through every due note.
      await runRecoveries(2);
      for (const intentId of intents) expect(await outcomeOf(intentId)).toBe('order');
      expect(await recover()).toBe(0);
    } finally {
      clockOffsetMs = 0;
    }
    for (const intentId of intents) expect((await sandboxGateway(api.app).retrieveIntent(intentId))!.amountRefundedPence).toBe(0);
  });

  it('two instances working through the notes at once settle each note once (each claims its own)', async () => {
    const intents = await ordersWithNotes(['pair-1@example.com', 'pair-2@example.com', 'pair-3@example.com', 'pair-4@example.com']);
    clockOffsetMs = RECOVERY_GRACE_MS + 1_000;
    try {
      // One batch of two each: on PostgreSQL they claim on two connections at the same moment.
      const batches = await Promise.all([recoverDue(2), recoverDue(2)]);
      expect(batches).toEqual([
        { claimed: 2, settled: 2 },
        { claimed: 2, settled: 2 },
      ]);
      for (const intentId of intents) expect(await outcomeOf(intentId)).toBe('order');
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refunds a payment for a basket that can no longer become an order', async () => {
    const { params } = await readyBasket(guest, 'gone@example.com', skus.tap!.sku, 1);
    const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    // The shopper emptied the basket in another tab after paying.
    await guest.basket.removeItem({ params, body: { sku: skus.tap!.sku } });
    await deliverWebhooks();
    clockOffsetMs = RECOVERY_GRACE_MS + 1_000;
    try {
      await recover();
    } finally {
      clockOffsetMs = 0;
    }
    expect(await outcomeOf(intent.intentId)).toMatch(/^refused: /);
    expect((await sandboxGateway(api.app).retrieveIntent(intent.intentId))!.amountRefundedPence).toBe(intent.amountPence);
    const orders = (await api.database.db.execute(sql`select 1 from orders where payment_intent_ref = ${intent.intentId}`)) as unknown as { rows: unknown[] };
    expect(orders.rows).toHaveLength(0);
  });
});

describe('a basket changed while its payment completes', () => {
  it('places no order for a basket changed in another tab after it was checked, and refunds the payment', async () => {
    const { params } = await readyBasket(guest, 'two-tabs@example.com', skus.tap!.sku, 1);
    const intent = await guest.checkout.createPaymentIntent({ params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    // As the order is being placed (from what the payment was started for, decision 0095), the other tab adds one more:
    // the basket's removal finds it changed, and the completion is judged again on the basket as it is now.
    crashPoints.afterPaymentBeforeOrder = async () => {
      crashPoints.afterPaymentBeforeOrder = async () => {};
      await guest.basket.addItem({ params, body: { sku: skus.tap!.sku, quantity: 1 } });
    };
    try {
      const error = await failure(guest.checkout.completePayment({ params }));
      expect(error).toMatchObject({ status: 409, code: 'CHECKOUT_PAYMENT_AMOUNT_CHANGED' });
      expect((error.data as { detail: string }).detail).toMatch(/basket changed while you were paying.*refunded your payment in full/);
    } finally {
      crashPoints.afterPaymentBeforeOrder = async () => {};
    }
    expect((await sandboxGateway(api.app).retrieveIntent(intent.intentId))!.amountRefundedPence).toBe(intent.amountPence);
    const orders = (await api.database.db.execute(sql`select 1 from orders where payment_intent_ref = ${intent.intentId}`)) as unknown as { rows: unknown[] };
    expect(orders.rows).toHaveLength(0);
    // The basket is still there with both, ready to pay for again.
    expect((await guest.basket.getBasket({ params })).lines[0]!.quantity).toBe(2);
  });
});

describe('after everything above', () => {
  it('the money and stock still add up: every invariant query returns no rows', async () => {
    expect(await invariantViolations(api.database.db)).toEqual({});
  });
});
