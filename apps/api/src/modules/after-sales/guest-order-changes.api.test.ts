/**
 * A guest changes their order, or upgrades its delivery, through the link we e-mail to the address it
 * was placed with (decision 0049): never with the order's number and e-mail address alone. The link
 * opens its own order only, for ORDER_LINK_HOURS; with it the guest is the order's customer, under
 * the same rules as a signed-in customer (the difference paid by card, never refused as staff's).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryUpgradeClient, createOrderBasketsClient, createOrderTrackingClient } from '@shop/api-client';
import { newOrderNumber, ORDER_LINK_HEADER } from '@shop/contracts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { startOrderHelpApi, type OrderHelpHarness } from './order-help.testing.ts';
import { readOutbox } from '../notifications/testing.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';

let harness: OrderHelpHarness;
let api: TestApi;

beforeAll(async () => {
  harness = await startOrderHelpApi('guest-changes', (origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  api = harness.api;
});
afterAll(() => api.close());

const HOUR = 60 * 60 * 1000;

/** The order basket and upgrade calls as a guest holding `link` (or none), or as `as` signed in. */
function guest(link?: string, as?: string) {
  const options = (service: 'order-baskets' | 'delivery-upgrade') => ({
    baseUrl: api.serviceUrl(service),
    getAccessToken: () => as,
    headers: (link ? { [ORDER_LINK_HEADER]: link } : {}) as Record<string, string>,
  });
  return { changes: createOrderBasketsClient(options('order-baskets')), upgrade: createDeliveryUpgradeClient(options('delivery-upgrade')) };
}

const rows = async <T>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const openBaskets = (orderNumber: string) =>
  rows(sql`select b.id from order_baskets b join orders o on o.id = b.order_id where o.order_number = ${orderNumber} and b.state = 'open'`);
const openUpgrades = (orderNumber: string) =>
  rows(sql`select u.id from delivery_upgrades u join orders o on o.id = u.order_id where o.order_number = ${orderNumber} and u.state = 'open'`);

/** A link asked for from the tracking result to change the order or upgrade its delivery: the token and the e-mail it came in. */
async function linkFor(order: { orderNumber: string; email: string }, purpose: 'change' | 'upgrade-delivery') {
  await harness.help().requestOrderLink({ params: { id: order.orderNumber }, body: { emailAddress: order.email, purpose } });
  const [email] = (await readOutbox(api.database.db, { to: order.email, template: 'orders.manage-link' })).slice(-1);
  const found = /\/order-help\/link\/([A-Za-z0-9_-]+)(\?to=[a-z-]+)?/.exec(email!.text)!;
  return { token: found[1]!, to: found[2] ?? null, email: email! };
}

