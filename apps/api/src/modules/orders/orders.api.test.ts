import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountsClient,
  createOrderTrackingClient,
  createOrdersClient,
  type AccountsClient,
  type OrderTrackingClient,
  type OrdersClient,
} from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { TRACKING_LIMIT } from './orders.routes.ts';
import type { PlacedOrderInput } from './placing.ts';
import { placedOrderInput, recordPlacedOrder } from './testing.ts';

let api: TestApi;
const now = new Date('2026-06-16T09:00:00Z');
const actors: Record<string, Actor> = {
  alice: { userId: 'user-alice', roles: ['shopper'] },
  bob: { userId: 'user-bob', roles: ['shopper'] },
  staff: { userId: 'user-staff', roles: ['shopper', 'order-admin'] },
};
let tracking: OrderTrackingClient;
const accounts: Record<string, AccountsClient> = {};
let staff: OrdersClient;
let shopperOrders: OrdersClient;

let basketCount = 0;

/** An order as checkout's place-order writes it, for a new basket each time. */
function placed(customerId: string | null, email: string): PlacedOrderInput {
  basketCount += 1;
  return placedOrderInput(String(basketCount), { customerId, email });
}

beforeAll(async () => {
  api = await startTestApi({ clock: { now: () => now }, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  tracking = createOrderTrackingClient({ baseUrl: api.serviceUrl('order-tracking') });
  for (const name of Object.keys(actors)) accounts[name] = createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name });
  staff = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
  shopperOrders = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'alice' });
});
afterAll(() => api.close());

