/**
 * Cancelling and refunding real orders: placed through checkout with a sandbox payment, stock held
 * and committed, and (for one) a single-use discount code; then cancelled or refunded by staff, with
 * the provider refusing, not answering, or answering twice, and the webhook arriving before or after.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAccountsClient,
  createBasketClient,
  createCheckoutClient,
  createDiscountsClient,
  createOrdersClient,
  createOrderTrackingClient,
  type ApiError,
  type OrdersClient,
} from '@shop/api-client';
import type { Order } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { invariantViolations } from '../../testing/order-invariants.ts';
import { readyToPay } from '../../testing/ready-to-pay.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createInventoryService } from '../inventory/index.ts';
import { readOutbox } from '../notifications/testing.ts';
import { PaymentErrors } from '../payments/index.ts';
import { confirmLikeTheFrame, deliverSandboxWebhooks, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';

let api: TestApi;
let sku: SeededSku;
let staff: OrdersClient;
const actors: Record<string, Actor> = {
  staff: { userId: 'user-staff', roles: ['shopper', 'order-admin'] },
  alice: { userId: 'user-alice', roles: ['shopper'] },
  manager: { userId: 'user-manager', roles: ['shopper', 'discount-manager'] },
};
const guest = () => ({
  basket: createBasketClient({ baseUrl: api.serviceUrl('basket') }),
  checkout: createCheckoutClient({ baseUrl: api.serviceUrl('checkout') }),
});
let emailCount = 0;

beforeAll(async () => {
  api = await startTestApi({
    // Webhooks are delivered by hand, so a test says when the provider's events arrive.
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  staff = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
  sku = await findSeededSku(
    api.database.db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`,
  );
});
afterAll(() => api.close());
afterEach(async () => {
  vi.restoreAllMocks();
  // After every test: no order, payment, stock or code breaks the money and stock rules.
  const broken = { ...(await invariantViolations(api.database.db)), stock: await createInventoryService().stockInvariantViolations(api.database) };
  if (Object.keys(broken).length > 1 || broken.stock.length > 0) throw new Error(`Invariants broken: ${JSON.stringify(broken)}`);
});

/** A guest order through checkout: basket, details, standard delivery, a sandbox payment with 4242. */
async function placeOrder(options: { quantity?: number; discountCode?: string } = {}) {
  const client = guest();
  emailCount += 1;
  const email = `refunds-${emailCount}@example.com`;
  const { basketId } = await client.basket.createBasketWithItems({ body: { items: [{ sku: sku.sku, quantity: options.quantity ?? 2 }] } });
  const params = { basketId };
  if (options.discountCode) await client.basket.addDiscount({ params, body: { code: options.discountCode } });
  await client.checkout.setContactDetails({ params, body: { emailAddress: email, firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' } });
  await client.checkout.setDeliveryDetails({ params, body: { address: { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } } });
  await client.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
  await client.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
  const intent = await client.checkout.createPaymentIntent({ params, body: {} });
  await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
  const placed = await client.checkout.completePayment({ params });
  return { ...placed, email, intentId: intent.intentId, params: { orderNumber: placed.orderNumber } };
}

const stockOf = async (code: string) => {
  const result = (await api.database.db.execute(sql`select on_hand, committed, reserved from stock_counts where sku = ${code}`)) as unknown as {
    rows: { on_hand: number; committed: number; reserved: number }[];
  };
  const row = result.rows[0]!;
  return { onHand: Number(row.on_hand), committed: Number(row.committed), reserved: Number(row.reserved) };
};
const refundedAtGateway = async (intentId: string) => (await sandboxGateway(api.app).retrieveIntent(intentId))!.amountRefundedPence;
const gatewayRefundCount = async (intentId: string) => {
  const result = (await api.database.db.execute(sql`select count(*)::int as n from sandbox_refunds where intent_id = ${intentId}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]!.n);
};
const emails = (to: string, template: string) => readOutbox(api.database.db, { to, template });
const dispatch = (orderNumber: string) =>
  staff.advanceOrder({ params: { orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' } });
const webhooks = () => deliverSandboxWebhooks(api.app);
/** The provider's refund works, and then its answer is lost on the way back. */
const answerLost = () => {
  const gateway = sandboxGateway(api.app);
  const refund = gateway.refund.bind(gateway);
  return vi.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
    await refund(...args);
    throw PaymentErrors.gatewayUnavailable('the connection was reset');
  });
};

describe('cancelling an order before dispatch', () => {
  it('refunds the whole payment, returns the stock and the single-use code, records it and e-mails the customer', async () => {
    const discounts = createDiscountsClient({ baseUrl: api.serviceUrl('discounts'), getAccessToken: () => 'manager' });
    const now = Date.now();
    await discounts.createDiscount({
      body: {
        promotionCode: 'SORRY10',
        description: '10% off',
        channels: [100],
        targetType: 201,
        discountType: 1,
        value: 1000,
        startsAt: new Date(now - 86_400_000).toISOString(),
        endsAt: new Date(now + 30 * 86_400_000).toISOString(),
        requiresIssueCode: true,
        issueCodeCount: 2,
      },
    });
    const code = (await discounts.getDiscount({ params: { promotionCode: 'SORRY10', issueCode: 'SORRY10' } })).issueCodes[0]!.code;
    const before = await stockOf(sku.sku);
    const order = await placeOrder({ quantity: 3, discountCode: code });
    expect(await stockOf(sku.sku)).toEqual({ ...before, committed: before.committed + 3 });
    expect((await discounts.getDiscount({ params: { promotionCode: 'SORRY10', issueCode: code } })).issueCode).toMatchObject({ status: 'claimed' });
    await staff.advanceOrder({ params: order.params, body: { status: 'picking' } });

    const cancelled = await staff.cancelOrder({ params: order.params, body: { reason: 'Customer rang to cancel' } });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', capturedPence: order.totalIncVat, refundedPence: order.totalIncVat, refundablePence: 0 },
      refunds: [{ kind: 'cancellation', amountPence: order.totalIncVat, state: 'succeeded', reason: 'Customer rang to cancel', failure: null }],
    });
    expect(cancelled.history.at(-1)).toMatchObject({ status: 'cancelled', kind: 'status' });
    expect(cancelled.history.at(-1)!.note).toContain('Customer rang to cancel');
    expect(cancelled.history.at(-1)!.note).toContain(`Discount code ${code} given back`);

    // The money, at the provider; the stock, available again; the code, usable again.
    expect(await refundedAtGateway(order.intentId)).toBe(order.totalIncVat);
    expect(await stockOf(sku.sku)).toEqual(before);
    expect((await discounts.getDiscount({ params: { promotionCode: 'SORRY10', issueCode: code } })).issueCode).toMatchObject({
      status: 'available',
      claimId: null,
    });
    const next = guest();
    const { basketId } = await next.basket.createBasketWithItems({ body: { items: [{ sku: sku.sku, quantity: 1 }] } });
    expect((await next.basket.addDiscount({ params: { basketId }, body: { code } })).discount).toMatchObject({ applies: true });

    const [email] = await emails(order.email, 'order.cancelled');
    expect(email!.subject).toBe(`Your order ${order.orderNumber} has been cancelled`);
    expect(email!.text).toContain(`3 × `);
    expect(email!.text).toMatch(/We have refunded £[\d,.]+ to your Visa ending 4242/);
    expect(email!.text).toContain(`Your discount code ${code} can be used again`);
    expect(email!.text).not.toContain('Customer rang to cancel');
    expect(email!.html).toContain('has been cancelled');

    // What the customer sees: cancelled, the refund, and no staff reasons.
    const tracked = await createOrderTrackingClient({ baseUrl: api.serviceUrl('order-tracking') }).trackOrder({
      params: { orderNumber: order.orderNumber, emailAddress: order.email },
    });
    expect(tracked).toMatchObject({ status: 'cancelled', refundedPence: order.totalIncVat });
    expect(tracked.history.every((entry) => entry.note === null)).toBe(true);

    // Nothing more can happen to it, and the provider's late event changes nothing.
    expect(await failure(staff.cancelOrder({ params: order.params, body: { reason: 'Again' } }))).toMatchObject({
      status: 409,
      code: 'ORDER_ALREADY_CANCELLED',
    });
    expect(
      await failure(staff.refundOrder({ params: order.params, body: { amountPence: 100, reason: 'Goodwill', alreadyRefundedPence: order.totalIncVat } })),
    ).toMatchObject({ status: 409, code: 'ORDER_NOT_REFUNDABLE' });
    expect(await failure(dispatch(order.orderNumber))).toMatchObject({ status: 409, code: 'ORDER_STATUS_NOT_ALLOWED' });
    expect((await webhooks()).delivered).toBeGreaterThan(0);
    expect(await staff.getOrderForStaff({ params: order.params })).toEqual(cancelled);
    expect(await emails(order.email, 'order.cancelled')).toHaveLength(1);
  });

  it('is refused once the order is dispatched: that is a refund', async () => {
    const order = await placeOrder();
    await dispatch(order.orderNumber);
    const error = await failure(staff.cancelOrder({ params: order.params, body: { reason: 'Too late' } }));
    expect(error).toMatchObject({ status: 409, code: 'ORDER_NOT_CANCELLABLE' });
    expect(error.message).toContain('refund it instead');
    expect(await refundedAtGateway(order.intentId)).toBe(0);
  });

  it('two cancellations at once make one refund, one e-mail and one return of stock', async () => {
    const before = await stockOf(sku.sku);
    const order = await placeOrder();
    const outcomes = await Promise.allSettled([
      staff.cancelOrder({ params: order.params, body: { reason: 'Double click' } }),
      staff.cancelOrder({ params: order.params, body: { reason: 'Double click' } }),
    ]);
    const answers = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.status : (outcome.reason as ApiError).code));
    expect(answers).toContain('cancelled');
    for (const answer of answers) expect(['cancelled', 'ORDER_ALREADY_CANCELLED', 'ORDER_REFUND_IN_PROGRESS']).toContain(answer);
    expect((await staff.getOrderForStaff({ params: order.params })).refunds).toHaveLength(1);
    expect(await gatewayRefundCount(order.intentId)).toBe(1);
    expect(await refundedAtGateway(order.intentId)).toBe(order.totalIncVat);
    expect(await emails(order.email, 'order.cancelled')).toHaveLength(1);
    expect(await stockOf(sku.sku)).toEqual(before);
  });
});

describe('refunding after dispatch', () => {
  it('dispatching e-mails the carrier, tracking number and items', async () => {
    const order = await placeOrder();
    expect(
      await failure(staff.refundOrder({ params: order.params, body: { amountPence: 500, reason: 'Not yet sent', alreadyRefundedPence: 0 } })),
    ).toMatchObject({
      status: 409,
      code: 'ORDER_NOT_REFUNDABLE',
    });
    await dispatch(order.orderNumber);
    await dispatch(order.orderNumber).catch(() => {});
    const sent = await emails(order.email, 'order.dispatched');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your order ${order.orderNumber} is on its way`);
    expect(sent[0]!.text).toContain('Tracking number: 15501234567890');
    expect(sent[0]!.text).toContain('DPD');
    expect(sent[0]!.text).toContain('2 × ');
    expect(sent[0]!.html).toContain('https://track.dpd.co.uk/parcels/15501234567890');
  });

  it('refunds in part (status kept, history noted), refuses more than remains, and in full moves the order to refunded', async () => {
    const order = await placeOrder();
    await dispatch(order.orderNumber);
    await staff.advanceOrder({ params: order.params, body: { status: 'delivered' } });

    const part = await staff.refundOrder({ params: order.params, body: { amountPence: 1_000, reason: 'Scratched on arrival', alreadyRefundedPence: 0 } });
    expect(part).toMatchObject({
      status: 'delivered',
      payment: { status: 'partially_refunded', refundedPence: 1_000, refundablePence: order.totalIncVat - 1_000 },
      refunds: [{ kind: 'refund', amountPence: 1_000, state: 'succeeded', reason: 'Scratched on arrival' }],
    });
    expect(part.history.at(-1)).toMatchObject({ status: 'delivered', kind: 'refund', note: 'Partial refund: £10. Scratched on arrival' });
    const [partEmail] = await emails(order.email, 'order.refunded');
    expect(partEmail!.subject).toBe(`We have refunded £10 for order ${order.orderNumber}`);
    expect(partEmail!.text).toContain(`In all we have refunded £10 of the `);

    // More than remains, nothing, or no reason: refused, and nothing moved.
    const tooMuch = await failure(
      staff.refundOrder({ params: order.params, body: { amountPence: order.totalIncVat, reason: 'All of it', alreadyRefundedPence: 1_000 } }),
    );
    expect(tooMuch).toMatchObject({ status: 422, code: 'ORDER_REFUND_TOO_LARGE' });
    expect((tooMuch.data as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ path: 'body.amountPence' })]);
    expect(await failure(staff.refundOrder({ params: order.params, body: { amountPence: 0, reason: 'Nothing', alreadyRefundedPence: 1_000 } }))).toMatchObject({
      status: 400,
    });
    expect(await failure(staff.refundOrder({ params: order.params, body: { amountPence: 100, reason: ' ', alreadyRefundedPence: 1_000 } }))).toMatchObject({
      status: 400,
    });
    expect(await refundedAtGateway(order.intentId)).toBe(1_000);
    // A second click on the first refund, after it went through: the caller saw nothing refunded yet.
    expect(
      await failure(staff.refundOrder({ params: order.params, body: { amountPence: 1_000, reason: 'Scratched on arrival', alreadyRefundedPence: 0 } })),
    ).toMatchObject({
      status: 409,
      code: 'ORDER_REFUNDS_CHANGED',
    });
    expect(await refundedAtGateway(order.intentId)).toBe(1_000);

    const rest = order.totalIncVat - 1_000;
    const full = await staff.refundOrder({ params: order.params, body: { amountPence: rest, reason: 'Returned', alreadyRefundedPence: 1_000 } });
    expect(full).toMatchObject({ status: 'refunded', payment: { status: 'refunded', refundedPence: order.totalIncVat, refundablePence: 0 } });
    expect(full.history.at(-1)).toMatchObject({ status: 'refunded', kind: 'status' });
    expect(full.refunds.map((refund) => refund.amountPence)).toEqual([1_000, rest]);
    expect(await refundedAtGateway(order.intentId)).toBe(order.totalIncVat);
    expect(
      await failure(staff.refundOrder({ params: order.params, body: { amountPence: 1, reason: 'Once more', alreadyRefundedPence: order.totalIncVat } })),
    ).toMatchObject({ status: 409, code: 'ORDER_NOT_REFUNDABLE' });
    expect(await failure(staff.advanceOrder({ params: order.params, body: { status: 'delivered' } }))).toMatchObject({ status: 409 });

    // The provider's two charge.refunded events arrive after the answers: counted once.
    expect((await webhooks()).delivered).toBeGreaterThanOrEqual(2);
    expect(await staff.getOrderForStaff({ params: order.params })).toEqual(full);
    expect(await emails(order.email, 'order.refunded')).toHaveLength(2);
  });

  it('a double click on the same refund refunds once; a retry with the same Idempotency-Key replays the answer', async () => {
    const order = await placeOrder();
    await dispatch(order.orderNumber);
    const body = { amountPence: 700, reason: 'Goodwill', alreadyRefundedPence: 0 };
    const [first, second] = await Promise.allSettled([staff.refundOrder({ params: order.params, body }), staff.refundOrder({ params: order.params, body })]);
    const answers = [first, second].map((outcome) =>
      outcome.status === 'fulfilled' ? outcome.value.payment.refundedPence : (outcome.reason as ApiError).code,
    );
    expect(answers).toContain(700);
    // The second waits its turn: it carries on the first (same answer), finds it still running, or finds it done.
    for (const answer of answers) expect([700, 'ORDER_REFUND_IN_PROGRESS', 'ORDER_REFUNDS_CHANGED']).toContain(answer);
    expect(await refundedAtGateway(order.intentId)).toBe(700);
    expect(await gatewayRefundCount(order.intentId)).toBe(1);

    const headers = { 'idempotency-key': `refund-${order.orderNumber}` };
    const again = { amountPence: 300, reason: 'Goodwill', alreadyRefundedPence: 700 };
    const answered = await staff.refundOrder({ params: order.params, body: again }, { headers });
    expect(await staff.refundOrder({ params: order.params, body: again }, { headers })).toEqual(answered);
    expect(answered.refunds.filter((refund) => refund.amountPence === 300)).toHaveLength(1);
  });
});

