/**
 * One difference, one payment (decision 0103): two windows paying the same order change or delivery
 * upgrade two different ways at once (the card field confirmed in the browser while the other presses
 * "Pay with Visa ending 4242"), a double press of the saved-card button, and a retried request. Run on
 * PostgreSQL for real concurrency: whatever the interleaving, the gateway keeps the difference once,
 * net of refunds, and the order is changed once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSavedCardsClient } from '@shop/api-client';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { confirmLikeTheFrame, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';
import { startOrderChangeApi, type ChangeClients, type OrderChangeHarness } from './testing.ts';

let harness: OrderChangeHarness;
let api: TestApi;
let skus: { mixer: SeededSku; waste: SeededSku };
let alice: ChangeClients;
let aliceCard = '';

const ROUNDS = 4;

async function payLikeTheFrame(origin: string, intent: { id: string; clientSecret: string }, card: string = TEST_CARDS.succeeds) {
  const answer = await confirmLikeTheFrame(origin, intent, { number: card });
  if (answer.body.status === 'requires_action') await sandboxGateway(api.app).completeChallenge(intent.id, intent.clientSecret, 'complete');
}

beforeAll(async () => {
  harness = await startOrderChangeApi(payLikeTheFrame);
  ({ api, alice } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 60`;
  skus = { mixer: await findSeededSku(api.database.db, parcel, 3), waste: await findSeededSku(api.database.db, parcel, 8) };
  await harness.placeOrder({ who: alice, sku: skus.mixer, saveCard: { card: TEST_CARDS.succeeds } });
  const saved = await createSavedCardsClient({ baseUrl: api.serviceUrl('saved-cards'), getAccessToken: () => 'alice' }).listSavedCards();
  aliceCard = saved.find((card) => card.last4 === '4242')!.id;
});
afterAll(() => api.close());
afterEach(() => harness.checkInvariants());

/** What the gateway kept for the order's later payments (changes and upgrades): taken minus refunded, in pence, and how many were taken. */
async function keptAtGateway(orderNumber: string): Promise<{ netPence: number; taken: number }> {
  const result = (await api.database.db.execute(sql`select coalesce(sum(amount_pence - amount_refunded_pence), 0)::int as net, count(*)::int as taken
    from sandbox_intents where status = 'succeeded' and metadata->>'orderNumber' = ${orderNumber}
      and (metadata ? 'orderBasketId' or metadata ? 'deliveryUpgradeId')`)) as unknown as { rows: { net: number; taken: number }[] };
  return { netPence: result.rows[0]!.net, taken: result.rows[0]!.taken };
}