describe('a guest changing their order', () => {
  it('is refused every call with the number and e-mail address alone, as for an order that does not exist, and nothing is opened', async () => {
    const order = await harness.placeOrder();
    const params = { id: order.orderNumber };
    const upgradeParams = { orderId: order.orderNumber };
    const { changes, upgrade } = guest();
    const refusals = await Promise.all([
      failure(changes.openOrderBasket({ params })),
      failure(changes.addOrderBasketItem({ params, body: { sku: harness.sku.sku, quantity: 1 } })),
      failure(changes.completeOrderBasket({ params, body: { orderVersion: 1 } })),
      failure(changes.openOrderBasket({ params: { id: newOrderNumber() } })),
      failure(upgrade.startDeliveryUpgrade({ params: upgradeParams })),
      failure(upgrade.setUpgradeDeliveryOption({ params: upgradeParams, body: { code: 'next_day' } })),
      failure(upgrade.startDeliveryUpgrade({ params: { orderId: newOrderNumber() } })),
    ]);
    for (const refused of refusals) {
      expect(refused).toMatchObject({ status: 403, code: 'ORDER_LINK_REQUIRED' });
      expect(refused.message).toContain('use the link we e-mail to the address it was placed with');
    }
    // Signed in as someone else, without the link: the same 404 as an unknown order.
    expect(await failure(guest(undefined, 'bob').changes.openOrderBasket({ params }))).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect(await openBaskets(order.orderNumber)).toEqual([]);
    expect(await openUpgrades(order.orderNumber)).toEqual([]);
  });

  it('with the e-mailed link: adds an item and pays the difference by card as the customer, and the change e-mail leads to tracking', async () => {
    const order = await harness.placeOrder({ quantity: 1 });
    const { token, to, email } = await linkFor(order, 'change');
    expect(to).toBe('?to=change');
    expect(email.subject).toBe(`Change your order ${order.orderNumber}`);
    expect(email.text).toContain('until we start picking it');
    const { changes } = guest(token);
    const params = { id: order.orderNumber };
    const opened = await changes.openOrderBasket({ params });
    const basket = await changes.addOrderBasketItem({ params, body: { sku: harness.sku.sku, quantity: 1 } });
    expect(basket.toPayPence).toBe(harness.sku.price);
    // Same rules as a signed-in customer: asked to pay by card (staff would be refused), then the change is made.
    const asked = await changes.completeOrderBasket({ params, body: { orderVersion: opened.orderVersion } });
    if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
    await confirmLikeTheFrame(api.origin, { id: asked.payment.intentId, clientSecret: asked.payment.clientSecret }, { number: TEST_CARDS.succeeds });
    const done = await changes.completeOrderBasket({ params, body: { orderVersion: opened.orderVersion, paymentIntentId: asked.payment.intentId } });
    expect(done).toMatchObject({ status: 'completed', orderNumber: order.orderNumber, chargedPence: harness.sku.price });

    const history = await rows<{ by_staff: number; actor: string | null }>(
      sql`select h.by_staff, h.actor from order_change_history h join orders o on o.id = h.order_id where o.order_number = ${order.orderNumber}`,
    );
    expect(history.map((row) => [Number(row.by_staff), row.actor])).toEqual([[0, null]]);
    const staffView = await harness.staff.getOrderForStaff({ params: { orderNumber: order.orderNumber } });
    expect(staffView.lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(2);
    expect(staffView.history.at(-1)).toMatchObject({ kind: 'change', by: 'customer' });
    const [changed] = await readOutbox(api.database.db, { to: order.email, template: 'order.changed' });
    expect(changed!.text).toContain(`/track-order?orderNumber=${encodeURIComponent(order.orderNumber)}`);
    expect(changed!.text).not.toContain('/account/orders/');
  });

  it('opens its own order only: another order’s link, an altered one and an expired one are 403 and change nothing', async () => {
    const order = await harness.placeOrder();
    const other = await harness.placeOrder();
    const { token } = await linkFor(order, 'change');
    const { token: othersToken } = await linkFor(other, 'upgrade-delivery');
    const params = { id: order.orderNumber };
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const link of [othersToken, altered]) {
      expect(await failure(guest(link).changes.openOrderBasket({ params }))).toMatchObject({ status: 403, code: 'ORDER_LINK_INVALID' });
      expect(await failure(guest(link).upgrade.startDeliveryUpgrade({ params: { orderId: order.orderNumber } }))).toMatchObject({
        status: 403,
        code: 'ORDER_LINK_INVALID',
      });
    }
    // A link is no key to an order that does not exist either.
    expect(await failure(guest(token).changes.openOrderBasket({ params: { id: newOrderNumber() } }))).toMatchObject({
      status: 403,
      code: 'ORDER_LINK_INVALID',
    });
    // Signed in as someone else, the link still opens only its own order.
    expect(await failure(guest(othersToken, 'bob').changes.openOrderBasket({ params }))).toMatchObject({ status: 403, code: 'ORDER_LINK_INVALID' });

    // Opened with the link, then left until the link has run out: the next change is refused.
    const opened = await guest(token).changes.openOrderBasket({ params });
    harness.setAhead(24 * HOUR + 60_000);
    try {
      const expired = await failure(guest(token).changes.addOrderBasketItem({ params, body: { sku: harness.sku.sku, quantity: 1 } }));
      expect(expired).toMatchObject({ status: 403, code: 'ORDER_LINK_EXPIRED' });
      expect(expired.message).toContain('Ask for a new one');
      expect(await failure(guest(token).changes.completeOrderBasket({ params, body: { orderVersion: opened.orderVersion } }))).toMatchObject({
        status: 403,
        code: 'ORDER_LINK_EXPIRED',
      });
      expect(await failure(guest(token).upgrade.startDeliveryUpgrade({ params: { orderId: order.orderNumber } }))).toMatchObject({
        status: 403,
        code: 'ORDER_LINK_EXPIRED',
      });
    } finally {
      harness.setAhead(0);
    }
    expect(opened.changes).toEqual([]);
    expect(
      await rows(sql`select b.id from order_basket_changes b join order_baskets o on o.id = b.basket_id where o.state = 'open'
      and o.order_id = (select id from orders where order_number = ${order.orderNumber})`),
    ).toEqual([]);
    expect(await openUpgrades(order.orderNumber)).toEqual([]);
  });
});