describe('placed orders', () => {
  it('numbers orders BP + 8 digits, one per basket and payment, and queues the confirmation e-mail', async () => {
    const first = await recordPlacedOrder(api.app, placed('user-alice', 'alice@example.com'), now);
    const second = await recordPlacedOrder(api.app, placed('user-alice', 'alice@example.com'), new Date(now.getTime() + 60_000));
    expect(first.orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
    expect(Number(second.orderNumber.slice(2))).toBe(Number(first.orderNumber.slice(2)) + 1);
    expect(first).toMatchObject({ status: 'placed', history: [{ status: 'placed' }], totals: { totalIncVat: 9_998 } });
    const emails = await readOutbox(api.database.db, { to: 'alice@example.com', template: 'order.confirmation' });
    const email = emails.find((entry) => entry.subject === `Order confirmed: ${first.orderNumber}`);
    expect(emails).toHaveLength(2);
    expect(email!.text).toContain('2 × Basin mixer (Chrome)');

    const again = placed('user-alice', 'alice@example.com');
    const ORDER_INSERT = /Failed query: with placed as \(\s+insert into "orders"/;
    // The unique indexes: a second order for a basket or a payment is refused by the database.
    await expect(recordPlacedOrder(api.app, { ...again, basketId: 'basket-1' }, now)).rejects.toThrow(ORDER_INSERT);
    await expect(recordPlacedOrder(api.app, { ...again, payment: { ...again.payment, intentRef: 'pi_test_1' } }, now)).rejects.toThrow(ORDER_INSERT);
  });

  it('lists a customer’s own orders, newest first, with paging and the latest order', async () => {
    const page = await accounts.alice!.listMyOrders({ query: { pageNumber: 1, pageSize: 1 } });
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 1, totalCount: 2, totalPages: 2 });
    const latest = await accounts.alice!.getMyLatestOrder();
    expect(page.items[0]).toMatchObject({ orderNumber: latest.orderNumber, itemCount: 2, firstLine: 'Basin mixer' });
    expect(await failure(accounts.bob!.getMyLatestOrder())).toMatchObject({ status: 404, code: 'ORDER_NONE_YET' });
    expect((await accounts.bob!.listMyOrders({ query: {} })).items).toEqual([]);
    expect(await failure(createAccountsClient({ baseUrl: api.serviceUrl('accounts') }).listMyOrders({ query: {} }))).toMatchObject({ status: 401 });
  });

  it('shows a customer one of their own orders by number, without staff notes; anyone else’s is the same 404 as an unknown number', async () => {
    const own = await recordPlacedOrder(api.app, placed('user-alice', 'alice@example.com'), now);
    await staff.advanceOrder({
      params: { orderNumber: own.orderNumber },
      body: { status: 'dispatched', carrier: 'Royal Mail', trackingNumber: 'RM123456785GB', note: 'Van 3' },
    });
    const seen = await accounts.alice!.getMyOrder({ params: { orderNumber: own.orderNumber.toLowerCase() } });
    expect(seen).toMatchObject({
      orderNumber: own.orderNumber,
      status: 'dispatched',
      deliveryAddress: { line1: '1 High Street', postcode: 'LS1 4AP' },
      lines: [{ productName: 'Basin mixer', quantity: 2, unitPriceIncVat: 4_999 }],
      payment: { cardBrand: 'visa', cardLast4: '4242', capturedPence: 9_998 },
      tracking: { carrier: 'Royal Mail', trackingNumber: 'RM123456785GB' },
    });
    expect(seen.history.map((entry) => [entry.status, entry.note])).toEqual([
      ['placed', null],
      ['dispatched', null],
    ]);
    // Staff see the note the customer does not.
    expect((await staff.getOrderForStaff({ params: { orderNumber: own.orderNumber } })).history.at(-1)!.note).toBe('Van 3');

    // Bob's view of Alice's order, a guest order placed with Alice's address, and no order at all: one answer.
    const guestOrder = await recordPlacedOrder(api.app, placed(null, 'alice@example.com'), now);
    const notFound = { status: 404, code: 'ORDER_NOT_FOUND' };
    expect(await failure(accounts.bob!.getMyOrder({ params: { orderNumber: own.orderNumber } }))).toMatchObject({
      ...notFound,
      message: `There is no order ${own.orderNumber} on your account. Check the number against your orders.`,
    });
    expect(await failure(accounts.alice!.getMyOrder({ params: { orderNumber: guestOrder.orderNumber } }))).toMatchObject(notFound);
    expect(await failure(accounts.alice!.getMyOrder({ params: { orderNumber: 'BP99999999' } }))).toMatchObject(notFound);
    expect(await failure(accounts.alice!.getMyOrder({ params: { orderNumber: 'order-1' } }))).toMatchObject({ status: 400 });
    expect(await failure(createAccountsClient({ baseUrl: api.serviceUrl('accounts') }).getMyOrder({ params: { orderNumber: own.orderNumber } }))).toMatchObject(
      { status: 401 },
    );
    // `latest` is still its own call, not taken for an order number.
    expect((await accounts.alice!.getMyLatestOrder()).orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
  });
});

describe('tracking', () => {
  it('shows progress to whoever has the number and e-mail, without the full address', async () => {
    const order = await recordPlacedOrder(api.app, placed(null, 'guest@example.com'), now);
    const params = { orderNumber: order.orderNumber.toLowerCase(), emailAddress: 'GUEST@example.com' };
    expect(await tracking.checkTrackingDetails({ params })).toEqual({ found: true, orderNumber: order.orderNumber });
    const seen = await tracking.trackOrder({ params });
    expect(seen).toMatchObject({ orderNumber: order.orderNumber, status: 'placed', delivery: { town: 'Leeds', postcodeDistrict: 'LS1' } });
    expect(JSON.stringify(seen)).not.toContain('High Street');
    expect(await tracking.trackOrderByPost({ params: { orderNumber: order.orderNumber }, body: { emailAddress: 'guest@example.com' } })).toEqual(seen);
    for (const call of [
      () => tracking.trackOrder({ params: { orderNumber: order.orderNumber, emailAddress: 'someone@example.com' } }),
      () => tracking.trackOrder({ params: { orderNumber: 'BP99999999', emailAddress: 'guest@example.com' } }),
    ]) {
      expect(await failure(call())).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    }
    expect(await failure(tracking.trackOrder({ params: { orderNumber: 'XX123', emailAddress: 'guest@example.com' } }))).toMatchObject({ status: 400 });
  });
});

describe('staff fulfilment', () => {
  it('searches orders and moves one through picking, dispatch with tracking, and delivery', async () => {
    const order = await recordPlacedOrder(api.app, placed(null, 'dispatch@example.com'), now);
    expect(await failure(shopperOrders.searchOrders({ query: {} }))).toMatchObject({ status: 403 });
    const found = await staff.searchOrders({ query: { search: 'dispatch@' } });
    expect(found.items.map((item) => item.orderNumber)).toEqual([order.orderNumber]);
    expect((await staff.searchOrders({ query: { search: '%' } })).items).toEqual([]);
    expect((await staff.searchOrders({ query: { status: 'placed' } })).totalCount).toBeGreaterThanOrEqual(4);

    const params = { orderNumber: order.orderNumber };
    await staff.advanceOrder({ params, body: { status: 'picking' } });
    expect(await failure(staff.advanceOrder({ params, body: { status: 'processing' } }))).toMatchObject({ status: 409, code: 'ORDER_STATUS_NOT_ALLOWED' });
    expect(await failure(staff.advanceOrder({ params, body: { status: 'dispatched' } }))).toMatchObject({ status: 400, code: 'ORDER_TRACKING_REQUIRED' });
    const dispatched = await staff.advanceOrder({ params, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' } });
    expect(dispatched.tracking).toEqual({ carrier: 'DPD', trackingNumber: '15501234567890', url: 'https://track.dpd.co.uk/parcels/15501234567890' });
    const delivered = await staff.advanceOrder({ params, body: { status: 'delivered', note: 'Signed for by A. Shopper' } });
    expect(delivered.history.map((entry) => entry.status)).toEqual(['placed', 'picking', 'dispatched', 'delivered']);
    expect((await tracking.trackOrder({ params: { orderNumber: order.orderNumber, emailAddress: 'dispatch@example.com' } })).tracking).toMatchObject({
      carrier: 'DPD',
    });
    expect(await failure(staff.getOrderForStaff({ params: { orderNumber: 'BP99999999' } }))).toMatchObject({ status: 404 });
  });
});

// Last: it spends the tracking budget of this file's client.
describe('tracking lookups', () => {
  it('share one budget across the check, the GET and the POST: past it, each is 429', async () => {
    const params = { orderNumber: 'BP00000001', emailAddress: 'guesser@example.com' };
    let refused: { status: number; code: string } | undefined;
    for (let tries = 0; tries <= TRACKING_LIMIT.max && !refused; tries++) {
      const error = await failure(tracking.checkTrackingDetails({ params }));
      if (error.status === 429) refused = error as { status: number; code: string };
    }
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // The other two forms are out of budget too, not fresh ones.
    expect(await failure(tracking.trackOrder({ params }))).toMatchObject({ status: 429 });
    expect(
      await failure(tracking.trackOrderByPost({ params: { orderNumber: params.orderNumber }, body: { emailAddress: params.emailAddress } })),
    ).toMatchObject({ status: 429 });
  });
});