async function changesMadeTo(orderNumber: string): Promise<number> {
  const result = (await api.database.db.execute(sql`select count(*)::int as n from order_change_history
    where order_id = (select id from orders where order_number = ${orderNumber})`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** The refusals a losing window may get: each a problem with a code, none a server error. */
const LOSING = new Set([
  'ORDER_BASKET_ALREADY_COMPLETED',
  'ORDER_BASKET_ALREADY_PAID',
  'ORDER_BASKET_PAYMENT_UNDER_WAY',
  'ORDER_BASKET_PAYMENT_MISMATCH',
  'ORDER_BASKET_PAYMENT_INCOMPLETE',
  'ORDER_BASKET_NOT_OPEN',
  'DELIVERY_UPGRADE_PAYMENT_UNDER_WAY',
  'DELIVERY_UPGRADE_SECOND_PAYMENT_REFUNDED',
  'DELIVERY_UPGRADE_PAYMENT_MISMATCH',
  'DELIVERY_UPGRADE_PAYMENT_INCOMPLETE',
  'DELIVERY_UPGRADE_NOT_STARTED',
  'DELIVERY_UPGRADE_NO_PAYMENT',
  'SAVED_CARD_DECLINED',
]);

/** How one window's attempt ended: 'done', or the code of the refusal it got; a server error or a refusal not listed fails the test. */
function settle(attempt: Promise<unknown>): Promise<string> {
  return attempt.then(
    () => 'done',
    (error: { status?: number; code?: string; message?: string }) => {
      if (error.status !== undefined && error.status < 500 && error.code && LOSING.has(error.code)) return error.code;
      throw new Error(`A window got an unexpected answer: ${error.status} ${error.code} ${error.message}`, { cause: error });
    },
  );
}

async function orderWithAddition() {
  const { orderNumber } = await harness.placeOrder({ who: alice, sku: skus.mixer, quantity: 1 });
  const params = { id: orderNumber };
  const basket = await alice.changes.addOrderBasketItem({ params, body: { sku: skus.waste.sku, quantity: 1 } });
  return { orderNumber, params, orderVersion: basket.orderVersion, toPay: basket.toPayPence };
}

const wastesOn = async (orderNumber: string) =>
  (await alice.mine.getMyOrder({ params: { orderNumber } })).lines.filter((line) => line.sku === skus.waste.sku).reduce((sum, line) => sum + line.quantity, 0);

describe('an order change paid two ways at once', () => {
  it('the card field confirmed in one window while the other pays with a saved card: one payment kept, the order changed once', async () => {
    const orders = await Promise.all(Array.from({ length: ROUNDS }, () => orderWithAddition()));
    await Promise.all(
      orders.map(async (order) => {
        const asked = await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion } });
        if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
        const byFrame = (async () => {
          await confirmLikeTheFrame(api.origin, { id: asked.payment.intentId, clientSecret: asked.payment.clientSecret }, { number: TEST_CARDS.succeeds });
          return alice.changes.completeOrderBasket({
            params: order.params,
            body: { orderVersion: order.orderVersion, paymentIntentId: asked.payment.intentId },
          });
        })();
        const bySavedCard = alice.changes.completeOrderBasket({
          params: order.params,
          body: { orderVersion: order.orderVersion, method: 'saved_card', savedCardId: aliceCard },
        });
        const outcomes = await Promise.all([settle(byFrame), settle(bySavedCard)]);
        expect(outcomes).toContain('done');
      }),
    );
    for (const order of orders) {
      expect(await keptAtGateway(order.orderNumber)).toMatchObject({ netPence: order.toPay });
      expect(await harness.chargesOf(order.orderNumber)).toEqual([order.toPay]);
      expect(await changesMadeTo(order.orderNumber)).toBe(1);
      expect(await wastesOn(order.orderNumber)).toBe(1);
    }
  });

  it('both ways started at once, before either payment exists: at most one can be paid', async () => {
    const orders = await Promise.all(Array.from({ length: ROUNDS }, () => orderWithAddition()));
    await Promise.all(
      orders.map(async (order) => {
        const [typed, saved] = await Promise.allSettled([
          alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion } }),
          alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion, method: 'saved_card', savedCardId: aliceCard } }),
        ]);
        // The card field, if its payment is still live, is filled in and submitted: the gateway refuses it when the saved card won.
        if (typed.status === 'fulfilled' && typed.value.status === 'payment_required') {
          const { intentId, clientSecret } = typed.value.payment;
          await confirmLikeTheFrame(api.origin, { id: intentId, clientSecret }, { number: TEST_CARDS.succeeds });
          await settle(alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion, paymentIntentId: intentId } }));
        } else if (typed.status === 'rejected') await settle(Promise.reject(typed.reason));
        if (saved.status === 'rejected') await settle(Promise.reject(saved.reason));
      }),
    );
    for (const order of orders) {
      expect(await keptAtGateway(order.orderNumber)).toMatchObject({ netPence: order.toPay });
      expect(await changesMadeTo(order.orderNumber)).toBe(1);
      expect(await wastesOn(order.orderNumber)).toBe(1);
    }
  });

  it('a double press of the saved-card button and a retried request take the card once', async () => {
    const order = await orderWithAddition();
    const press = () =>
      alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion, method: 'saved_card', savedCardId: aliceCard } });
    const outcomes = await Promise.all([settle(press()), settle(press()), settle(press())]);
    expect(outcomes).toContain('done');
    // The same request sent again once it had answered (a retry after a dropped connection).
    expect(await failure(press())).toMatchObject({ status: 409, code: 'ORDER_BASKET_ALREADY_COMPLETED' });
    expect(await keptAtGateway(order.orderNumber)).toEqual({ netPence: order.toPay, taken: 1 });
    expect(await changesMadeTo(order.orderNumber)).toBe(1);
    expect(await wastesOn(order.orderNumber)).toBe(1);
  });

  it('a payment made before the changes moved on is refunded, and the new difference can then be paid', async () => {
    const order = await orderWithAddition();
    const asked = await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion } });
    if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
    await confirmLikeTheFrame(api.origin, { id: asked.payment.intentId, clientSecret: asked.payment.clientSecret }, { number: TEST_CARDS.succeeds });
    // Another item added in another window before this one completed: the payment is for the old difference.
    const moved = await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: skus.waste.sku, quantity: 1 } });
    const body = { orderVersion: order.orderVersion, method: 'saved_card' as const, savedCardId: aliceCard };
    expect(await failure(alice.changes.completeOrderBasket({ params: order.params, body }))).toMatchObject({ status: 409, code: 'ORDER_BASKET_TOTAL_CHANGED' });
    expect(await keptAtGateway(order.orderNumber)).toEqual({ netPence: 0, taken: 1 });
    expect(await alice.changes.completeOrderBasket({ params: order.params, body })).toMatchObject({ status: 'completed', chargedPence: moved.toPayPence });
    expect(await keptAtGateway(order.orderNumber)).toEqual({ netPence: moved.toPayPence, taken: 2 });
    expect(await wastesOn(order.orderNumber)).toBe(2);
  });

  it('a second payment for the same change that got through nevertheless is refunded at once, and the customer is told', async () => {
    const order = await orderWithAddition();
    const open = (await api.database.db.execute(sql`select id from order_baskets where state = 'open'
      and order_id = (select id from orders where order_number = ${order.orderNumber})`)) as unknown as { rows: { id: string }[] };
    const basketId = open.rows[0]!.id;
    const done = await alice.changes.completeOrderBasket({
      params: order.params,
      body: { orderVersion: order.orderVersion, method: 'saved_card', savedCardId: aliceCard },
    });
    expect(done.status).toBe('completed');
    // A payment for the same basket the shop did not make its own (as if a card field had been paid past the shop's checks).
    const gateway = sandboxGateway(api.app);
    const stray = await gateway.createIntent({
      amountPence: order.toPay,
      metadata: { orderBasketId: basketId, orderNumber: order.orderNumber },
      idempotencyKey: `stray:${basketId}`,
    });
    await confirmLikeTheFrame(api.origin, stray, { number: TEST_CARDS.succeeds });
    const told = await failure(
      alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion, paymentIntentId: stray.id } }),
    );
    expect(told).toMatchObject({ status: 409, code: 'ORDER_BASKET_ALREADY_PAID' });
    expect(told.message).toContain('This change has already been paid in another window, so we are refunding the');
    expect((await gateway.retrieveIntent(stray.id))?.amountRefundedPence).toBe(order.toPay);
    expect(await keptAtGateway(order.orderNumber)).toEqual({ netPence: order.toPay, taken: 2 });
    expect(await changesMadeTo(order.orderNumber)).toBe(1);
  });
});

