/**
 * An order change's and a delivery upgrade's difference paid with a saved card with the shop
 * configured for Stripe, against the local stand-in: the customer's payment methods at Stripe are
 * offered, charged on-session, and another customer's is the same 404 as an unknown one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSavedCardsClient } from '@shop/api-client';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { confirmAsStripeJs as confirmLikeStripeJs, startStripeStandIn, stripeStandInEnv, type StripeStandIn } from '../payments/testing.ts';
import { startOrderChangeApi, type ChangeClients, type OrderChangeHarness } from './testing.ts';

let standIn: StripeStandIn;
let harness: OrderChangeHarness;
let api: TestApi;
let mixer: SeededSku;
let waste: SeededSku;
let alice: ChangeClients;
let aliceCard = '';
let bobCard = '';

/** Confirms as Stripe.js does: the publishable key, the intent's client secret and a test payment method. */
async function confirmAsStripeJs(intent: { id: string; clientSecret: string }) {
  expect(await confirmLikeStripeJs(standIn.url, intent)).toBe(200);
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  harness = await startOrderChangeApi((_origin, intent) => confirmAsStripeJs(intent), stripeStandInEnv(standIn));
  ({ api, alice } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`;
  mixer = await findSeededSku(api.database.db, parcel, 4);
  waste = await findSeededSku(api.database.db, parcel, 9);
  await harness.placeOrder({ who: alice, sku: mixer, saveCard: { card: 'visa' } });
  await harness.placeOrder({ who: harness.bob, sku: mixer, saveCard: { card: 'visa' } });
  const cardOf = async (who: string) =>
    (await createSavedCardsClient({ baseUrl: api.serviceUrl('saved-cards'), getAccessToken: () => who }).listSavedCards())[0]!.id;
  [aliceCard, bobCard] = [await cardOf('alice'), await cardOf('bob')];
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

describe('with Stripe, a saved card pays a difference', () => {
  it('of an order change: the customer’s own payment methods are offered, and one pays and completes the change; another’s is 404', async () => {
    const { orderNumber } = await harness.placeOrder({ who: alice, sku: mixer });
    const params = { id: orderNumber };
    const basket = await alice.changes.addOrderBasketItem({ params, body: { sku: waste.sku, quantity: 1 } });
    const asked = await alice.changes.completeOrderBasket({ params, body: { orderVersion: basket.orderVersion } });
    if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
    expect(asked.options.savedCards).toEqual([expect.objectContaining({ id: aliceCard, last4: '4242' })]);
    expect(asked.options).toMatchObject({ card: { provider: 'stripe', frameUrl: null }, wallets: [{ provider: 'stripe', name: 'Express Checkout' }] });

    const body = { orderVersion: basket.orderVersion, method: 'saved_card' as const };
    expect(await failure(alice.changes.completeOrderBasket({ params, body: { ...body, savedCardId: bobCard } }))).toMatchObject({
      status: 404,
      code: 'SAVED_CARD_NOT_FOUND',
    });
    expect(await harness.chargesOf(orderNumber)).toEqual([]);
    const done = await alice.changes.completeOrderBasket({ params, body: { ...body, savedCardId: aliceCard } });
    expect(done).toMatchObject({ status: 'completed', chargedPence: basket.toPayPence });
    expect(await harness.chargesOf(orderNumber)).toEqual([basket.toPayPence]);
  });

  it('of a delivery upgrade', async () => {
    const { orderNumber } = await harness.placeOrder({ who: alice, sku: mixer });
    const params = { orderId: orderNumber };
    await alice.upgrade.startDeliveryUpgrade({ params });
    const calendar = await alice.upgrade.getUpgradeSpecificDayOptions({ params, body: {} });
    await alice.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'specific_day', date: calendar.days.find((day) => day.available)!.date } });
    const upgrade = await alice.upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: true } });
    const options = await alice.upgrade.getUpgradePaymentOptions({ params });
    expect(options.savedCards.map((card) => card.id)).toEqual([aliceCard]);
    const intent = await alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true, method: 'saved_card', savedCardId: aliceCard } });
    expect(intent).toMatchObject({ status: 'succeeded', frameUrl: null, nextActionUrl: null });
    const done = await alice.upgrade.completeUpgradePayment({ params, body: { paymentIntentId: intent.intentId } });
    expect(done.chargedPence).toBe(upgrade.selected!.differencePence);
    expect(await harness.chargesOf(orderNumber)).toEqual([upgrade.selected!.differencePence]);
  });
});
