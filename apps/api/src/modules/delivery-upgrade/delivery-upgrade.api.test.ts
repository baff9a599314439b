/**
 * Paid delivery upgrades on real orders: placed through checkout with a sandbox payment (standard
 * delivery to Leeds), then upgraded by the customer who placed it: every call, each bad input, the
 * £0 upgrade, the refund of the upgrade on cancelling, and the races (paying twice, dispatch, an
 * order change at once).
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrderTrackingClient } from '@shop/api-client';
import { newOrderNumber } from '@shop/contracts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { startOrderChangeApi, type ChangeClients, type OrderChangeHarness } from '../order-baskets/testing.ts';
import { confirmLikeTheFrame, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';

let harness: OrderChangeHarness;
let api: TestApi;
let mixer: SeededSku;
let alice: ChangeClients;
let bob: ChangeClients;
let staff: ChangeClients;

beforeAll(async () => {
  harness = await startOrderChangeApi((origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  ({ api, alice, bob, staff } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 2000 and s.on_hand >= 40`;
  mixer = await findSeededSku(api.database.db, parcel, 3);
});
afterAll(() => api.close());
// After every test: no order, payment or stock breaks the money and stock rules.
afterEach(() => harness.checkInvariants());

/** A signed-in customer's order through checkout: two of a parcel item, standard delivery to Leeds (or collected), paid with 4242. */
async function placeOrder(who = alice, collect = false) {
  const placed = await harness.placeOrder({ who, sku: mixer, collect });
  return { orderNumber: placed.orderNumber, params: { orderId: placed.orderNumber } };
}

type Params = { orderId: string };

/** Started, the first open specific day chosen, the order's billing address used: the upgrade as it then is. */
async function chooseSpecificDay(params: Params, nth = 0) {
  await alice.upgrade.startDeliveryUpgrade({ params });
  const calendar = await alice.upgrade.getUpgradeSpecificDayOptions({ params, body: {} });
  const day = calendar.days.filter((entry) => entry.available)[nth]!.date;
  await alice.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'specific_day', date: day } });
  return { day, upgrade: await alice.upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: true } }) };
}

/** Agrees to pay, and pays the intent like the card frame with a test card. */
async function pay(params: Params, card: string = TEST_CARDS.succeeds) {
  const intent = await alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } });
  await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: card });
  return intent;
}

const chargesOf = (orderNumber: string) => harness.chargesOf(orderNumber);