describe('when the payment provider refuses or does not answer', () => {
  it('a refusal changes nothing and says so (502 with a stable code); trying again works', async () => {
    const before = await stockOf(sku.sku);
    const order = await placeOrder();
    vi.spyOn(sandboxGateway(api.app), 'refund').mockRejectedValueOnce(new AppError(422, 'PAYMENT_REQUEST_REFUSED', 'The charge is disputed.'));
    const error = await failure(staff.cancelOrder({ params: order.params, body: { reason: 'Customer asked' } }));
    expect(error).toMatchObject({ status: 502, code: 'ORDER_REFUND_REFUSED' });
    expect(error.message).toContain('The charge is disputed');
    const after = await staff.getOrderForStaff({ params: order.params });
    expect(after).toMatchObject({
      status: 'placed',
      payment: { refundedPence: 0, refundablePence: order.totalIncVat },
      refunds: [{ state: 'failed', failure: 'The charge is disputed.' }],
    });
    expect(await stockOf(sku.sku)).toEqual({ ...before, committed: before.committed + 2 });
    expect(await emails(order.email, 'order.cancelled')).toEqual([]);

    // A new attempt has its own key: the refused one is not replayed.
    expect(await staff.cancelOrder({ params: order.params, body: { reason: 'Customer asked' } })).toMatchObject({ status: 'cancelled' });
    expect(await gatewayRefundCount(order.intentId)).toBe(1);
    expect(await stockOf(sku.sku)).toEqual(before);
  });

  it('no answer leaves the cancellation pending and holds the order; retrying finishes it with one refund', async () => {
    const order = await placeOrder();
    vi.spyOn(sandboxGateway(api.app), 'refund').mockRejectedValueOnce(PaymentErrors.gatewayUnavailable('timed out'));
    expect(await failure(staff.cancelOrder({ params: order.params, body: { reason: 'Out of stock at supplier' } }))).toMatchObject({
      status: 502,
      code: 'ORDER_REFUND_UNCONFIRMED',
    });
    expect(await staff.getOrderForStaff({ params: order.params })).toMatchObject({
      status: 'placed',
      payment: { refundablePence: 0 },
      refunds: [{ state: 'pending' }],
    });
    expect(await failure(dispatch(order.orderNumber))).toMatchObject({ status: 409, code: 'ORDER_REFUND_IN_PROGRESS' });

    const done = await staff.cancelOrder({ params: order.params, body: { reason: 'Out of stock at supplier' } });
    expect(done).toMatchObject({ status: 'cancelled', refunds: [{ state: 'succeeded', amountPence: order.totalIncVat }] });
    expect(await gatewayRefundCount(order.intentId)).toBe(1);
  });

  it('a refund whose answer was lost is settled by the provider’s webhook, once, and a retry then finds it done', async () => {
    const before = await stockOf(sku.sku);
    const order = await placeOrder();
    answerLost();
    expect(await failure(staff.cancelOrder({ params: order.params, body: { reason: 'Duplicate order' } }))).toMatchObject({
      status: 502,
      code: 'ORDER_REFUND_UNCONFIRMED',
    });
    expect(await refundedAtGateway(order.intentId)).toBe(order.totalIncVat);
    expect((await staff.getOrderForStaff({ params: order.params })).status).toBe('placed');

    expect((await webhooks()).delivered).toBeGreaterThan(0);
    const settled = await staff.getOrderForStaff({ params: order.params });
    expect(settled).toMatchObject({
      status: 'cancelled',
      payment: { refundedPence: order.totalIncVat },
      refunds: [{ kind: 'cancellation', state: 'succeeded' }],
    });
    expect(await stockOf(sku.sku)).toEqual(before);
    expect(await emails(order.email, 'order.cancelled')).toHaveLength(1);
    expect(await failure(staff.cancelOrder({ params: order.params, body: { reason: 'Duplicate order' } }))).toMatchObject({
      status: 409,
      code: 'ORDER_ALREADY_CANCELLED',
    });
    expect(await gatewayRefundCount(order.intentId)).toBe(1);
  });

  it('a partial refund left pending blocks a different one, and its retry replays the provider’s refund', async () => {
    const order = await placeOrder();
    await dispatch(order.orderNumber);
    answerLost();
    const body = { amountPence: 1_234, reason: 'Late delivery', alreadyRefundedPence: 0 };
    expect(await failure(staff.refundOrder({ params: order.params, body }))).toMatchObject({ status: 502, code: 'ORDER_REFUND_UNCONFIRMED' });
    const other = await failure(staff.refundOrder({ params: order.params, body: { amountPence: 500, reason: 'Something else', alreadyRefundedPence: 0 } }));
    expect(other).toMatchObject({ status: 409, code: 'ORDER_REFUND_IN_PROGRESS' });
    expect(other.message).toContain('£12.34');
    const done = await staff.refundOrder({ params: order.params, body });
    expect(done).toMatchObject({ status: 'dispatched', payment: { refundedPence: 1_234 }, refunds: [{ state: 'succeeded', amountPence: 1_234 }] });
    expect(await gatewayRefundCount(order.intentId)).toBe(1);
    await webhooks();
    expect((await staff.getOrderForStaff({ params: order.params })).payment.refundedPence).toBe(1_234);
  });

  it('money refunded at the provider directly is recorded from its webhook, and the customer told', async () => {
    const order = await placeOrder();
    await dispatch(order.orderNumber);
    await sandboxGateway(api.app).refund(order.intentId, 250, `dashboard-${order.orderNumber}`);
    await webhooks();
    const seen: Order = await staff.getOrderForStaff({ params: order.params });
    expect(seen).toMatchObject({
      status: 'dispatched',
      payment: { refundedPence: 250 },
      refunds: [{ kind: 'external', amountPence: 250, state: 'succeeded' }],
    });
    expect(seen.history.at(-1)).toMatchObject({ kind: 'refund', status: 'dispatched' });
    expect(await emails(order.email, 'order.refunded')).toHaveLength(1);
  });
});