describe('a delivery upgrade paid two ways at once', () => {
  const chosenUpgrade = () => harness.chosenUpgrade({ who: alice, sku: skus.mixer, quantity: 1 });

  const upgradedTo = async (orderNumber: string) => {
    const result = (await api.database.db.execute(sql`select delivery->>'code' as code from orders where order_number = ${orderNumber}`)) as unknown as {
      rows: { code: string }[];
    };
    return { code: result.rows[0]!.code };
  };

  /** Each upgrade made once, its difference kept once at the gateway net of refunds. */
  async function expectUpgradedOnce(upgrades: readonly { orderNumber: string; difference: number }[]) {
    for (const upgrade of upgrades) {
      expect(await keptAtGateway(upgrade.orderNumber)).toMatchObject({ netPence: upgrade.difference });
      expect(await harness.chargesOf(upgrade.orderNumber)).toEqual([upgrade.difference]);
      expect(await upgradedTo(upgrade.orderNumber)).toMatchObject({ code: 'specific_day' });
    }
  }

  it('the card field confirmed while the other window pays with a saved card: one payment kept, the upgrade made once', async () => {
    const upgrades = await Promise.all(Array.from({ length: ROUNDS }, () => chosenUpgrade()));
    await Promise.all(
      upgrades.map(async (upgrade) => {
        const typed = await alice.upgrade.createUpgradePaymentIntent({ params: upgrade.params, body: { acceptCharge: true } });
        const byFrame = (async () => {
          await confirmLikeTheFrame(api.origin, { id: typed.intentId, clientSecret: typed.clientSecret }, { number: TEST_CARDS.succeeds });
          return alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: { paymentIntentId: typed.intentId } });
        })();
        const bySavedCard = (async () => {
          const saved = await alice.upgrade.createUpgradePaymentIntent({
            params: upgrade.params,
            body: { acceptCharge: true, method: 'saved_card', savedCardId: aliceCard },
          });
          return alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: { paymentIntentId: saved.intentId } });
        })();
        const outcomes = await Promise.all([settle(byFrame), settle(bySavedCard)]);
        expect(outcomes).toContain('done');
      }),
    );
    await expectUpgradedOnce(upgrades);
  });

  it('both ways started at once, before either payment exists: at most one can be paid', async () => {
    const upgrades = await Promise.all(Array.from({ length: ROUNDS }, () => chosenUpgrade()));
    await Promise.all(
      upgrades.map(async (upgrade) => {
        const [typed, saved] = await Promise.allSettled([
          alice.upgrade.createUpgradePaymentIntent({ params: upgrade.params, body: { acceptCharge: true } }),
          alice.upgrade.createUpgradePaymentIntent({ params: upgrade.params, body: { acceptCharge: true, method: 'saved_card', savedCardId: aliceCard } }),
        ]);
        if (typed.status === 'fulfilled' && typed.value.status === 'requires_payment_method') {
          await confirmLikeTheFrame(api.origin, { id: typed.value.intentId, clientSecret: typed.value.clientSecret }, { number: TEST_CARDS.succeeds });
        } else if (typed.status === 'rejected') await settle(Promise.reject(typed.reason));
        if (saved.status === 'rejected') await settle(Promise.reject(saved.reason));
        // Each window completes with the payment it was given; one upgrade is made.
        const given = [typed, saved].flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.intentId] : []));
        const outcomes = await Promise.all(
          given.map((paymentIntentId) => settle(alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: { paymentIntentId } }))),
        );
        expect(outcomes).toContain('done');
      }),
    );
    await expectUpgradedOnce(upgrades);
  });

  it('a double press of the saved-card button and a retried request take the card once', async () => {
    const upgrade = await chosenUpgrade();
    const press = async () => {
      const intent = await alice.upgrade.createUpgradePaymentIntent({
        params: upgrade.params,
        body: { acceptCharge: true, method: 'saved_card', savedCardId: aliceCard },
      });
      return alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: { paymentIntentId: intent.intentId } });
    };
    const outcomes = await Promise.all([settle(press()), settle(press()), settle(press())]);
    expect(outcomes).toContain('done');
    const first = await alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: {} });
    // The completion sent again once it had answered: the same upgrade, nothing more taken.
    expect(await alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: {} })).toEqual(first);
    expect(await keptAtGateway(upgrade.orderNumber)).toEqual({ netPence: upgrade.difference, taken: 1 });
    expect(await harness.chargesOf(upgrade.orderNumber)).toEqual([upgrade.difference]);
  });
});
