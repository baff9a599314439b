/**
 * How many statements checkout's calls send to the database (decision 0026): a setter saves and
 * answers from what it saved; completing a payment prices the basket once and places the order in
 * one transaction. The figures print with the test (`STATEMENTS=1` lists each statement); the
 * bounds fail a change that goes back to reading everything again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCheckoutClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { countStatements, type StatementCounter } from '../../testing/statement-counter.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';
import { reviewIndexLoaded } from '../reviews/testing.ts';
import { onAccountCustomer } from '../trade-credit/testing.ts';

let api: TestApi;
let counter: StatementCounter;
let sku: SeededSku;
const actors: Record<string, Actor> = {
  alice: { userId: 'user-statements-alice', roles: ['shopper'] },
  reviewer: { userId: 'user-statements-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
};
const figures: Record<string, Record<string, number>> = {};
/** What each call sent, by scenario and call. */
const statementsSent: Record<string, Record<string, string[]>> = {};

/**
 * At most this many statements per call (BEGIN and COMMIT counted), as decision 0026 measured them
 * after checkout stopped reading everything again (before: a guest's setters 8 or 9, completing a
 * payment 17; with a once-per-customer code, setters 17 to 21, completing 33). Completing a payment
 * then took three more: the confirmation's link to cancel (an expired-links delete and the insert)
 * and its lines' returnability (decision 0053). Then two fewer (decision 0067): the basket is removed
 * by the statement that locks it, and a new order's link clears away no expired links. Then six fewer
 * (decision 0072): the order, its lines, first history entry and link are one statement, the
 * checkout goes with its basket, the lines' returnability comes with the pricing read, and the stock
 * is committed in one statement after the basket's hold lock. Then three fewer for a guest and six for
 * a shopper with a code (decision 0095): completing places the order kept when the payment started,
 * without reading and pricing the basket (its offerings, stock and code) again. Adding to a basket is
 * counted too: the basket with its lines, their stock and the save, the offerings' facts being kept by
 * the instance (decision 0096; they were a fourth statement); then the basket as the instance saved
 * it last, checked by the save's version (decision 0100; its read was a statement of its own); then a
 * guest's add is the save alone, which reads and checks the stock of the line it names (decision 0116).
 * Then a code is one read where it was three: its promotion, the issue code it may be and the
 * customer's claims of it come in one statement (two fewer on each call that judges it, one fewer
 * on completing, whose claim counts the customer's claims again under the promotion's lock). Starting a
 * payment holds each line's stock and writes its hold in one statement (decision 0133; they were two). Then completing
 * is one fewer: the order's statement queues its confirmation too (decision 0159).
 */
const BOUNDS: Record<string, Record<string, number>> = {
  guest: {
    addItem: 1,
    setContactDetails: 4,
    setDeliveryDetails: 4,
    setBillingDetails: 4,
    setDeliveryOption: 5,
    getCheckout: 4,
    createPaymentIntent: 14,
    completePayment: 8,
  },
  'shopper with WELCOME10': {
    addItem: 3,
    setContactDetails: 5,
    setDeliveryDetails: 5,
    setBillingDetails: 5,
    setDeliveryOption: 6,
    getCheckout: 5,
    createPaymentIntent: 15,
    completePayment: 14,
  },
  // The trade account and band read beside the gateway's check, the order counted for the business in the placing transaction.
  'trade customer by card': {
    addItem: 1,
    setContactDetails: 4,
    setDeliveryDetails: 4,
    setBillingDetails: 4,
    setDeliveryOption: 5,
    getCheckout: 4,
    createPaymentIntent: 17,
    completePayment: 11,
  },
};

/**
 * On PostgreSQL, at most this many waits for the database per call (decision 0078): statements sent
 * behind another on its connection without waiting for its answer (a transaction's BEGIN with the
 * statement after it, the order's rows behind the basket's removal, the stock's move behind its
 * lock) share one wait; reads made at once on two connections are a wait each.
 */
