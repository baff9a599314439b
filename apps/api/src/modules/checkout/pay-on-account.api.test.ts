import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { lockInOwnTransaction, lockWaits } from '../../testing/held-locks.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { onAccountBasket, onAccountClients, onAccountCustomer } from '../trade-credit/testing.ts';

/**
 * Paying on account at checkout with the credit sandbox: offered beside the card only when the
 * provider would approve the order, each refusal said with what to do, nothing placed or held
 * without its approval; dispatch starts the 30-day term, cancellation credits the account; and on
 * PostgreSQL, two orders racing for the last of a business's credit, and checkout completed while
 * the provider is still checking the order.
 */
let api: TestApi;
let offsetMs = 0;
const actors: Record<string, Actor> = {
  reviewer: { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
  staff: { userId: 'user-staff', name: 'Sam Staff', roles: ['order-admin'] },
  rob: { userId: 'user-rob', email: 'rob@retail.example', name: 'Rob Retail', roles: ['shopper'] },
};
const as = (name: string) => ({
  ...onAccountClients(() => api)(name),
  orders: createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => name }),
});

/** Trade customers, each a limited company whose number makes the sandbox behave one way (sandbox-companies.ts). */
const COMPANIES: Record<string, string> = {
  ada: '07654321', // approved on £5,000, up to £2,500 an order
  ben: '99000040', // £500 of £1,000 left, up to £500 an order
  cal: '99000050', // orders checked for a while before approval
  dot: '99000003', // declined (a low credit score)
  eve: '07654322', // approved, never verified with the provider
};

const tradeCustomer = (name: string, companyNumber: string, verify = true) =>
  onAccountCustomer(api, actors, { name, companyNumber, reviewer: 'reviewer', verify });
const readyBasket = (name: string, sku: string, quantity = 1) => onAccountBasket(api, name, sku, quantity);

