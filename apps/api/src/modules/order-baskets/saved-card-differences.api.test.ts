/**
 * Paying the difference of an order change or a delivery upgrade with a saved card: the signed-in
 * customer's own cards (kept at checkout with consent) are offered with the wallets and charged with
 * the customer present, the bank's check answered when it asks; another customer's card is the same
 * 404 as an unknown one, a guest or staff has none to choose, and nothing is charged on a refusal.
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
let mixer: SeededSku;
let waste: SeededSku;
let alice: ChangeClients;
let bob: ChangeClients;
let carol: ChangeClients;
/** Alice's saved cards: one that pays at once, one whose bank asks for its check each time. */
const aliceCards = { plain: '', checked: '' };
let bobCard = '';

/** Pays as the card frame does, passing the bank's check when the card asks for one. */
async function payLikeTheFrame(origin: string, intent: { id: string; clientSecret: string }, card: string = TEST_CARDS.succeeds) {
  const answer = await confirmLikeTheFrame(origin, intent, { number: card });
  if (answer.body.status === 'requires_action') await sandboxGateway(api.app).completeChallenge(intent.id, intent.clientSecret, 'complete');
}

const savedCardsOf = (who: string) => createSavedCardsClient({ baseUrl: api.serviceUrl('saved-cards'), getAccessToken: () => who }).listSavedCards();

