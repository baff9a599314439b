/**
 * A trade customer's saved cards work as a retail shopper's: a card kept, with consent, paying for an
 * order at trade prices is offered at their next checkout and pays it, and pays an order change's and a
 * delivery upgrade's difference (its bank's check answered when it asks); another customer's card is
 * still the same 404, and the trade customer's cards are offered to no one else.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountsClient,
  createBasketClient,
  createCheckoutClient,
  createDeliveryUpgradeClient,
  createOrderBasketsClient,
  createSavedCardsClient,
  createTradeClient,
  createTradeTermsClient,
} from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { invariantViolations } from '../../testing/order-invariants.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { confirmLikeTheFrame, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  fay: { userId: 'user-fay', email: 'fay@fixit.example', name: 'Fay Fixit', roles: ['shopper'] },
  rob: { userId: 'user-rob', email: 'rob@retail.example', name: 'Rob Retail', roles: ['shopper'] },
  reviewer: { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
};
const as = (name: string) => {
  const options = (service: string) => ({ baseUrl: api.serviceUrl(service), getAccessToken: () => name });
  return {
    trade: createTradeClient(options('accounts')),
    terms: createTradeTermsClient(options('projects')),
    basket: createBasketClient(options('basket')),
    checkout: createCheckoutClient(options('checkout')),
    cards: createSavedCardsClient(options('saved-cards')),
    changes: createOrderBasketsClient(options('order-baskets')),
    orders: createAccountsClient(options('accounts')),
    upgrade: createDeliveryUpgradeClient(options('delivery-upgrade')),
  };
};
const fay = () => as('fay');
let parcel: SeededSku;
let addition: SeededSku;
/** Fay's cards: one that pays at once, one whose bank asks for its check each time. */
const fayCards = { plain: '', checked: '' };
let robCard = '';

/** A basket of `parcel` at the payment step, by `name`, delivered to York. */
async function readyBasket(name: string) {
  const shopper = as(name);
  const { basketId } = await shopper.basket.createBasketWithItems({ body: { items: [{ sku: parcel.sku, quantity: 2 }] } });
  const params = { basketId };
  const [firstName, lastName] = actors[name]!.name!.split(' ') as [string, string];
  await shopper.checkout.setContactDetails({ params, body: { emailAddress: actors[name]!.email!, firstName, lastName, phone: '07700 900789' } });
  await shopper.checkout.setDeliveryDetails({
    params,
    body: { address: { name: actors[name]!.name!, line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH' } },
  });
  await shopper.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
  const checkout = await shopper.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
  return { params, checkout };
}

/** Pays for a ready basket with a new card as the card frame does (passing its bank's check), keeping the card when `saveCard`. */
async function payWithNewCard(name: string, params: { basketId: string }, card: string, saveCard = false) {
  const intent = await as(name).checkout.createPaymentIntent({ params, body: { saveCard } });
  const answer = await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: card });
  if (answer.body.status === 'requires_action') await sandboxGateway(api.app).completeChallenge(intent.intentId, intent.clientSecret, 'complete');
  return as(name).checkout.completePayment({ params });
}

const chargesOf = async (orderNumber: string) => {
  const result = (await api.database.db.execute(sql`select amount_pence from order_charges
    where order_id = (select id from orders where order_number = ${orderNumber}) order by charged_at`)) as unknown as { rows: { amount_pence: number }[] };
  return result.rows.map((row) => row.amount_pence);
};