describe('a delivery upgrade', () => {
  it('moves an order to a specific day paid by card: the agreed date on the order, its tracking and an e-mail, the charge kept on its own', async () => {
    const order = await placeOrder();
    const placed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    const started = await alice.upgrade.startDeliveryUpgrade({ params: order.params });
    expect(started).toMatchObject({ orderNumber: order.orderNumber, state: 'open', upgradeableUntil: 'until we dispatch it', selected: null, payment: null });
    expect(started.current).toMatchObject({ code: 'standard', priceIncVat: placed.totals.deliveryIncVat });
    expect(started.options.map((option) => option.code)).toEqual(expect.arrayContaining(['next_day', 'specific_day']));
    expect(started.options.some((option) => option.code === 'standard' || option.code === 'click_collect')).toBe(false);
    // Started again: the same upgrade.
    expect((await alice.upgrade.startDeliveryUpgrade({ params: order.params })).orderVersion).toBe(started.orderVersion);

    const calendar = await alice.upgrade.getUpgradeSpecificDayOptions({ params: order.params, body: {} });
    expect(calendar.unavailableReason).toBeNull();
    const day = calendar.days.find((entry) => entry.available)!.date;
    // A price sent by the client is ignored: the shop's own price and difference are used.
    const chosen = await alice.upgrade.setUpgradeDeliveryOption({
      params: order.params,
      body: { code: 'specific_day', date: day, priceIncVat: 1, differencePence: 0 } as never,
    });
    const offered = started.options.find((option) => option.code === 'specific_day')!;
    expect(chosen.selected).toMatchObject({ code: 'specific_day', date: day, priceIncVat: offered.priceIncVat, differencePence: offered.differencePence });
    const difference = chosen.selected!.differencePence;
    expect(difference).toBe(Math.max(0, offered.priceIncVat! - placed.totals.deliveryIncVat));
    expect(difference).toBeGreaterThan(0);

    const billed = await alice.upgrade.setUpgradeBillingAddress({
      params: order.params,
      body: { address: { name: 'Alice Shopper', line1: '9 Park Row', town: 'Leeds', postcode: 'ls1 5ab' } },
    });
    expect(billed.billingAddress).toMatchObject({ postcode: 'LS1 5AB' });
    const options = await alice.upgrade.getUpgradePaymentOptions({ params: order.params });
    expect(options).toMatchObject({ amountPence: difference, card: { provider: 'sandbox' } });

    const intent = await alice.upgrade.createUpgradePaymentIntent({ params: order.params, body: { acceptCharge: true, amountPence: 1 } as never });
    expect(intent.amountPence).toBe(difference);
    expect(intent.frameUrl).toContain('client_secret=');
    // A second tab asking for the payment gets the same one.
    expect((await alice.upgrade.createUpgradePaymentIntent({ params: order.params, body: { acceptCharge: true } })).intentId).toBe(intent.intentId);
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const done = await alice.upgrade.completeUpgradePayment({ params: order.params, body: { paymentIntentId: intent.intentId } });
    expect(done).toMatchObject({ orderNumber: order.orderNumber, chargedPence: difference, delivery: { code: 'specific_day', date: day } });

    const after = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(after.delivery).toMatchObject({ code: 'specific_day', date: day });
    expect(after.totals.deliveryIncVat).toBe(placed.totals.deliveryIncVat + difference);
    expect(after.payment.capturedPence).toBe(placed.payment.capturedPence + difference);
    expect(after.history.at(-1)).toMatchObject({ kind: 'change', note: expect.stringContaining('Delivery upgraded to Specific day') });
    expect(await chargesOf(order.orderNumber)).toEqual([difference]);
    const tracking = createOrderTrackingClient({ baseUrl: api.serviceUrl('order-tracking') });
    const tracked = await tracking.trackOrderByPost({ params: { orderNumber: order.orderNumber }, body: { emailAddress: 'alice@example.com' } });
    expect(tracked.delivery).toMatchObject({ date: day });
    expect(await readOutbox(api.database.db, { template: 'order.delivery-upgraded' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: 'alice@example.com' })]),
    );

    // Paying twice is one charge: completing again answers the same upgrade.
    expect(await alice.upgrade.completeUpgradePayment({ params: order.params, body: {} })).toMatchObject({ chargedPence: difference });
    expect(await chargesOf(order.orderNumber)).toEqual([difference]);
  });

  it('moves a specific day to another with nothing to pay, completed without payment', async () => {
    const order = await placeOrder();
    await chooseSpecificDay(order.params);
    await pay(order.params);
    await alice.upgrade.completeUpgradePayment({ params: order.params, body: {} });
    const charged = await chargesOf(order.orderNumber);

    const { day, upgrade } = await chooseSpecificDay(order.params, 1);
    expect(upgrade.selected).toMatchObject({ date: day, differencePence: 0 });
    expect(await failure(alice.upgrade.createUpgradePaymentIntent({ params: order.params, body: { acceptCharge: true } }))).toMatchObject({
      status: 422,
      code: 'DELIVERY_UPGRADE_NOTHING_TO_PAY',
    });
    expect(await alice.upgrade.completeUpgradeWithoutPayment({ params: order.params })).toMatchObject({ chargedPence: 0, delivery: { date: day } });
    expect((await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } })).delivery.date).toBe(day);
    expect(await chargesOf(order.orderNumber)).toEqual(charged);
  });

  it('refunds the upgrade from its own payment when the order is cancelled', async () => {
    const order = await placeOrder();
    await chooseSpecificDay(order.params);
    const intent = await pay(order.params);
    await alice.upgrade.completeUpgradePayment({ params: order.params, body: {} });
    const cancelled = await staff.orders.cancelOrder({ params: { orderNumber: order.orderNumber }, body: { reason: 'Customer asked by phone' } });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.payment.refundedPence).toBe(cancelled.payment.capturedPence);
    const upgradePayment = (await sandboxGateway(api.app).retrieveIntent(intent.intentId))!;
    expect(upgradePayment.amountRefundedPence).toBe(intent.amountPence);
  });

  it('refuses each bad input with a clear 4xx and changes nothing', async () => {
    const order = await placeOrder();
    const params = order.params;
    // Another customer's order is the same 404 as an unknown one.
    const others = await failure(bob.upgrade.startDeliveryUpgrade({ params }));
    const unknown = await failure(alice.upgrade.startDeliveryUpgrade({ params: { orderId: newOrderNumber() } }));
    expect([others.status, others.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect([unknown.status, unknown.code]).toEqual([others.status, others.code]);
    expect(await failure(alice.upgrade.startDeliveryUpgrade({ params: { orderId: 'not an order' } }))).toMatchObject({ status: 400 });

    // Nothing before it is started.
    expect(await failure(alice.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'next_day' } }))).toMatchObject({
      status: 404,
      code: 'DELIVERY_UPGRADE_NOT_STARTED',
    });
    await alice.upgrade.startDeliveryUpgrade({ params });
    const option = (body: { code: 'standard' | 'click_collect' | 'next_day' | 'specific_day'; date?: string }) =>
      failure(alice.upgrade.setUpgradeDeliveryOption({ params, body }));
    expect(await option({ code: 'standard' })).toMatchObject({ status: 422, code: 'DELIVERY_UPGRADE_OPTION_NOT_OFFERED' });
    expect(await option({ code: 'click_collect' })).toMatchObject({ status: 422, code: 'DELIVERY_UPGRADE_OPTION_NOT_OFFERED' });
    expect(await option({ code: 'specific_day' })).toMatchObject({ status: 400, code: 'DELIVERY_UPGRADE_DATE_REQUIRED' });
    expect(await option({ code: 'next_day', date: '2030-01-02' })).toMatchObject({ status: 400, code: 'DELIVERY_UPGRADE_DATE_NOT_ALLOWED' });
    expect(await option({ code: 'specific_day', date: '2020-01-02' })).toMatchObject({ status: 422, code: 'DELIVERY_UPGRADE_DATE_UNAVAILABLE' });
    expect(await failure(alice.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'rocket' } as never }))).toMatchObject({ status: 400 });

    expect(await failure(alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } }))).toMatchObject({
      status: 422,
      code: 'DELIVERY_UPGRADE_NO_OPTION',
    });
    await alice.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'next_day' } });
    expect(await failure(alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } }))).toMatchObject({
      status: 422,
      code: 'DELIVERY_UPGRADE_BILLING_REQUIRED',
    });
    expect(await failure(alice.upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: false } }))).toMatchObject({
      status: 422,
      code: 'DELIVERY_UPGRADE_BILLING_REQUIRED',
    });
    const badPostcode = await failure(
      alice.upgrade.setUpgradeBillingAddress({ params, body: { address: { name: 'A', line1: '1 Road', town: 'Leeds', postcode: 'NOT A CODE' } } }),
    );
    expect(badPostcode).toMatchObject({ status: 400 });
    await alice.upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: true } });
    // No pre-ticked option: without the customer's agreement nothing is taken.
    const noConsent = await failure(alice.upgrade.createUpgradePaymentIntent({ params, body: {} }));
    expect(noConsent).toMatchObject({ status: 422, code: 'DELIVERY_UPGRADE_CONSENT_REQUIRED' });
    expect(noConsent.message).toMatch(/^Tick the box to agree to pay £/);
    expect(await failure(alice.upgrade.completeUpgradeWithoutPayment({ params }))).toMatchObject({ status: 422, code: 'DELIVERY_UPGRADE_PAYMENT_REQUIRED' });
    // Paid by card, so not upgraded on account.
    expect(await failure(alice.upgrade.completeUpgradeOnAccount({ params, body: { acceptCharge: true } }))).toMatchObject({
      status: 409,
      code: 'DELIVERY_UPGRADE_NOT_ON_ACCOUNT',
    });
    expect(await failure(alice.upgrade.completeUpgradePayment({ params, body: {} }))).toMatchObject({ status: 409, code: 'DELIVERY_UPGRADE_NO_PAYMENT' });
    const intent = await alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } });
    expect(await failure(alice.upgrade.completeUpgradePayment({ params, body: { paymentIntentId: 'pi_someone_else' } }))).toMatchObject({
      status: 409,
      code: 'DELIVERY_UPGRADE_PAYMENT_MISMATCH',
    });
    expect(await failure(alice.upgrade.completeUpgradePayment({ params, body: {} }))).toMatchObject({
      status: 402,
      code: 'DELIVERY_UPGRADE_PAYMENT_INCOMPLETE',
    });
    // A card whose bank wants its check: not done until the check is.
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.requiresAuthentication });
    expect(await failure(alice.upgrade.completeUpgradePayment({ params, body: {} }))).toMatchObject({
      status: 402,
      code: 'DELIVERY_UPGRADE_PAYMENT_NEEDS_ACTION',
    });
    const unchanged = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(unchanged.delivery.code).toBe('standard');
    expect(await chargesOf(order.orderNumber)).toEqual([]);

    // A collected order has no delivery to upgrade; a dispatched one is too late.
    const collected = await placeOrder(alice, true);
    expect(await failure(alice.upgrade.startDeliveryUpgrade({ params: collected.params }))).toMatchObject({
      status: 422,
      code: 'DELIVERY_UPGRADE_COLLECTION_ORDER',
    });
    await staff.orders.advanceOrder({ params: { orderNumber: order.orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: 'DPD1' } });
    expect(await failure(alice.upgrade.startDeliveryUpgrade({ params }))).toMatchObject({ status: 409, code: 'DELIVERY_UPGRADE_TOO_LATE' });
  });

  it('lets go of the payment started when the choice changes, and starts a new one when the first choice is made again', async () => {
    const order = await placeOrder();
    const params = order.params;
    await alice.upgrade.startDeliveryUpgrade({ params });
    await alice.upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: true } });
    await alice.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'next_day' } });
    const first = await alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } });
    const { day } = await chooseSpecificDay(params);
    expect((await sandboxGateway(api.app).retrieveIntent(first.intentId))!.status).toBe('canceled');
    expect((await alice.upgrade.startDeliveryUpgrade({ params })).selected).toMatchObject({ code: 'specific_day', date: day });
    await alice.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'next_day' } });
    const again = await alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } });
    expect(again.intentId).not.toBe(first.intentId);
    expect(again).toMatchObject({ amountPence: first.amountPence, status: 'requires_payment_method' });
  });

  it('prices the choice again when the quote moves, and refuses a payment for a choice that no longer holds', async () => {
    const order = await placeOrder();
    const { upgrade } = await chooseSpecificDay(order.params);
    const intent = await alice.upgrade.createUpgradePaymentIntent({ params: order.params, body: { acceptCharge: true } });
    // The order moves on (staff start processing it): the choice was priced on the older version.
    await staff.orders.advanceOrder({ params: { orderNumber: order.orderNumber }, body: { status: 'processing' } });
    expect(await failure(alice.upgrade.createUpgradePaymentIntent({ params: order.params, body: { acceptCharge: true } }))).toMatchObject({
      status: 409,
      code: 'DELIVERY_UPGRADE_QUOTE_CHANGED',
    });
    const refreshed = await alice.upgrade.refreshUpgradePaymentData({ params: order.params });
    expect(refreshed.orderVersion).toBe(upgrade.orderVersion + 1);
    expect(refreshed.selected?.code).toBe('specific_day');
    const again = await alice.upgrade.createUpgradePaymentIntent({ params: order.params, body: { acceptCharge: true } });
    expect(again.intentId).toBe(intent.intentId);
    await confirmLikeTheFrame(api.origin, { id: again.intentId, clientSecret: again.clientSecret }, { number: TEST_CARDS.succeeds });
    expect(await alice.upgrade.completeUpgradePayment({ params: order.params, body: {} })).toMatchObject({ delivery: { code: 'specific_day' } });
  });
});