const rows = async <T>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const holdsOf = async (basketId: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from stock_reservations where basket_id = ${basketId} and state = 'held'`))[0]!.n;
const ordersOf = async (basketId: string) => (await rows<{ n: number }>(sql`select count(*)::int as n from orders where basket_id = ${basketId}`))[0]!.n;

let parcel: string;
let dear: { sku: string; price: number };

beforeAll(async () => {
  api = await startTestApi({
    clock: { now: () => new Date(Date.now() + offsetMs) },
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  for (const [name, number] of Object.entries(COMPANIES)) await tradeCustomer(name, number, name !== 'eve');
  parcel = (
    await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 30000 and 40000 and s.on_hand >= 20`,
    )
  ).sku;
  dear = await findSeededSku(
    api.database.db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 30 and pr.price_inc_vat > 40000`,
  );
  // Five trade accounts applied for, approved and verified: slow on a busy machine.
}, 180_000);
afterAll(() => api.close());

describe('paying on account at checkout', () => {
  it('is offered beside the card with the credit available, places the order with the provider’s id once, and takes the credit', async () => {
    const ada = as('ada');
    const { params, total } = await readyBasket('ada', parcel);
    const options = await ada.checkout.getPaymentOptions({ params });
    expect(options.onAccount).toMatchObject({ offered: true, termDays: 30, availablePence: 500_000, maxSingleOrderPence: 250_000, refusal: null });
    expect(options.onAccount!.message).toContain('due 30 days after we dispatch it');

    const [placed, again] = await Promise.all([ada.checkout.payOnAccount({ params }), ada.checkout.payOnAccount({ params })]);
    expect(again).toEqual(placed);
    expect(placed.totalIncVat).toBe(total);
    expect(await ada.checkout.payOnAccount({ params })).toEqual(placed);
    const order = await as('staff').orders.getOrderForStaff({ params: { orderNumber: placed.orderNumber } });
    expect(order.payment).toMatchObject({ method: 'on_account', capturedPence: total });
    const [linked] = await rows<{ provider_order_id: string; state: string; amount_pence: number; due_date: string | null }>(
      sql`select c.provider_order_id, c.state, c.amount_pence, c.due_date from trade_credit_orders c join orders o on o.id = c.order_id
          where o.order_number = ${placed.orderNumber}`,
    );
    expect(linked).toMatchObject({ state: 'VERIFIED', amount_pence: total, due_date: null });
    expect(await holdsOf(params.basketId)).toBe(0);
    expect((await ada.credit.getMerchantCustomerUser()).credit!.availablePence).toBe(500_000 - total);

    // Dispatched: the provider is told, and the invoice is due 30 days after.
    offsetMs = 0;
    await as('staff').orders.advanceOrder({
      params: { orderNumber: placed.orderNumber },
      body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' },
    });
    const [fulfilled] = await rows<{ state: string; due_date: string; fulfilled_at: Date }>(
      sql`select state, due_date::text, fulfilled_at from trade_credit_orders where provider_order_id = ${linked!.provider_order_id}`,
    );
    expect(fulfilled!.state).toBe('FULFILLED');
    const due = new Date(fulfilled!.fulfilled_at);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(Math.abs(new Date(`${fulfilled!.due_date}T12:00:00Z`).getTime() - due.getTime())).toBeLessThan(86_400_000);

    // A part refund after dispatch credits the account.
    await as('staff').orders.refundOrder({
      params: { orderNumber: placed.orderNumber },
      body: { amountPence: 1_000, reason: 'Goodwill', alreadyRefundedPence: 0 },
    });
    expect((await ada.credit.getMerchantCustomerUser()).credit!.availablePence).toBe(500_000 - total + 1_000);
  });

  it('gives the credit back when an order on account is cancelled before dispatch', async () => {
    const ada = as('ada');
    const before = (await ada.credit.getMerchantCustomerUser()).credit!.availablePence;
    const { params, total } = await readyBasket('ada', parcel);
    const placed = await ada.checkout.payOnAccount({ params });
    expect((await ada.credit.getMerchantCustomerUser()).credit!.availablePence).toBe(before - total);
    const cancelled = await as('staff').orders.cancelOrder({ params: { orderNumber: placed.orderNumber }, body: { reason: 'Customer rang to cancel' } });
    expect(cancelled.status).toBe('cancelled');
    expect((await ada.credit.getMerchantCustomerUser()).credit!.availablePence).toBe(before);
    const [row] = await rows<{ state: string; refunded_pence: number }>(
      sql`select c.state, c.refunded_pence from trade_credit_orders c join orders o on o.id = c.order_id where o.order_number = ${placed.orderNumber}`,
    );
    // Cancelled at the provider (Two's cancel: nothing was invoiced), not refunded (decision 0110).
    expect(row).toEqual({ state: 'CANCELLED', refunded_pence: 0 });
  });
});

describe('every refusal says why and what to do, and places and holds nothing', () => {
  it('above the single-order maximum', async () => {
    const quantity = Math.ceil(260_000 / dear.price) + 1;
    const { params } = await readyBasket('ada', dear.sku, quantity);
    const options = await as('ada').checkout.getPaymentOptions({ params });
    expect(options.onAccount).toMatchObject({ offered: false, refusal: 'over_single_order_limit' });
    expect(options.onAccount!.message).toMatch(/^Two allow orders of up to £2,500 on account; this one is £[\d,.]+\. Pay by card, or split it/);
    const refused = await failure(as('ada').checkout.payOnAccount({ params }));
    expect([refused.status, refused.code, (refused.data as { refusal: string }).refusal]).toEqual([422, 'CREDIT_ORDER_REFUSED', 'over_single_order_limit']);
    expect(await holdsOf(params.basketId)).toBe(0);
    expect(await ordersOf(params.basketId)).toBe(0);
  });

  it('a declined company, and a user not yet verified with the provider, are told and can pay by card', async () => {
    const declined = await readyBasket('dot', parcel);
    const dot = await as('dot').checkout.getPaymentOptions({ params: declined.params });
    expect(dot.onAccount).toMatchObject({ offered: false, refusal: 'business_declined', availablePence: 0 });
    expect(dot.onAccount!.message).toContain('Pay by card');
    expect(dot.card.provider).toBe('sandbox');
    expect((await failure(as('dot').checkout.payOnAccount({ params: declined.params }))).code).toBe('CREDIT_ORDER_REFUSED');

    const unverified = await readyBasket('eve', parcel);
    const eve = await as('eve').checkout.getPaymentOptions({ params: unverified.params });
    expect(eve.onAccount).toMatchObject({ offered: false, refusal: 'not_verified' });
    const refused = await failure(as('eve').checkout.payOnAccount({ params: unverified.params }));
    expect((refused.data as { refusal: string }).refusal).toBe('not_verified');
    expect(await holdsOf(unverified.params.basketId)).toBe(0);
  });

  it('a retail basket is never on account', async () => {
    actors.rob = { ...actors.rob!, roles: ['shopper'] };
    const { params } = await readyBasket('rob', parcel);
    expect((await as('rob').checkout.getPaymentOptions({ params })).onAccount).toBeNull();
    const refused = await failure(as('rob').checkout.payOnAccount({ params }));
    expect([refused.status, refused.code]).toEqual([422, 'CHECKOUT_ON_ACCOUNT_TRADE_ONLY']);
    expect(await holdsOf(params.basketId)).toBe(0);
  });

  it('a basket still missing a step is not offered on account and cannot be paid for on it', async () => {
    const { basketId } = await as('ada').basket.createBasketWithItems({ body: { items: [{ sku: parcel, quantity: 1 }] } });
    expect((await as('ada').checkout.getPaymentOptions({ params: { basketId } })).onAccount).toBeNull();
    expect((await failure(as('ada').checkout.payOnAccount({ params: { basketId } }))).code).toBe('CHECKOUT_STEPS_MISSING');
  });
});

describe('races on the provider’s approval', () => {
  it('two orders racing for the last of a business’s credit: one is placed, the other refused, never both beyond the limit', async () => {
    const ben = as('ben');
    const first = await readyBasket('ben', parcel);
    const second = await readyBasket('ben', parcel);
    expect(first.total).toBeLessThanOrEqual(50_000);
    expect(first.total + second.total).toBeGreaterThan(50_000);
    expect((await ben.checkout.getPaymentOptions({ params: second.params })).onAccount!.offered).toBe(true);
    const outcomes = await Promise.allSettled([ben.checkout.payOnAccount({ params: first.params }), ben.checkout.payOnAccount({ params: second.params })]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    const refused = await failure(Promise.reject(lost.reason));
    expect([refused.code, (refused.data as { refusal: string }).refusal]).toEqual(['CREDIT_ORDER_REFUSED', 'over_available_credit']);
    expect((refused.data as { detail: string }).detail).toMatch(/is more than the £[\d.,]+ of credit you have left with Two/);
    expect((await ordersOf(first.params.basketId)) + (await ordersOf(second.params.basketId))).toBe(1);
    const credit = (await ben.credit.getMerchantCustomerUser()).credit!;
    const won = outcomes[0]!.status === 'fulfilled' ? first : second;
    expect(credit.availablePence).toBe(50_000 - won.total);
  });

  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'a second request that read the basket before the first placed it holds nothing once it finds the order',
    async () => {
      const ada = as('ada');
      const { params } = await readyBasket('ada', parcel);
      // The first request is stopped at the basket's removal; the second is let in behind it and
      // stopped at the trade terms, after reading the basket, before holding its stock.
      const basketLock = await lockInOwnTransaction(api.database.db, sql`select 1 from baskets where id = ${params.basketId} for update`);
      const first = ada.checkout.payOnAccount({ params });
      await lockWaits(api.database.db, 1);
      const termsLock = await lockInOwnTransaction(api.database.db, sql`lock table trade_terms in access exclusive mode`);
      const second = ada.checkout.payOnAccount({ params });
      await lockWaits(api.database.db, 2);
      await basketLock();
      const placed = await first;
      await termsLock();
      expect(await second).toEqual(placed);
      expect(await holdsOf(params.basketId)).toBe(0);
    },
  );

  it('checkout completed while the provider is still checking the order: nothing is placed until it approves', async () => {
    const cal = as('cal');
    const { params, total } = await readyBasket('cal', parcel);
    const pending = await Promise.allSettled([cal.checkout.payOnAccount({ params }), cal.checkout.payOnAccount({ params })]);
    for (const outcome of pending) {
      const refused = await failure(outcome.status === 'rejected' ? Promise.reject(outcome.reason) : Promise.resolve(outcome.value));
      expect([refused.status, refused.code]).toEqual([409, 'CREDIT_ORDER_PENDING']);
    }
    expect(await ordersOf(params.basketId)).toBe(0);
    expect(await holdsOf(params.basketId)).toBe(0);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from credit_sandbox_orders where merchant_reference = ${params.basketId}`))[0]!.n).toBe(1);

    offsetMs += 6_000;
    const placed = await cal.checkout.payOnAccount({ params });
    expect(placed.totalIncVat).toBe(total);
    expect(await ordersOf(params.basketId)).toBe(1);
  });
});