describe('changes staff prepare on the phone that cost more', () => {
  it('are e-mailed to the guest with what changed and a link that opens them to review and pay; the guest pays and completes them', async () => {
    const order = await harness.placeOrder({ quantity: 1 });
    const staff = guest(undefined, 'staff').changes;
    const params = { id: order.orderNumber };
    const opened = await staff.openOrderBasket({ params });
    const added = await staff.addOrderBasketItem({ params, body: { sku: harness.sku.sku, quantity: 2 } });
    const sent = await staff.completeOrderBasket({ params, body: { orderVersion: opened.orderVersion } });
    expect(sent).toMatchObject({ status: 'sent_to_customer', amountPence: added.toPayPence });
    const [email] = await readOutbox(api.database.db, { to: order.email, template: 'order.change-to-pay' });
    expect(email!.text).toContain('Added 2 ×');
    expect(email!.text).toContain('We cannot take a card over the phone');
    const token = /\/order-help\/link\/([A-Za-z0-9_-]+)\?to=change/.exec(email!.text)![1]!;
    // The number and address alone still open nothing; the e-mailed link opens staff's changes.
    expect(await failure(guest().changes.openOrderBasket({ params }))).toMatchObject({ status: 403, code: 'ORDER_LINK_REQUIRED' });
    const { changes } = guest(token);
    const seen = await changes.openOrderBasket({ params });
    expect(seen.toPayPence).toBe(added.toPayPence);
    const asked = await changes.completeOrderBasket({ params, body: { orderVersion: seen.orderVersion } });
    if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
    await confirmLikeTheFrame(api.origin, { id: asked.payment.intentId, clientSecret: asked.payment.clientSecret }, { number: TEST_CARDS.succeeds });
    const done = await changes.completeOrderBasket({ params, body: { orderVersion: seen.orderVersion, paymentIntentId: asked.payment.intentId } });
    expect(done).toMatchObject({ status: 'completed', chargedPence: added.toPayPence });
    expect(await openBaskets(order.orderNumber)).toEqual([]);
  });
});

describe('a guest upgrading their delivery', () => {
  it('with the e-mailed link: chooses a specific day, agrees to pay, pays by card, and the order carries the day', async () => {
    const order = await harness.placeOrder();
    const { token, to, email } = await linkFor(order, 'upgrade-delivery');
    expect(to).toBe('?to=upgrade-delivery');
    expect(email.subject).toBe(`Upgrade the delivery of order ${order.orderNumber}`);
    const { upgrade } = guest(token);
    const params = { orderId: order.orderNumber };
    const started = await upgrade.startDeliveryUpgrade({ params });
    expect(started).toMatchObject({ orderNumber: order.orderNumber, upgradeableUntil: 'until we dispatch it' });
    const calendar = await upgrade.getUpgradeSpecificDayOptions({ params, body: {} });
    const day = calendar.days.find((entry) => entry.available)!.date;
    await upgrade.setUpgradeDeliveryOption({ params, body: { code: 'specific_day', date: day } });
    const chosen = await upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: true } });
    // The same consent as for a signed-in customer: nothing is taken without it.
    expect(await failure(upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: false } }))).toMatchObject({
      status: 422,
      code: 'DELIVERY_UPGRADE_CONSENT_REQUIRED',
    });
    const intent = await upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const done = await upgrade.completeUpgradePayment({ params, body: { paymentIntentId: intent.intentId } });
    expect(done).toMatchObject({ orderNumber: order.orderNumber, chargedPence: chosen.selected!.differencePence, delivery: { date: day } });
    const tracked = await createOrderTrackingClient({ baseUrl: api.serviceUrl('order-tracking') }).trackOrderByPost({
      params: { orderNumber: order.orderNumber },
      body: { emailAddress: order.email },
    });
    expect(tracked.delivery).toMatchObject({ date: day });
  });
});