describe('delivery upgrades racing', () => {
  it('paying twice at once is one charge: both answers are the same upgrade', async () => {
    const order = await placeOrder();
    await chooseSpecificDay(order.params);
    const intents = await Promise.all([0, 1].map(() => alice.upgrade.createUpgradePaymentIntent({ params: order.params, body: { acceptCharge: true } })));
    expect(intents[0]!.intentId).toBe(intents[1]!.intentId);
    await confirmLikeTheFrame(api.origin, { id: intents[0]!.intentId, clientSecret: intents[0]!.clientSecret }, { number: TEST_CARDS.succeeds });
    const results = await Promise.all([0, 1, 2].map(() => alice.upgrade.completeUpgradePayment({ params: order.params, body: {} })));
    expect(new Set(results.map((result) => `${result.chargedPence} ${result.delivery.date}`)).size).toBe(1);
    expect(await chargesOf(order.orderNumber)).toEqual([intents[0]!.amountPence]);
    const after = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(after.history.filter((entry) => entry.kind === 'change')).toHaveLength(1);
  });

  it('an upgrade paid while staff dispatch: one wins; a payment for an upgrade not made goes straight back, and the customer is told', async () => {
    const order = await placeOrder();
    await chooseSpecificDay(order.params);
    const intent = await pay(order.params);
    const [completed, dispatched] = await Promise.allSettled([
      alice.upgrade.completeUpgradePayment({ params: order.params, body: {} }),
      staff.orders.advanceOrder({ params: { orderNumber: order.orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: 'DPD123456' } }),
    ]);
    expect(dispatched.status).toBe('fulfilled');
    const applied = completed.status === 'fulfilled';
    const after = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    const payment = (await sandboxGateway(api.app).retrieveIntent(intent.intentId))!;
    // Whichever won, the order and the card agree: the upgrade is on the order and paid, or neither.
    expect(after.delivery.code).toBe(applied ? 'specific_day' : 'standard');
    expect(payment.amountRefundedPence).toBe(applied ? 0 : intent.amountPence);
    expect(await chargesOf(order.orderNumber)).toEqual(applied ? [intent.amountPence] : []);
    const refusal = completed.status === 'rejected' ? (completed.reason as { status: number; code?: string }) : null;
    expect(refusal && [refusal.status, refusal.code]).toEqual(applied ? null : [409, 'DELIVERY_UPGRADE_NOT_APPLIED']);
  });

  it('dispatch first, then the payment completes: refunded at once, with an e-mail and a 409 that says so', async () => {
    const order = await placeOrder();
    await chooseSpecificDay(order.params);
    const intent = await pay(order.params);
    await staff.orders.advanceOrder({
      params: { orderNumber: order.orderNumber },
      body: { status: 'dispatched', carrier: 'DPD', trackingNumber: 'DPD654321' },
    });
    const refused = await failure(alice.upgrade.completeUpgradePayment({ params: order.params, body: {} }));
    expect(refused).toMatchObject({ status: 409, code: 'DELIVERY_UPGRADE_NOT_APPLIED' });
    expect(refused.message).toMatch(/dispatched.*is being refunded to your card/);
    expect((await sandboxGateway(api.app).retrieveIntent(intent.intentId))!.amountRefundedPence).toBe(intent.amountPence);
    expect(await readOutbox(api.database.db, { template: 'order.delivery-upgrade-refunded' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: 'alice@example.com' })]),
    );
    // Asked again: the same refusal, and the refund is not made twice.
    expect(await failure(alice.upgrade.completeUpgradePayment({ params: order.params, body: {} }))).toMatchObject({
      status: 409,
      code: 'DELIVERY_UPGRADE_NOT_APPLIED',
    });
    expect((await sandboxGateway(api.app).retrieveIntent(intent.intentId))!.amountRefundedPence).toBe(intent.amountPence);
  });

  it('an upgrade and an order change at once: the first applies, the second is refused with its reason, never a lost update', async () => {
    const order = await placeOrder();
    await chooseSpecificDay(order.params);
    const intent = await pay(order.params);
    const opened = await alice.changes.openOrderBasket({ params: { id: order.orderNumber } });
    await alice.changes.setOrderBasketItem({ params: { id: order.orderNumber }, body: { sku: mixer.sku, quantity: 1 } });
    const [upgraded, changed] = await Promise.allSettled([
      alice.upgrade.completeUpgradePayment({ params: order.params, body: {} }),
      alice.changes.completeOrderBasket({ params: { id: order.orderNumber }, body: { orderVersion: opened.orderVersion } }),
    ]);
    const after = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    const payment = (await sandboxGateway(api.app).retrieveIntent(intent.intentId))!;
    expect([upgraded.status, changed.status].filter((status) => status === 'fulfilled')).toHaveLength(1);
    const refusal = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? (result.reason as { code?: string }).code : null);
    // Whichever came first is on the order; the other changed nothing, and a payment for it went back.
    const upgradeWon = upgraded.status === 'fulfilled';
    expect({
      refusals: [refusal(upgraded), refusal(changed)],
      delivery: after.delivery.code,
      cancelled: after.lines[0]!.cancelledQuantity,
      refunded: payment.amountRefundedPence,
    }).toEqual(
      upgradeWon
        ? { refusals: [null, 'ORDER_BASKET_STALE'], delivery: 'specific_day', cancelled: 0, refunded: 0 }
        : { refusals: ['DELIVERY_UPGRADE_NOT_APPLIED', null], delivery: 'standard', cancelled: 1, refunded: intent.amountPence },
    );
  });
});