beforeAll(async () => {
  harness = await startOrderChangeApi(payLikeTheFrame);
  ({ api, alice, bob, carol } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`;
  mixer = await findSeededSku(api.database.db, parcel, 2);
  waste = await findSeededSku(api.database.db, parcel, 7);
  // Cards kept at checkout, with consent, by paying for an order with each.
  await harness.placeOrder({ who: alice, sku: mixer, saveCard: { card: TEST_CARDS.succeeds } });
  await harness.placeOrder({ who: alice, sku: mixer, saveCard: { card: TEST_CARDS.requiresAuthentication } });
  await harness.placeOrder({ who: bob, sku: mixer, saveCard: { card: TEST_CARDS.succeeds } });
  const saved = await savedCardsOf('alice');
  aliceCards.plain = saved.find((card) => card.last4 === '4242')!.id;
  aliceCards.checked = saved.find((card) => card.last4 === '3155')!.id;
  bobCard = (await savedCardsOf('bob'))[0]!.id;
});
afterAll(() => api.close());
afterEach(() => harness.checkInvariants());

/** Alice's order with a basin waste added: the basket's order number, version and difference to pay. */
async function orderWithAddition() {
  const { orderNumber } = await harness.placeOrder({ who: alice, sku: mixer });
  const params = { id: orderNumber };
  const basket = await alice.changes.addOrderBasketItem({ params, body: { sku: waste.sku, quantity: 1 } });
  expect(basket.toPayPence).toBeGreaterThan(0);
  return { orderNumber, params, orderVersion: basket.orderVersion, toPay: basket.toPayPence };
}

describe('an order change’s difference paid with a saved card', () => {
  it('offers the customer’s own cards and the wallets, and a saved card pays and completes the change in one call', async () => {
    const order = await orderWithAddition();
    const asked = await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion } });
    if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
    expect(asked.payment).toMatchObject({ amountPence: order.toPay, status: 'requires_payment_method', nextActionUrl: null });
    expect(asked.options.savedCards.map((card) => card.id).toSorted()).toEqual([aliceCards.plain, aliceCards.checked].toSorted());
    expect(asked.options.savedCards.some((card) => card.id === bobCard)).toBe(false);
    expect(asked.options.card).toMatchObject({ provider: 'sandbox' });
    expect(asked.options.wallets).toEqual([expect.objectContaining({ provider: 'sandbox-pay', name: 'Sandbox Pay' })]);

    const done = await alice.changes.completeOrderBasket({
      params: order.params,
      body: { orderVersion: order.orderVersion, method: 'saved_card', savedCardId: aliceCards.plain },
    });
    expect(done).toMatchObject({ status: 'completed', orderNumber: order.orderNumber, chargedPence: order.toPay, refundedPence: 0 });
    expect(await harness.chargesOf(order.orderNumber)).toEqual([order.toPay]);
    const after = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(after.lines.some((line) => line.sku === waste.sku)).toBe(true);
    // Asked again (a double press, a retry): the change is done, and nothing is charged twice.
    expect(
      await failure(
        alice.changes.completeOrderBasket({
          params: order.params,
          body: { orderVersion: order.orderVersion, method: 'saved_card', savedCardId: aliceCards.plain },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'ORDER_BASKET_ALREADY_COMPLETED' });
    expect(await harness.chargesOf(order.orderNumber)).toEqual([order.toPay]);
  });

  it('asks for the bank’s check when the card’s bank wants one, and completes with the payment once it is passed', async () => {
    const order = await orderWithAddition();
    const asked = await alice.changes.completeOrderBasket({
      params: order.params,
      body: { orderVersion: order.orderVersion, method: 'saved_card', savedCardId: aliceCards.checked },
    });
    if (asked.status !== 'payment_required') throw new Error('expected the bank’s check to be asked for');
    expect(asked.payment).toMatchObject({ amountPence: order.toPay, status: 'requires_action', nextActionUrl: expect.stringContaining('/challenge/') });
    // Not yet passed: nothing is changed or charged.
    expect(
      await failure(
        alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: order.orderVersion, paymentIntentId: asked.payment.intentId } }),
      ),
    ).toMatchObject({ status: 402, code: 'ORDER_BASKET_PAYMENT_INCOMPLETE' });
    expect(await harness.chargesOf(order.orderNumber)).toEqual([]);

    await sandboxGateway(api.app).completeChallenge(asked.payment.intentId, asked.payment.clientSecret, 'complete');
    const done = await alice.changes.completeOrderBasket({
      params: order.params,
      body: { orderVersion: order.orderVersion, paymentIntentId: asked.payment.intentId },
    });
    expect(done).toMatchObject({ status: 'completed', chargedPence: order.toPay });
    expect(await harness.chargesOf(order.orderNumber)).toEqual([order.toPay]);
  });

  it('refuses another customer’s card with the same 404 as an unknown one, and a customer without cards of the order’s, charging nothing', async () => {
    const order = await orderWithAddition();
    const body = { orderVersion: order.orderVersion, method: 'saved_card' as const };
    const others = await failure(alice.changes.completeOrderBasket({ params: order.params, body: { ...body, savedCardId: bobCard } }));
    const unknown = await failure(alice.changes.completeOrderBasket({ params: order.params, body: { ...body, savedCardId: 'pm_unknown' } }));
    expect([others.status, others.code]).toEqual([404, 'SAVED_CARD_NOT_FOUND']);
    expect([unknown.status, unknown.code]).toEqual([others.status, others.code]);
    expect(await failure(alice.changes.completeOrderBasket({ params: order.params, body }))).toMatchObject({ status: 400, code: 'SAVED_CARD_REQUIRED' });
    // The basket is still open, unpaid: nothing was charged.
    expect(await harness.chargesOf(order.orderNumber)).toEqual([]);
    expect((await alice.changes.openOrderBasket({ params: order.params })).toPayPence).toBe(order.toPay);
    // Someone else's order is not theirs to pay, with their cards or any other.
    expect(await failure(carol.changes.completeOrderBasket({ params: order.params, body: { ...body, savedCardId: bobCard } }))).toMatchObject({
      status: 404,
      code: 'ORDER_NOT_FOUND',
    });
  });
});

describe('a delivery upgrade’s difference paid with a saved card', () => {
  const chosenUpgrade = () => harness.chosenUpgrade({ who: alice, sku: mixer });

  it('lists the customer’s saved cards and wallets, and a saved card pays the upgrade', async () => {
    const upgrade = await chosenUpgrade();
    const options = await alice.upgrade.getUpgradePaymentOptions({ params: upgrade.params });
    expect(options).toMatchObject({ amountPence: upgrade.difference, onAccount: null, card: { provider: 'sandbox' } });
    expect(options.savedCards.map((card) => card.id).toSorted()).toEqual([aliceCards.plain, aliceCards.checked].toSorted());
    expect(options.wallets.map((wallet) => wallet.provider)).toEqual(['sandbox-pay']);

    // The card field's payment started first, then the saved card chosen: the first is let go, one charge.
    const typed = await alice.upgrade.createUpgradePaymentIntent({ params: upgrade.params, body: { acceptCharge: true } });
    const intent = await alice.upgrade.createUpgradePaymentIntent({
      params: upgrade.params,
      body: { acceptCharge: true, method: 'saved_card', savedCardId: aliceCards.plain },
    });
    expect(intent).toMatchObject({ amountPence: upgrade.difference, status: 'succeeded', frameUrl: null, nextActionUrl: null });
    expect(intent.intentId).not.toBe(typed.intentId);
    expect((await sandboxGateway(api.app).retrieveIntent(typed.intentId))?.status).toBe('canceled');
    // Asked again the same way: the same payment.
    const again = await alice.upgrade.createUpgradePaymentIntent({
      params: upgrade.params,
      body: { acceptCharge: true, method: 'saved_card', savedCardId: aliceCards.plain },
    });
    expect(again.intentId).toBe(intent.intentId);
    const done = await alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: { paymentIntentId: intent.intentId } });
    expect(done).toMatchObject({ orderNumber: upgrade.orderNumber, chargedPence: upgrade.difference });
    expect(await harness.chargesOf(upgrade.orderNumber)).toEqual([upgrade.difference]);
  });

  it('asks for the bank’s check when wanted, and refuses another customer’s card (404) or a missing consent, charging nothing', async () => {
    const upgrade = await chosenUpgrade();
    const saved = (savedCardId: string, acceptCharge = true) =>
      alice.upgrade.createUpgradePaymentIntent({ params: upgrade.params, body: { acceptCharge, method: 'saved_card', savedCardId } });
    expect(await failure(saved(bobCard))).toMatchObject({ status: 404, code: 'SAVED_CARD_NOT_FOUND' });
    expect(await failure(saved(aliceCards.plain, false))).toMatchObject({ status: 422, code: 'DELIVERY_UPGRADE_CONSENT_REQUIRED' });
    expect(await harness.chargesOf(upgrade.orderNumber)).toEqual([]);

    const checked = await saved(aliceCards.checked);
    expect(checked).toMatchObject({ status: 'requires_action', frameUrl: null, nextActionUrl: expect.stringContaining('/challenge/') });
    expect(await failure(alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: { paymentIntentId: checked.intentId } }))).toMatchObject({
      status: 402,
      code: 'DELIVERY_UPGRADE_PAYMENT_NEEDS_ACTION',
    });
    await sandboxGateway(api.app).completeChallenge(checked.intentId, checked.clientSecret, 'complete');
    const done = await alice.upgrade.completeUpgradePayment({ params: upgrade.params, body: { paymentIntentId: checked.intentId } });
    expect(done.chargedPence).toBe(upgrade.difference);
    expect(await harness.chargesOf(upgrade.orderNumber)).toEqual([upgrade.difference]);
  });

  it('offers staff acting for a customer none of anyone’s saved cards', async () => {
    const upgrade = await chosenUpgrade();
    const options = await harness.staff.upgrade.getUpgradePaymentOptions({ params: upgrade.params });
    expect(options.savedCards).toEqual([]);
    expect(
      await failure(
        harness.staff.upgrade.createUpgradePaymentIntent({
          params: upgrade.params,
          body: { acceptCharge: true, method: 'saved_card', savedCardId: aliceCards.plain },
        }),
      ),
    ).toMatchObject({ status: 403, code: 'SAVED_CARD_SIGN_IN' });
  });
});