const ROUND_TRIP_BOUNDS: Record<string, Record<string, number>> = {
  guest: { addItem: 1, completePayment: 5 },
  'shopper with WELCOME10': { addItem: 3, completePayment: 10 },
  'trade customer by card': { addItem: 1, completePayment: 7 },
};
const roundTrips: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  api = await startTestApi({
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  sku = await findSeededSku(
    api.database.db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 2000 and 6000 and s.on_hand >= 20`,
  );
  // The shop loads the staff review index as it starts, in slices: counting starts once that is done.
  await reviewIndexLoaded(api.app);
  counter = countStatements(api.database);
});
afterAll(async () => {
  counter.stop();
  process.stdout.write(`statements per call (${api.database.kind}):\n${JSON.stringify(figures, null, 2)}\n`);
  if (api.database.kind === 'postgres') process.stdout.write(`waits for the database per call:\n${JSON.stringify(roundTrips, null, 2)}\n`);
  await api.close();
});

/** The statements `call` sends; listed when STATEMENTS is set. */
async function measure<T>(scenario: string, name: string, call: () => Promise<T>): Promise<T> {
  counter.take();
  counter.takeRoundTrips();
  const result = await call();
  const sent = counter.take();
  const trips = counter.takeRoundTrips();
  (figures[scenario] ??= {})[name] = sent.length;
  (statementsSent[scenario] ??= {})[name] = sent;
  const bound = BOUNDS[scenario]?.[name];
  if (bound !== undefined) expect(sent.length, `${scenario}: ${name}\n${sent.join('\n')}`).toBeLessThanOrEqual(bound);
  if (api.database.kind === 'postgres') {
    (roundTrips[scenario] ??= {})[name] = trips;
    const most = ROUND_TRIP_BOUNDS[scenario]?.[name];
    if (most !== undefined) expect(trips, `${scenario}: ${name}, waits for the database`).toBeLessThanOrEqual(most);
  }
  if (process.env.STATEMENTS) process.stdout.write(`── ${scenario}: ${name} (${sent.length})\n${sent.map((text) => `  ${text.slice(0, 220)}`).join('\n')}\n`);
  return result;
}

async function checkoutOf(scenario: string, options: { accessToken?: string; quantity: number; code?: string }) {
  const getAccessToken = options.accessToken ? () => options.accessToken! : undefined;
  const basket = createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken });
  const checkout = createCheckoutClient({ baseUrl: api.serviceUrl('checkout'), getAccessToken });
  const { basketId } = await basket.createBasketWithItems({ body: { items: [{ sku: sku.sku, quantity: options.quantity }] } });
  const params = { basketId };
  if (options.code) await basket.addDiscount({ params, body: { code: options.code } });
  const step = <T>(name: string, call: () => Promise<T>) => measure(scenario, name, call);
  // One more of the line's sku: its stock checked (the basket and the offering's facts are kept), and the basket saved.
  await step('addItem', () => basket.addItem({ params, body: { sku: sku.sku, quantity: 1 } }));
  await step('setContactDetails', () =>
    checkout.setContactDetails({ params, body: { emailAddress: 'sam@example.com', firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' } }),
  );
  await step('setDeliveryDetails', () =>
    checkout.setDeliveryDetails({ params, body: { address: { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } } }),
  );
  await step('setBillingDetails', () => checkout.setBillingDetails({ params, body: { sameAsDelivery: true } }));
  const ready = await step('setDeliveryOption', () => checkout.setDeliveryOption({ params, body: { code: 'standard' } }));
  await step('getCheckout', () => checkout.getCheckout({ params }));
  const intent = await step('createPaymentIntent', () => checkout.createPaymentIntent({ params, body: {} }));
  expect((await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds })).status).toBe(200);
  const placed = await step('completePayment', () => checkout.completePayment({ params }));
  expect(placed).toMatchObject({ status: 'placed', totalIncVat: ready.totals.totalIncVat });
  await step('completePayment again', () => checkout.completePayment({ params }));
  return { ready, placed };
}

/** The statements between the first BEGIN and its COMMIT. */
function inFirstTransaction(sent: readonly string[]): string[] {
  const begin = sent.findIndex((text) => /^begin/i.test(text));
  const commit = sent.findIndex((text, index) => index > begin && /^commit/i.test(text));
  expect(begin).toBeGreaterThanOrEqual(0);
  return sent.slice(begin + 1, commit);
}

describe('statements per checkout call', () => {
  it('a guest paying for one line, no code', async () => {
    const { ready } = await checkoutOf('guest', { quantity: 2 });
    expect(ready.basket.discount).toBeNull();
  });

  it('a signed-in shopper with a once-per-customer code', async () => {
    const { ready } = await checkoutOf('shopper with WELCOME10', { accessToken: 'alice', quantity: Math.ceil(10_000 / sku.price) + 1, code: 'WELCOME10' });
    expect(ready.basket.discount).toMatchObject({ code: 'WELCOME10', applies: true });
  });

  it('a trade customer paying by card: their trade account is read beside the payment, not in the placing transaction', async () => {
    await onAccountCustomer(api, actors, { name: 'tara', companyNumber: '07654321', reviewer: 'reviewer', verify: false });
    const { ready } = await checkoutOf('trade customer by card', { accessToken: 'tara', quantity: 2 });
    expect(ready.basket.pricing).toMatchObject({ tradePriced: true });
    const placing = inFirstTransaction(statementsSent['trade customer by card']!.completePayment!);
    // The order is counted for the business in the transaction (its trade order row), from the account read before it.
    expect(placing.filter((text) => /insert into "trade_orders"/.test(text))).toHaveLength(1);
    expect(placing.filter((text) => /from "trade_accounts"/.test(text))).toEqual([]);
  });
});