describe('what the customer sees', () => {
  it('their own order lists the refunds that went through, without staff reasons; a refused one is not there', async () => {
    const ready = await readyToPay(api, sku.sku, 'alice');
    const intent = await ready.checkout.createPaymentIntent({ params: ready.params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const { orderNumber } = await ready.checkout.completePayment({ params: ready.params });
    const params = { orderNumber };
    await dispatch(orderNumber);
    vi.spyOn(sandboxGateway(api.app), 'refund').mockRejectedValueOnce(new AppError(422, 'PAYMENT_REQUEST_REFUSED', 'The charge is disputed.'));
    expect(await failure(staff.refundOrder({ params, body: { amountPence: 300, reason: 'Chipped lid', alreadyRefundedPence: 0 } }))).toMatchObject({
      code: 'ORDER_REFUND_REFUSED',
    });
    await staff.refundOrder({ params, body: { amountPence: 300, reason: 'Chipped lid', alreadyRefundedPence: 0 } });

    const mine = await createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => 'alice' }).getMyOrder({ params });
    expect(mine).toMatchObject({ status: 'dispatched', payment: { cardLast4: '4242', refundedPence: 300 }, tracking: { carrier: 'DPD' } });
    expect(mine.refunds).toEqual([expect.objectContaining({ kind: 'refund', amountPence: 300, state: 'succeeded', reason: null, failure: null })]);
    expect(mine.history.every((entry) => entry.note === null)).toBe(true);
    expect((await staff.getOrderForStaff({ params })).refunds.map((refund) => refund.state)).toEqual(['failed', 'succeeded']);
  });
});

describe('who may', () => {
  it('only order administrators cancel and refund: a shopper is 403, nobody signed in 401', async () => {
    const order = await placeOrder();
    const shopper = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'alice' });
    const anonymous = createOrdersClient({ baseUrl: api.serviceUrl('orders') });
    expect(await failure(shopper.cancelOrder({ params: order.params, body: { reason: 'Mine' } }))).toMatchObject({ status: 403 });
    expect(await failure(shopper.refundOrder({ params: order.params, body: { amountPence: 100, reason: 'Mine', alreadyRefundedPence: 0 } }))).toMatchObject({
      status: 403,
    });
    expect(await failure(anonymous.cancelOrder({ params: order.params, body: { reason: 'Mine' } }))).toMatchObject({ status: 401 });
    expect(await failure(staff.cancelOrder({ params: { orderNumber: 'BP99999999' }, body: { reason: 'Nobody' } }))).toMatchObject({ status: 404 });
    expect(await refundedAtGateway(order.intentId)).toBe(0);
  });
});