beforeAll(async () => {
  api = await startTestApi({
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const application = await fay().trade.submitTradeApplication({
    body: {
      legalName: 'Fix It Fay Ltd',
      businessType: 'limited_company',
      companyNumber: '07654321',
      trade: 'plumber',
      yearsTrading: 2,
      employees: 1,
      expectedMonthlySpendPence: 300_000,
      address: { line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH' },
      contactName: 'Fay Fixit',
      contactPhone: '07700 900789',
    },
  });
  await as('reviewer').trade.approveTradeApplication({ params: { id: application.id }, body: { bandCode: 'T1' } });
  // Signed in again: the token carries the trade role; the trade terms accepted, as checkout asks first.
  actors.fay = { ...actors.fay!, roles: ['shopper', 'trade'] };
  await fay().terms.acceptTermsAndConditions({ query: { version: 1 } });
  const parcels = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`;
  parcel = await findSeededSku(api.database.db, parcels, 3);
  addition = await findSeededSku(api.database.db, parcels, 8);

  // Cards kept at checkout, with consent: Fay's by paying for trade-priced orders, Rob's for a retail one.
  const first = await readyBasket('fay');
  if (!first.checkout.basket.pricing.tradePriced) throw new Error('expected the trade customer’s basket at trade prices');
  await payWithNewCard('fay', first.params, TEST_CARDS.succeeds, true);
  await payWithNewCard('fay', (await readyBasket('fay')).params, TEST_CARDS.requiresAuthentication, true);
  await payWithNewCard('rob', (await readyBasket('rob')).params, TEST_CARDS.succeeds, true);
  const saved = await fay().cards.listSavedCards();
  fayCards.plain = saved.find((card) => card.last4 === '4242')!.id;
  fayCards.checked = saved.find((card) => card.last4 === '3155')!.id;
  robCard = (await as('rob').cards.listSavedCards())[0]!.id;
});
afterAll(() => api?.close());
afterEach(async () => {
  const broken = await invariantViolations(api.database.db);
  if (Object.keys(broken).length > 0) throw new Error(`Invariants broken: ${JSON.stringify(broken)}`);
});

describe('a trade customer’s saved cards', () => {
  it('are kept from a trade-priced order, offered at their next checkout beside paying on account, and pay it', async () => {
    expect((await fay().cards.listSavedCards()).map((card) => card.last4).toSorted()).toEqual(['3155', '4242']);
    const { params, checkout } = await readyBasket('fay');
    const options = await fay().checkout.getPaymentOptions({ params });
    expect(options.savedCards.map((card) => card.id).toSorted()).toEqual([fayCards.plain, fayCards.checked].toSorted());
    expect(options.onAccount).not.toBeNull();
    // Another customer's card is not theirs to choose; nothing is taken.
    expect(await failure(fay().checkout.createPaymentIntent({ params, body: { method: 'saved_card', savedCardId: robCard } }))).toMatchObject({ status: 404 });
    const intent = await fay().checkout.createPaymentIntent({ params, body: { method: 'saved_card', savedCardId: fayCards.plain } });
    expect(intent).toMatchObject({ status: 'succeeded', amountPence: checkout.totals.totalIncVat });
    const placed = await fay().checkout.completePayment({ params });
    expect(placed.totalIncVat).toBe(checkout.totals.totalIncVat);
    // A retail shopper's payment step offers none of the trade customer's cards.
    const robs = await as('rob').checkout.getPaymentOptions({ params: (await readyBasket('rob')).params });
    expect(robs.savedCards.map((card) => card.id)).toEqual([robCard]);
  });

  it('pay an order change’s difference on a trade order, the bank’s check answered when asked', async () => {
    const { orderNumber } = await payWithNewCard('fay', (await readyBasket('fay')).params, TEST_CARDS.succeeds);
    const params = { id: orderNumber };
    const basket = await fay().changes.addOrderBasketItem({ params, body: { sku: addition.sku, quantity: 1 } });
    expect(basket.toPayPence).toBeGreaterThan(0);
    const asked = await fay().changes.completeOrderBasket({ params, body: { orderVersion: basket.orderVersion } });
    if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
    expect(asked.options.savedCards.map((card) => card.id).toSorted()).toEqual([fayCards.plain, fayCards.checked].toSorted());

    const checked = await fay().changes.completeOrderBasket({
      params,
      body: { orderVersion: basket.orderVersion, method: 'saved_card', savedCardId: fayCards.checked },
    });
    if (checked.status !== 'payment_required') throw new Error('expected the bank’s check to be asked for');
    expect(checked.payment).toMatchObject({ amountPence: basket.toPayPence, status: 'requires_action', nextActionUrl: expect.stringContaining('/challenge/') });
    expect(await chargesOf(orderNumber)).toEqual([]);
    await sandboxGateway(api.app).completeChallenge(checked.payment.intentId, checked.payment.clientSecret, 'complete');
    const done = await fay().changes.completeOrderBasket({ params, body: { orderVersion: basket.orderVersion, paymentIntentId: checked.payment.intentId } });
    expect(done).toMatchObject({ status: 'completed', orderNumber, chargedPence: basket.toPayPence });
    expect(await chargesOf(orderNumber)).toEqual([basket.toPayPence]);
  });

  it('pay a delivery upgrade’s difference on a trade order, and another customer’s card is refused with nothing charged', async () => {
    const { orderNumber } = await payWithNewCard('fay', (await readyBasket('fay')).params, TEST_CARDS.succeeds);
    const params = { orderId: orderNumber };
    const upgrade = fay().upgrade;
    await upgrade.startDeliveryUpgrade({ params });
    const calendar = await upgrade.getUpgradeSpecificDayOptions({ params, body: {} });
    await upgrade.setUpgradeDeliveryOption({ params, body: { code: 'specific_day', date: calendar.days.find((day) => day.available)!.date } });
    const difference = (await upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: true } })).selected!.differencePence;
    expect(difference).toBeGreaterThan(0);
    const options = await upgrade.getUpgradePaymentOptions({ params });
    expect(options.savedCards.map((card) => card.id).toSorted()).toEqual([fayCards.plain, fayCards.checked].toSorted());

    const withCard = (savedCardId: string) => upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true, method: 'saved_card', savedCardId } });
    expect(await failure(withCard(robCard))).toMatchObject({ status: 404, code: 'SAVED_CARD_NOT_FOUND' });
    expect(await chargesOf(orderNumber)).toEqual([]);
    const intent = await withCard(fayCards.plain);
    expect(intent).toMatchObject({ amountPence: difference, status: 'succeeded' });
    const done = await upgrade.completeUpgradePayment({ params, body: { paymentIntentId: intent.intentId } });
    expect(done).toMatchObject({ orderNumber, chargedPence: difference });
    expect(await chargesOf(orderNumber)).toEqual([difference]);
  });
});

describe('a trade customer’s order change', () => {
  it('answers each price and the totals ex VAT as the order’s own lines read, and the order reads them so once it is changed', async () => {
    const { orderNumber } = await payWithNewCard('fay', (await readyBasket('fay')).params, TEST_CARDS.succeeds);
    const params = { id: orderNumber };
    const exVatOf = (lines: readonly { sku: string; quantity: number; lineTotalIncVat: number; lineTotalExVat: number }[]) =>
      lines.filter((line) => line.quantity > 0).map((line) => [line.sku, line.quantity, line.lineTotalIncVat, line.lineTotalExVat]);
    const order = await fay().orders.getMyOrder({ params: { orderNumber } });
    const opened = await fay().changes.openOrderBasket({ params });
    expect(opened.tradePriced).toBe(true);
    expect(exVatOf(opened.lines)).toEqual(exVatOf(order.lines));
    for (const line of opened.lines) expect(line.lineTotalExVat).toBe(line.unitPriceExVat * line.quantity);
    // No discount: the order's total less its VAT is its goods ex VAT and its delivery ex VAT.
    expect(opened.before.goodsExVat).toBe(order.lines.reduce((sum, line) => sum + line.lineTotalExVat, 0));
    expect(opened.before.goodsExVat + opened.before.deliveryExVat).toBe(order.totals.totalIncVat - order.totals.vatIncVat);
    expect(opened.before.deliveryExVat).toBeLessThanOrEqual(opened.before.deliveryIncVat);

    const basket = await fay().changes.addOrderBasketItem({ params, body: { sku: addition.sku, quantity: 2 } });
    const added = basket.lines.find((line) => line.sku === addition.sku)!;
    expect(added).toMatchObject({ change: 'added', quantity: 2, lineTotalExVat: added.unitPriceExVat * 2 });
    expect(added.unitPriceExVat).toBeLessThan(added.unitPriceIncVat);
    expect(basket.after.goodsExVat).toBe(opened.before.goodsExVat + added.lineTotalExVat);
    expect(basket.difference).toMatchObject({
      goodsExVat: added.lineTotalExVat,
      deliveryExVat: basket.after.deliveryExVat - basket.before.deliveryExVat,
      totalIncVat: basket.toPayPence,
    });

    const done = await fay().changes.completeOrderBasket({
      params,
      body: { orderVersion: basket.orderVersion, method: 'saved_card', savedCardId: fayCards.plain },
    });
    expect(done).toMatchObject({ status: 'completed', chargedPence: basket.toPayPence });
    const changed = await fay().orders.getMyOrder({ params: { orderNumber } });
    expect(exVatOf(changed.lines)).toEqual(exVatOf(basket.lines));
    expect(changed.totals).toMatchObject({ totalIncVat: basket.after.totalIncVat, vatIncVat: basket.after.vatIncluded });
  });
});
