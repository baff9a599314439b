import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClientFromEndpoints, createOperationsClient, createOrdersClient, createOrderTrackingClient } from '@shop/api-client';
import { customerOrderEndpoints, formatPence, formatPenceShort, helpCentreOrderEndpoints } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { readOutbox } from '../notifications/testing.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import type { OrdersService } from '../orders/index.ts';
import { CreditOrderRefused, CreditProviderUnavailable, type CreditProvider } from './credit-provider.ts';
import { CREDIT_RECOVERY_AFTER_MS, CREDIT_RECOVERY_JOB, CREDIT_RECOVERY_LEASE_MS, CREDIT_WEBHOOK_PATH, type TradeCreditService } from './index.ts';
import { LATE_COPY_MS } from './sandbox-webhooks.ts';
import { onAccountBasket, onAccountClients, onAccountCustomer } from './testing.ts';

/**
 * An order paid on account, given money back through the shop's own paths (decision 0110): staff
 * cancelling it before dispatch (the provider's order cancelled), the customer cancelling it or part
 * of it in the help centre (a part: the provider's order edited to what is left, decision 0153), staff
 * refunding it after dispatch, a return refunded (the provider's refund, only once fulfilled): the provider credits
 * the account at once, so the credit available, the order and staff's timeline show it before any
 * webhook, and the provider's webhooks about it afterwards change nothing more. The same refund twice at
 * once credits once; the provider unreachable leaves nothing half-done and a retry finishes it.
 */
let api: TestApi;
let offsetMs = 0;
const actors: Record<string, Actor> = {
  reviewer: { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
  staff: { userId: 'user-staff', name: 'Sam Staff', roles: ['order-admin'] },
  admin: { userId: 'user-admin', name: 'Ada Admin', roles: ['admin'] },
};
const as = (name: string) => ({
  ...onAccountClients(() => api)(name),
  orders: createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => name }),
  operations: createOperationsClient({ baseUrl: api.serviceUrl('operations'), getAccessToken: () => name }),
  help: createClientFromEndpoints(helpCentreOrderEndpoints, { baseUrl: api.serviceUrl('help-centre'), getAccessToken: () => name }),
  mine: createClientFromEndpoints(customerOrderEndpoints, { baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name }),
});
const now = () => new Date(Date.now() + offsetMs);
const services = () => api.app.composed.services as unknown as { tradeCredit: TradeCreditService; creditProvider: CreditProvider; orders: OrdersService };
/** One pass of the sandbox's webhook sender, as its job runs it. */
const sendDue = () => services().tradeCredit.sendSandboxWebhooks(`${api.origin}${CREDIT_WEBHOOK_PATH}`);
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
let parcel: string;

beforeAll(async () => {
  api = await startTestApi({
    clock: { now },
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  // The standard limit, £5,000 (up to £2,500 an order).
  await onAccountCustomer(api, actors, { name: 'ola', companyNumber: '07670001', reviewer: 'reviewer' });
  parcel = (
    await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 3000 and 10000 and s.on_hand >= 40`,
    )
  ).sku;
}, 180_000);
afterAll(() => api.close());
afterEach(() => vi.restoreAllMocks());

async function placed(quantity = 1) {
  const basket = await onAccountBasket(api, 'ola', parcel, quantity);
  const order = await as('ola').checkout.payOnAccount({ params: basket.params });
  return { orderNumber: order.orderNumber, total: basket.total, params: { orderNumber: order.orderNumber } };
}
const dispatch = (orderNumber: string) =>
  as('staff').orders.advanceOrder({ params: { orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' } });
const available = async () => (await as('ola').credit.getMerchantCustomerUser()).credit!.availablePence;

/** The order as the shop, its record of the provider's order and the sandbox hold it, and the credits kept for it. */
async function accountOf(orderNumber: string) {
  const [row] = await rowsOf<{
    status: string;
    refunded: number;
    state: string;
    shopRefunded: number;
    sandboxState: string;
    sandboxRefunded: number;
    shopAmount: number;
    sandboxAmount: number;
    credits: number;
    account: number;
  }>(sql`
    select o.status, o.refunded_pence as refunded, c.state, c.refunded_pence as "shopRefunded", s.state as "sandboxState",
      s.refunded_pence as "sandboxRefunded", c.amount_pence as "shopAmount", s.amount_pence as "sandboxAmount", c.trade_account_id as account,
      (select count(*)::int from trade_credit_credits k where k.provider_order_id = c.provider_order_id) as credits
    from orders o join trade_credit_orders c on c.order_id = o.id join credit_sandbox_orders s on s.id = c.provider_order_id
    where o.order_number = ${orderNumber}`);
  return row!;
}
/** What staff's timeline of the account says of the order's credits, oldest first. */
async function creditsShown(orderNumber: string) {
  const { account } = await accountOf(orderNumber);
  const timeline = await as('reviewer').credit.getCreditTimeline({ params: { tradeAccountId: account } });
  return timeline.entries
    .filter((entry) => entry.text.includes(orderNumber) && entry.text.includes('credited to the account by Two'))
    .map((entry) => entry.text);
}
/** The provider's webhooks about the order: what each did and how often it came. */
async function webhooksOf(orderNumber: string) {
  const { items } = await as('reviewer').credit.listCreditWebhooks({ query: { pageSize: 50 } });
  return items.filter((item) => item.orderNumber === orderNumber).map(({ type, effect, deliveries }) => ({ type, effect, deliveries }));
}
/** The provider's next `method` credits the account, but its answer never reaches the shop (the call timed out); the real method back. */
function answerLost<M extends 'refundOrder' | 'cancelOrder' | 'updateOrder'>(method: M): CreditProvider[M] {
  const provider = services().creditProvider;
  const real = provider[method].bind(provider) as (...args: unknown[]) => Promise<unknown>;
  vi.spyOn(provider, method as 'cancelOrder').mockImplementationOnce(async (...args) => {
    await real(...args);
    throw new CreditProviderUnavailable('Two did not answer in time');
  });
  return real as CreditProvider[M];
}
/**
 * The provider's `cancelOrder` from now on answers no one until two callers have asked it (each with the refund's key), so
 * both go on to settle the cancellation at the same moment; `real` is the provider's own method.
 */
function answeredWhenBothAsked(real: CreditProvider['cancelOrder']) {
  let asked = 0;
  let bothAsked = () => {};
  const together = new Promise<void>((resolve) => (bothAsked = resolve));
  return vi.spyOn(services().creditProvider, 'cancelOrder').mockImplementation(async (...args) => {
    if (++asked === 2) bothAsked();
    await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    return real(...args);
  });
}
/** The HTTP status a settled call was answered with. */
const statusOf = async (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled' ? 200 : (await failure(Promise.reject(result.reason as Error))).status;
/** The e-mails of `template` sent to the business about the order, oldest first: their text. */
const emailsAbout = async (orderNumber: string, template: 'order.confirmation' | 'order.cancelled' | 'order.refunded' | 'order.dispatched') =>
  (await readOutbox(api.database.db, { to: 'ola@trade.example', template }))
    .filter((email) => email.subject.includes(orderNumber))
    .toReversed()
    .map((email) => `${email.subject}\n${email.text}`);
/** Nothing in an e-mail about an order on account speaks of a card or a refund to one. */
const expectNoCard = (texts: string[]) => {
  for (const text of texts) expect(text).not.toMatch(/card|refunds usually show/i);
};
/** The order cancelled once: one refund, one history entry, the credit once in the account, the timeline and one e-mail. */
async function expectCancelledOnce(order: { orderNumber: string; total: number; params: { orderNumber: string } }, availableBefore: number) {
  expect(await accountOf(order.orderNumber)).toMatchObject({ status: 'cancelled', refunded: order.total, state: 'CANCELLED', credits: 1 });
  const cancelled = await as('staff').orders.getOrderForStaff({ params: order.params });
  expect(cancelled.refunds.map((refund) => [refund.kind, refund.state])).toEqual([['cancellation', 'succeeded']]);
  expect(cancelled.history.filter((entry) => entry.status === 'cancelled')).toHaveLength(1);
  expect(await available()).toBe(availableBefore + order.total);
  expect(await creditsShown(order.orderNumber)).toEqual([
    `Order ${order.orderNumber} cancelled: ${formatPenceShort(order.total)} credited to the account by Two, nothing left to pay on it`,
  ]);
  const emails = await rowsOf<{ n: number }>(
    sql`select count(*)::int as n from email_outbox e join orders o on e.dedupe_key = 'order.cancelled:' || o.id where o.order_number = ${order.orderNumber}`,
  );
  expect(emails[0]!.n).toBe(1);
}
/** A new order dispatched, then refunded `amountPence` by staff while Two's answer is lost: 502, credited at Two, nothing settled at the shop yet. */
async function refundedAnswerLost(amountPence: number, reason: string) {
  const order = await placed();
  await dispatch(order.orderNumber);
  await deliverAllWebhooks();
  const before = await available();
  answerLost('refundOrder');
  const body = { amountPence, reason, alreadyRefundedPence: 0 };
  const lost = await failure(as('staff').orders.refundOrder({ params: order.params, body }));
  expect([lost.status, lost.code]).toEqual([502, 'ORDER_REFUND_UNCONFIRMED']);
  expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: 0, sandboxRefunded: amountPence, credits: 0 });
  return { order, before, body };
}
/** The part refund settled once: the order, its history, the credit once in the account and the timeline; staff asking again refused. */
async function expectRefundedOnce(
  order: Awaited<ReturnType<typeof placed>>,
  availableBefore: number,
  body: { amountPence: number; reason: string; alreadyRefundedPence: number },
) {
  const amount = body.amountPence;
  expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: amount, shopRefunded: amount, sandboxRefunded: amount, credits: 1 });
  const settled = await as('staff').orders.getOrderForStaff({ params: order.params });
  expect(settled.refunds.map((refund) => [refund.state, refund.amountPence])).toEqual([['succeeded', amount]]);
  expect(settled.history.filter((entry) => entry.note?.startsWith(`Partial refund: ${formatPenceShort(amount)}`))).toHaveLength(1);
  expect(await available()).toBe(availableBefore + amount);
  expect(await creditsShown(order.orderNumber)).toEqual([
    `Order ${order.orderNumber} refunded: ${formatPenceShort(amount)} credited to the account by Two, ` +
      `${formatPenceShort(order.total - amount)} left on account`,
  ]);
  // Staff repeating what they asked, as the 502 told them: refused as already done, nothing credited again.
  expect((await failure(as('staff').orders.refundOrder({ params: order.params, body }))).status).toBe(409);
  expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: amount, sandboxRefunded: amount, credits: 1 });
}
/** A new order cancelled by staff while Two's answer is lost: 502, Two's order cancelled, nothing settled at the shop yet. */
async function cancelledAnswerLost(reason: { reason: string }) {
  const order = await placed();
  const before = await available();
  const cancelOrder = answerLost('cancelOrder');
  const lost = await failure(as('staff').orders.cancelOrder({ params: order.params, body: reason }));
  expect([lost.status, lost.code]).toEqual([502, 'ORDER_REFUND_UNCONFIRMED']);
  expect(await accountOf(order.orderNumber)).toMatchObject({ status: 'placed', refunded: 0, sandboxState: 'CANCELLED', credits: 0 });
  return { order, before, cancelOrder };
}
/**
 * A new order of two, one of them cancelled by the customer before dispatch while Two's answer to the edit is lost: 502, the
 * order edited at Two, nothing settled at the shop yet; the part is what the pending refund credits.
 */
async function partCancelledAnswerLost() {
  const order = await placed(2);
  await deliverAllWebhooks();
  const before = await available();
  answerLost('updateOrder');
  const lost = await failure(
    as('ola').help.cancelOrder({ params: { id: order.orderNumber }, body: { lines: [{ position: 0, quantity: 1 }], reason: 'One spare' } }),
  );
  expect(lost.status).toBe(502);
  const [pending] = await rowsOf<{ amount: number }>(sql`
    select r.amount_pence as amount from order_refunds r join orders o on o.id = r.order_id
    where o.order_number = ${order.orderNumber} and r.state = 'pending'`);
  const part = pending!.amount;
  // Two made the edit; the shop has not settled it yet.
  expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: 0, sandboxAmount: order.total - part, shopAmount: order.total, credits: 0 });
  return { order, before, part };
}
/** Both copies of every webhook the sandbox has queued, delivered. */
async function deliverAllWebhooks() {
  await sendDue();
  offsetMs += LATE_COPY_MS;
  await sendDue();
}

describe('money given back on an order paid on account', () => {
  it('collected from a branch: its confirmation says Two invoices it once it is ready to collect, not once dispatched', async () => {
    const basket = await onAccountBasket(api, 'ola', parcel, 1, 'click_collect');
    const order = await as('ola').checkout.payOnAccount({ params: basket.params });
    const [confirmation] = await emailsAbout(order.orderNumber, 'order.confirmation');
    expect(confirmation).toContain('Nothing is paid yet: Two invoices your business for it once it is ready to collect.');
    expect(confirmation).not.toContain('once it is dispatched');
  });

  it('cancelled by staff before dispatch: the provider’s order cancelled, the credit available and shown at once; webhooks only confirm', async () => {
    const order = await placed();
    // Its confirmation says what is owed and when: nothing paid yet, invoiced by Two once dispatched.
    const [confirmation] = await emailsAbout(order.orderNumber, 'order.confirmation');
    expect(confirmation).toMatch(/Total on your account with Two: £[\d,.]+ ex VAT \(£[\d,.]+ inc VAT\), VAT £[\d,.]+\. Nothing is paid yet: Two invoices/);
    expect(confirmation).not.toContain('Total paid');
    expectNoCard([confirmation!]);
    const before = await available();
    const cancelled = await as('staff').orders.cancelOrder({ params: order.params, body: { reason: 'Customer rang to cancel' } });
    expect(cancelled.status).toBe('cancelled');
    // Before any webhook: the provider has cancelled its order, the credit is free, the order and the timeline say so.
    expect(await accountOf(order.orderNumber)).toMatchObject({
      status: 'cancelled',
      refunded: order.total,
      state: 'CANCELLED',
      sandboxState: 'CANCELLED',
      sandboxRefunded: 0,
      credits: 1,
    });
    expect(await available()).toBe(before + order.total);
    expect(await webhooksOf(order.orderNumber)).toEqual([]);
    const words = `Order ${order.orderNumber} cancelled: ${formatPenceShort(order.total)} credited to the account by Two, nothing left to pay on it`;
    expect(await creditsShown(order.orderNumber)).toEqual([words]);
    // The e-mail says the same: credited to the account with Two, not refunded to a card.
    const [email, ...more] = await emailsAbout(order.orderNumber, 'order.cancelled');
    expect(more).toEqual([]);
    expect(email).toContain(
      `We have credited ${formatPenceShort(order.total)} to your account with Two: nothing is owed for this order and your available credit is back.`,
    );
    expectNoCard([email!]);
    // Tracked by its number and e-mail address, it says the same (the page reads "credited to your account with Two").
    const tracking = createOrderTrackingClient({ baseUrl: api.serviceUrl('order-tracking') });
    const tracked = await tracking.trackOrderByPost({ params: { orderNumber: order.orderNumber }, body: { emailAddress: 'ola@trade.example' } });
    expect(tracked).toMatchObject({ status: 'cancelled', refundedPence: order.total, paidOnAccount: true });

    // The provider's webhook arrives, twice: it confirms what the shop has already, and credits nothing more.
    await deliverAllWebhooks();
    expect(await webhooksOf(order.orderNumber)).toEqual([{ type: 'order.cancelled', effect: 'superseded', deliveries: 2 }]);
    expect(await accountOf(order.orderNumber)).toMatchObject({ status: 'cancelled', refunded: order.total, state: 'CANCELLED', credits: 1 });
    expect(await available()).toBe(before + order.total);
    expect(await creditsShown(order.orderNumber)).toEqual([words]);
    const invoice = (await as('ola').credit.listOnAccountInvoices({ query: { pageSize: 50 } })).items.find((item) => item.orderNumber === order.orderNumber);
    expect(invoice).toMatchObject({ standing: 'settled', outstandingPence: 0 });
  });

  it('cancelled by the customer in the help centre, part then the rest: the provider’s order edited to what is left, then cancelled', async () => {
    const order = await placed(2);
    const before = await available();
    const part = await as('ola').help.cancelOrder({
      params: { id: order.orderNumber },
      body: { lines: [{ position: 0, quantity: 1 }], reason: 'One too many' },
    });
    expect(part.refundedPence).toBeGreaterThan(0);
    expect(part.creditedToAccount).toBe(true);
    // Told as a credit to the account, not as a refund to a card the business never used.
    expect(part.nextSteps).toEqual([
      `We have credited ${formatPence(part.refundedPence)} to your account with Two: it comes off what your business owes for this order.`,
    ]);
    // Not dispatched, so nothing was invoiced: the provider's order is edited to what is left, and nothing is refunded there.
    const left = order.total - part.refundedPence;
    expect(await accountOf(order.orderNumber)).toMatchObject({
      state: 'VERIFIED',
      refunded: part.refundedPence,
      sandboxAmount: left,
      shopAmount: left,
      sandboxRefunded: 0,
      shopRefunded: 0,
      credits: 1,
    });
    expect(await available()).toBe(before + part.refundedPence);
    const rest = await as('ola').help.cancelOrder({ params: { id: order.orderNumber }, body: { reason: 'Not needed now' } });
    expect(rest.orderStatus).toBe('cancelled');
    expect(await accountOf(order.orderNumber)).toMatchObject({
      status: 'cancelled',
      refunded: order.total,
      state: 'CANCELLED',
      sandboxState: 'CANCELLED',
      sandboxRefunded: 0,
      credits: 2,
    });
    expect(await available()).toBe(before + order.total);
    expect(await creditsShown(order.orderNumber)).toEqual([
      `Order ${order.orderNumber} reduced before dispatch: ${formatPenceShort(part.refundedPence)} credited to the account by Two, ` +
        `${formatPenceShort(left)} left on account`,
      `Order ${order.orderNumber} cancelled: ${formatPenceShort(left)} credited to the account by Two, nothing left to pay on it`,
    ]);
    // The part's e-mail: credited, and as nothing was invoiced yet the invoice is simply smaller; then the rest's cancellation.
    const [partEmail] = await emailsAbout(order.orderNumber, 'order.refunded');
    expect(partEmail).toContain(`We have credited ${formatPenceShort(part.refundedPence)} for order ${order.orderNumber}`);
    expect(partEmail).toContain(
      `We have credited ${formatPenceShort(part.refundedPence)} to your account with Two: ` +
        'the order was not invoiced yet, so its invoice will simply be smaller.',
    );
    expect(partEmail).toContain(`In all we have credited ${formatPenceShort(part.refundedPence)} of the ${formatPenceShort(order.total)} of this order.`);
    const [restEmail] = await emailsAbout(order.orderNumber, 'order.cancelled');
    expect(restEmail).toContain(`We have credited ${formatPenceShort(left)} to your account with Two`);
    expectNoCard([partEmail!, restEmail!]);
    await deliverAllWebhooks();
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: order.total, state: 'CANCELLED', credits: 2 });
    expect(await available()).toBe(before + order.total);
  });

  it('a part cancelled before dispatch edits the provider’s order, and a refund after dispatch credits its invoice: each read as it is', async () => {
    const order = await placed(2);
    const before = await available();
    const invoice = async () =>
      (await as('ola').credit.listOnAccountInvoices({ query: { pageSize: 50 } })).items.find((item) => item.orderNumber === order.orderNumber)!;
    const part = await as('ola').help.cancelOrder({ params: { id: order.orderNumber }, body: { lines: [{ position: 0, quantity: 1 }], reason: 'One spare' } });
    const left = order.total - part.refundedPence;
    // The provider's order is smaller: no refund there; the credit it takes and what the business will owe are less by the part.
    expect(await accountOf(order.orderNumber)).toMatchObject({
      status: 'placed',
      refunded: part.refundedPence,
      state: 'VERIFIED',
      sandboxAmount: left,
      sandboxRefunded: 0,
      shopAmount: left,
      shopRefunded: 0,
      credits: 1,
    });
    expect(await available()).toBe(before + part.refundedPence);
    expect(await invoice()).toMatchObject({ standing: 'awaiting_dispatch', amountPence: left, outstandingPence: left });
    const staffView = await as('staff').orders.getOrderForStaff({ params: order.params });
    expect(staffView.refunds.map((refund) => [refund.kind, refund.state, refund.amountPence])).toEqual([['refund', 'succeeded', part.refundedPence]]);
    expect(staffView.payment).toMatchObject({ method: 'on_account', refundedPence: part.refundedPence, refundablePence: left });
    const customerView = await as('ola').mine.getMyOrder({ params: order.params });
    expect(customerView.payment).toMatchObject({ method: 'on_account', refundedPence: part.refundedPence });
    expect(customerView.totalsAfterCancellations?.totalIncVat).toBe(left);

    // Dispatched: Two invoices the smaller order, and a later credit is a refund against that invoice.
    await dispatch(order.orderNumber);
    const [parcelEmail] = await emailsAbout(order.orderNumber, 'order.dispatched');
    expect(parcelEmail).toContain('Cancelled before dispatch and not invoiced, so not in the parcel:');
    expect(await accountOf(order.orderNumber)).toMatchObject({ state: 'FULFILLED', sandboxAmount: left, sandboxRefunded: 0 });
    const body = { amountPence: 300, reason: 'Goodwill', alreadyRefundedPence: part.refundedPence };
    await as('staff').orders.refundOrder({ params: order.params, body });
    expect(await accountOf(order.orderNumber)).toMatchObject({
      refunded: part.refundedPence + 300,
      state: 'FULFILLED',
      sandboxAmount: left,
      sandboxRefunded: 300,
      shopRefunded: 300,
      credits: 2,
    });
    expect(await available()).toBe(before + part.refundedPence + 300);
    expect(await invoice()).toMatchObject({ standing: 'due', amountPence: left, outstandingPence: left - 300 });
    expect(await creditsShown(order.orderNumber)).toEqual([
      `Order ${order.orderNumber} reduced before dispatch: ${formatPenceShort(part.refundedPence)} credited to the account by Two, ` +
        `${formatPenceShort(left)} left on account`,
      `Order ${order.orderNumber} refunded: ${formatPenceShort(300)} credited to the account by Two, ${formatPenceShort(left - 300)} left on account`,
    ]);
    // The webhooks (its fulfilment, its refund) only confirm: nothing counted twice.
    await deliverAllWebhooks();
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: part.refundedPence + 300, sandboxAmount: left, shopAmount: left, credits: 2 });
    expect(await available()).toBe(before + part.refundedPence + 300);
  });

  it('refunded after a dispatch the provider could not be told of: told of the dispatch first, then its invoice credited', async () => {
    const order = await placed();
    const before = await available();
    vi.spyOn(services().creditProvider, 'fulfilOrder').mockRejectedValueOnce(new CreditProviderUnavailable('Two could not be reached'));
    await dispatch(order.orderNumber);
    expect(await accountOf(order.orderNumber)).toMatchObject({ status: 'dispatched', state: 'VERIFIED', sandboxState: 'VERIFIED' });
    await as('staff').orders.refundOrder({ params: order.params, body: { amountPence: 400, reason: 'Goodwill', alreadyRefundedPence: 0 } });
    expect(await accountOf(order.orderNumber)).toMatchObject({
      refunded: 400,
      state: 'FULFILLED',
      sandboxState: 'FULFILLED',
      sandboxAmount: order.total,
      sandboxRefunded: 400,
      shopRefunded: 400,
      credits: 1,
    });
    expect(await available()).toBe(before + 400);
  });

  it('the provider refuses a refund of an order it has not fulfilled, as Two does: an order before dispatch is edited instead', async () => {
    const order = await placed();
    const { providerOrderId } = (
      await rowsOf<{ providerOrderId: string }>(sql`
      select c.provider_order_id as "providerOrderId" from trade_credit_orders c join orders o on o.id = c.order_id
      where o.order_number = ${order.orderNumber}`)
    )[0]!;
    const refused = await services()
      .creditProvider.refundOrder(providerOrderId, 500, 'refund-before-fulfilment')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CreditOrderRefused);
    expect((refused as Error).message).toBe(
      `order ${providerOrderId} is VERIFIED: only a fulfilled order can be refunded; edit or cancel it before fulfilment`,
    );
    expect(await accountOf(order.orderNumber)).toMatchObject({ sandboxState: 'VERIFIED', sandboxAmount: order.total, sandboxRefunded: 0 });
  });

  it('a part cancelled before dispatch, asked twice at once (a double click): the provider’s order edited once, the credit counted once', async () => {
    const order = await placed(3);
    const before = await available();
    const updateOrder = vi.spyOn(services().creditProvider, 'updateOrder');
    const body = { lines: [{ position: 0, quantity: 2 }], reason: 'Two too many' };
    const results = await Promise.allSettled([
      as('ola').help.cancelOrder({ params: { id: order.orderNumber }, body }),
      as('ola').help.cancelOrder({ params: { id: order.orderNumber }, body }),
    ]);
    const statuses = await Promise.all(results.map(statusOf));
    // One is made; the other finds it under way, or the line with only one left to cancel.
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200)[0]).toBeGreaterThanOrEqual(400);
    expect(statuses.filter((status) => status !== 200)[0]).toBeLessThan(500);
    const part = (results.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<{ refundedPence: number }>).value.refundedPence;
    expect(updateOrder).toHaveBeenCalledTimes(1);
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: part, sandboxAmount: order.total - part, sandboxRefunded: 0, credits: 1 });
    expect(await available()).toBe(before + part);
  });

  it('a part cancelled before dispatch whose answer was lost: two finishers at once edit the provider’s order once, by the part', async () => {
    const { order, before, part } = await partCancelledAnswerLost();

    // Finished twice at the same moment (a webhook's or staff's retry and the recovery job): asked again with the same key and the
    // same amount, so the order is smaller by the part once, and the credit is counted once.
    const updateOrder = vi.spyOn(services().creditProvider, 'updateOrder');
    const ctx = { db: api.database.db, actor: null, clock: { now }, log: api.app.log };
    const orderId = (await as('staff').orders.getOrderForStaff({ params: order.params })).orderGuid;
    await Promise.allSettled([services().orders.finishPendingRefund(ctx, orderId), services().orders.finishPendingRefund(ctx, orderId)]);
    expect(new Set(updateOrder.mock.calls.map((call) => `${call[1].amountPence}:${call[2]}`)).size).toBe(1);
    expect(await accountOf(order.orderNumber)).toMatchObject({
      refunded: part,
      sandboxAmount: order.total - part,
      shopAmount: order.total - part,
      sandboxRefunded: 0,
      credits: 1,
    });
    expect(await available()).toBe(before + part);
  });

  it('a part cancelled before dispatch whose answer was lost: Two’s webhook about the edit settles it, once, however often it comes', async () => {
    const { order, before, part } = await partCancelledAnswerLost();

    // Two's webhook about its edit, both copies: the first applies Two's order and settles the shop's credit, the second changes nothing.
    await deliverAllWebhooks();
    expect(await webhooksOf(order.orderNumber)).toContainEqual({ type: 'order.updated', effect: 'applied', deliveries: 2 });
    expect(await accountOf(order.orderNumber)).toMatchObject({
      status: 'placed',
      refunded: part,
      state: 'VERIFIED',
      sandboxAmount: order.total - part,
      shopAmount: order.total - part,
      sandboxRefunded: 0,
      credits: 1,
    });
    const settled = await as('staff').orders.getOrderForStaff({ params: order.params });
    expect(settled.refunds.map((refund) => [refund.state, refund.amountPence])).toEqual([['succeeded', part]]);
    expect(await available()).toBe(before + part);
    expect(await creditsShown(order.orderNumber)).toEqual([
      `Order ${order.orderNumber} reduced before dispatch: ${formatPenceShort(part)} credited to the account by Two, ` +
        `${formatPenceShort(order.total - part)} left on account`,
    ]);
    expect(await emailsAbout(order.orderNumber, 'order.refunded')).toHaveLength(1);
  });

  it('Two’s webhook about a part cancelled before dispatch arriving while the shop writes down Two’s answer: edited and credited once', async () => {
    const order = await placed(2);
    await deliverAllWebhooks();
    const before = await available();
    const provider = services().creditProvider;
    const real = provider.updateOrder.bind(provider);
    let webhookAsked = () => {};
    const asked = new Promise<void>((resolve) => (webhookAsked = resolve));
    let delivered: Promise<unknown> = Promise.resolve();
    // Two edits the order and answers the shop only once its webhook about the edit has come and asked Two again (the
    // webhook finishing what it takes for a lost answer): both then write Two's answer down and settle the credit at once.
    const spied = vi.spyOn(provider, 'updateOrder').mockImplementation(async (...args) => {
      const answer = await real(...args);
      if (spied.mock.calls.length === 1) {
        delivered = sendDue();
        await Promise.race([asked, delivered]);
      } else webhookAsked();
      return answer;
    });
    const part = await as('ola').help.cancelOrder({
      params: { id: order.orderNumber },
      body: { lines: [{ position: 0, quantity: 1 }], reason: 'One spare' },
    });
    await delivered;
    // Both asked Two the same (the credit's key, what is left), and the order is smaller by the part once.
    expect(spied).toHaveBeenCalledTimes(2);
    expect(new Set(spied.mock.calls.map((call) => `${call[1].amountPence}:${call[1].vatPence}:${call[2]}`)).size).toBe(1);
    const left = order.total - part.refundedPence;
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: part.refundedPence, sandboxAmount: left, shopAmount: left, credits: 1 });
    const settled = await as('staff').orders.getOrderForStaff({ params: order.params });
    expect(settled.refunds.map((refund) => [refund.state, refund.amountPence])).toEqual([['succeeded', part.refundedPence]]);
    expect(await available()).toBe(before + part.refundedPence);
    expect(await creditsShown(order.orderNumber)).toHaveLength(1);
    expect(await emailsAbout(order.orderNumber, 'order.refunded')).toHaveLength(1);
    const [edit] = (await webhooksOf(order.orderNumber)).filter((webhook) => webhook.type === 'order.updated');
    expect(edit).toMatchObject({ deliveries: 1, effect: expect.stringMatching(/^(applied|superseded)$/) });

    // The late copy changes nothing more.
    offsetMs += LATE_COPY_MS;
    await sendDue();
    expect(await webhooksOf(order.orderNumber)).toContainEqual({ type: 'order.updated', effect: edit!.effect, deliveries: 2 });
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: part.refundedPence, sandboxAmount: left, shopAmount: left, credits: 1 });
    expect(await available()).toBe(before + part.refundedPence);
  });

  it('refunded by staff after dispatch, and a return refunded: credited by the provider’s refund, what is owed and available at once', async () => {
    const order = await placed(2);
    await dispatch(order.orderNumber);
    const before = await available();
    await as('staff').orders.refundOrder({ params: order.params, body: { amountPence: 700, reason: 'Goodwill', alreadyRefundedPence: 0 } });
    expect(await accountOf(order.orderNumber)).toMatchObject({ state: 'FULFILLED', shopRefunded: 700, sandboxRefunded: 700, refunded: 700, credits: 1 });
    expect(await available()).toBe(before + 700);
    const invoice = async () =>
      (await as('ola').credit.listOnAccountInvoices({ query: { pageSize: 50 } })).items.find((item) => item.orderNumber === order.orderNumber)!;
    expect((await invoice()).outstandingPence).toBe(order.total - 700);
    const [credited] = await emailsAbout(order.orderNumber, 'order.refunded');
    expect(credited).toContain(`We have credited ${formatPenceShort(700)} to your account with Two: it comes off the invoice for this order.`);
    expectNoCard([credited!]);

    // The rest comes back as a return, refunded by the help centre's staff through orders' return refund.
    const ctx = { db: api.database.db, actor: actors.staff!, clock: { now }, log: api.app.log };
    const rest = order.total - 700;
    await services().orders.refundReturn(ctx, order.orderNumber, { returnId: 'RET-TEST-1', amountPence: rest, reason: 'Returned unused' });
    expect(await accountOf(order.orderNumber)).toMatchObject({
      status: 'refunded',
      refunded: order.total,
      state: 'REFUNDED',
      sandboxRefunded: order.total,
      credits: 2,
    });
    expect((await invoice()).outstandingPence).toBe(0);
    expect(await available()).toBe(before + order.total);
    const [, last] = await emailsAbout(order.orderNumber, 'order.refunded');
    expect(last).toContain(`That brings the total credited to ${formatPenceShort(order.total)}: the whole order.`);
    expect(await creditsShown(order.orderNumber)).toEqual([
      `Order ${order.orderNumber} refunded: ${formatPenceShort(700)} credited to the account by Two, ${formatPenceShort(rest)} left on account`,
      `Order ${order.orderNumber} refunded: ${formatPenceShort(rest)} credited to the account by Two, nothing left to pay on it`,
    ]);
    await deliverAllWebhooks();
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: order.total, sandboxRefunded: order.total, shopRefunded: order.total, credits: 2 });
    expect(await available()).toBe(before + order.total);
  });

  it('the same refund posted twice at once: credited once', async () => {
    const order = await placed();
    await dispatch(order.orderNumber);
    const before = await available();
    const body = { amountPence: 900, reason: 'Damaged box', alreadyRefundedPence: 0 };
    const results = await Promise.allSettled([
      as('staff').orders.refundOrder({ params: order.params, body }),
      as('staff').orders.refundOrder({ params: order.params, body }),
    ]);
    // One credits the account; the other carries the same refund on (the same answer) or is told it is under way.
    const statuses = await Promise.all(
      results.map(async (result) => (result.status === 'fulfilled' ? 200 : (await failure(Promise.reject(result.reason as Error))).status)),
    );
    expect(statuses).toContain(200);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: 900, shopRefunded: 900, sandboxRefunded: 900, credits: 1 });
    expect(await available()).toBe(before + 900);
    await deliverAllWebhooks();
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: 900, shopRefunded: 900, sandboxRefunded: 900, credits: 1 });
  });

  it('the provider’s webhook for the refund arriving before the shop has written the answer down: applied once, the credit counted once', async () => {
    const order = await placed();
    await dispatch(order.orderNumber);
    await deliverAllWebhooks();
    const provider = services().creditProvider;
    const refundOrder = provider.refundOrder.bind(provider);
    // The provider answers only after its webhook about the refund has been delivered and applied.
    vi.spyOn(provider, 'refundOrder').mockImplementation(async (...args) => {
      const answer = await refundOrder(...args);
      await sendDue();
      return answer;
    });
    await as('staff').orders.refundOrder({ params: order.params, body: { amountPence: 1_100, reason: 'Price match', alreadyRefundedPence: 0 } });
    expect(await webhooksOf(order.orderNumber)).toContainEqual({ type: 'order.refunded', effect: 'applied', deliveries: 1 });
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: 1_100, shopRefunded: 1_100, sandboxRefunded: 1_100, credits: 1 });
    offsetMs += LATE_COPY_MS;
    await sendDue();
    expect(await webhooksOf(order.orderNumber)).toContainEqual({ type: 'order.refunded', effect: 'applied', deliveries: 2 });
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: 1_100, shopRefunded: 1_100, sandboxRefunded: 1_100, credits: 1 });
  });

  it('the provider unreachable: 502 in words naming Two, nothing cancelled or credited, and cancelling again finishes it once', async () => {
    const order = await placed();
    const before = await available();
    vi.spyOn(services().creditProvider, 'cancelOrder').mockRejectedValueOnce(new CreditProviderUnavailable('Two could not be reached'));
    const down = await failure(as('staff').orders.cancelOrder({ params: order.params, body: { reason: 'Customer rang to cancel' } }));
    expect([down.status, down.code]).toEqual([502, 'ORDER_REFUND_UNCONFIRMED']);
    expect(down.message).toContain('We could not reach Two');
    expect(await accountOf(order.orderNumber)).toMatchObject({ status: 'placed', refunded: 0, state: 'VERIFIED', sandboxState: 'VERIFIED', credits: 0 });
    expect(await available()).toBe(before);
    const again = await as('staff').orders.cancelOrder({ params: order.params, body: { reason: 'Customer rang to cancel' } });
    expect(again.status).toBe('cancelled');
    expect(await accountOf(order.orderNumber)).toMatchObject({
      status: 'cancelled',
      refunded: order.total,
      state: 'CANCELLED',
      sandboxState: 'CANCELLED',
      credits: 1,
    });
    expect(await available()).toBe(before + order.total);
  });

  it('the provider’s answer to a refund lost after it credited: its webhook settles the shop’s refund, once, however often it comes', async () => {
    const { order, before, body } = await refundedAnswerLost(800, 'Scratched');
    expect((await as('staff').orders.getOrderForStaff({ params: order.params })).refunds.map((refund) => refund.state)).toEqual(['pending']);

    // Two's webhook about the refund, both copies: the shop's refund is settled by the first, and the second changes nothing.
    await deliverAllWebhooks();
    expect(await webhooksOf(order.orderNumber)).toContainEqual({ type: 'order.refunded', effect: 'applied', deliveries: 2 });
    await expectRefundedOnce(order, before, body);
  });

  it('a cancellation whose answer was lost: the webhook and staff cancelling again at once cancel and credit it once', async () => {
    const reason = { reason: 'Customer rang to cancel' };
    const { order, before, cancelOrder } = await cancelledAnswerLost(reason);

    // Two's webhook and staff's second try at the same moment: each asks Two again with the refund's key, and
    // neither is answered until both have asked, so both go on to settle it at once.
    const spied = answeredWhenBothAsked(cancelOrder);
    const [, repeated] = await Promise.allSettled([sendDue(), as('staff').orders.cancelOrder({ params: order.params, body: reason })]);
    // Staff are answered the cancelled order, or told it is cancelled already when the webhook settled it first.
    expect([200, 409]).toContain(await statusOf(repeated));
    expect(spied).toHaveBeenCalledTimes(3);
    offsetMs += LATE_COPY_MS;
    await sendDue();
    await expectCancelledOnce(order, before);
  });

  it('the provider refusing (the order refunded in full at the provider’s end already): refused in words, nothing credited twice', async () => {
    const order = await placed();
    await dispatch(order.orderNumber);
    // Refunded in full at the provider directly (its dashboard), then asked by the shop for more than is left there.
    await as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'order.refunded', orderNumber: order.orderNumber } });
    const refused = await failure(
      as('staff').orders.refundOrder({ params: order.params, body: { amountPence: 500, reason: 'Goodwill', alreadyRefundedPence: 0 } }),
    );
    expect([refused.status, refused.code]).toEqual([502, 'ORDER_REFUND_REFUSED']);
    expect(refused.message).toBe(
      'Two, our trade credit provider, would not credit this amount to the account. Check what has been credited already. ' +
        'Nothing was credited and the order is unchanged.',
    );
    expect(await accountOf(order.orderNumber)).toMatchObject({ refunded: 0, sandboxRefunded: order.total, credits: 0 });
  });
});

/**
 * Neither the provider's answer nor its webhook reached the shop (decision 0115): the `credit-recovery` job finishes the
 * credit once it has been pending for `CREDIT_RECOVERY_AFTER_MS`, as staff repeating the action would, so it is credited once.
 */
describe('a credit whose answer and webhook were both lost', () => {
  /** One batch of the job as a worker's runner runs it (it is found among the shop's jobs, so it is registered). */
  const runJob = () => {
    const job = api.app.jobs.jobs.find((candidate) => candidate.name === CREDIT_RECOVERY_JOB)!;
    return job.runOnce({ db: api.database.db, clock: { now }, log: api.app.log }) as Promise<{ claimed: number; settled: number }>;
  };
  /** The provider's webhooks about it never arrive: the sandbox's queued deliveries are gone. */
  const loseWebhooks = () => api.database.db.execute(sql`delete from credit_sandbox_deliveries where sent_at is null`);
  const refundStates = async (params: { orderNumber: string }) =>
    (await as('staff').orders.getOrderForStaff({ params })).refunds.map((refund) => [refund.kind, refund.state, refund.amountPence]);

  it('a refund: left alone until the interval has passed, then finished once; Two still silent, it is asked again after the lease', async () => {
    const { order, before, body } = await refundedAnswerLost(600, 'Dented');
    await loseWebhooks();

    // Not yet: the webhook and staff have their chance first.
    offsetMs += CREDIT_RECOVERY_AFTER_MS - 60_000;
    expect(await runJob()).toEqual({ claimed: 0, settled: 0 });
    expect(await refundStates(order.params)).toEqual([['refund', 'pending', 600]]);

    // Past the interval, with Two unreachable again: claimed, still pending, and left alone until its lease runs out.
    offsetMs += 60_000;
    const refundOrder = vi.spyOn(services().creditProvider, 'refundOrder').mockRejectedValueOnce(new CreditProviderUnavailable('Two is down'));
    expect(await runJob()).toEqual({ claimed: 1, settled: 0 });
    expect(await refundStates(order.params)).toEqual([['refund', 'pending', 600]]);
    expect(await runJob()).toEqual({ claimed: 0, settled: 0 });

    // After the lease: Two asked again with the refund's own key, which answers the credit it made the first time.
    offsetMs += CREDIT_RECOVERY_LEASE_MS;
    expect(await runJob()).toEqual({ claimed: 1, settled: 1 });
    // The lost first ask, the one refused as unreachable, and this one: all with the refund's key.
    expect(new Set(refundOrder.mock.calls.map((call) => call[2])).size).toBe(1);
    expect(refundOrder).toHaveBeenCalledTimes(3);
    await expectRefundedOnce(order, before, body);
    // Nothing left for it.
    offsetMs += CREDIT_RECOVERY_LEASE_MS;
    expect(await runJob()).toEqual({ claimed: 0, settled: 0 });
  });

  it('counted on staff’s operations page from the interval until it is finished, Two’s silence between asks included', async () => {
    const waiting = async () => (await as('admin').operations.listBackgroundJobs()).jobs.find((job) => job.name === CREDIT_RECOVERY_JOB)!.waiting;
    const { order, before, body } = await refundedAnswerLost(450, 'Scratched');
    await loseWebhooks();
    offsetMs += CREDIT_RECOVERY_AFTER_MS - 60_000;
    expect(await waiting()).toBe(0);

    offsetMs += 60_000;
    expect(await waiting()).toBe(1);
    // Claimed while Two is down: still pending, so still shown while its lease runs.
    vi.spyOn(services().creditProvider, 'refundOrder').mockRejectedValueOnce(new CreditProviderUnavailable('Two is down'));
    expect(await runJob()).toEqual({ claimed: 1, settled: 0 });
    expect(await waiting()).toBe(1);

    offsetMs += CREDIT_RECOVERY_LEASE_MS;
    expect(await runJob()).toEqual({ claimed: 1, settled: 1 });
    expect(await waiting()).toBe(0);
    await expectRefundedOnce(order, before, body);
  });

  it('a cancellation: two instances of the job and staff cancelling again at the same moment cancel and credit it once', async () => {
    const reason = { reason: 'Ordered twice' };
    const { order, before, cancelOrder } = await cancelledAnswerLost(reason);
    await loseWebhooks();
    offsetMs += CREDIT_RECOVERY_AFTER_MS;

    // Neither call to Two is answered until both the job and staff have asked, so both go on to settle it at once.
    const spied = answeredWhenBothAsked(cancelOrder);
    const [first, second, repeated] = await Promise.allSettled([runJob(), runJob(), as('staff').orders.cancelOrder({ params: order.params, body: reason })]);
    // One instance claimed it; the other skipped it. Staff get the cancelled order, or are told it is cancelled already.
    const claimed = [first, second].map((batch) => (batch.status === 'fulfilled' ? batch.value.claimed : -1));
    expect(claimed.toSorted((a, b) => a - b)).toEqual([0, 1]);
    expect([200, 409]).toContain(await statusOf(repeated));
    // The lost first ask, then the job's and staff's: never a third from the other instance.
    expect(spied).toHaveBeenCalledTimes(3);
    await expectCancelledOnce(order, before);
    offsetMs += CREDIT_RECOVERY_LEASE_MS;
    expect(await runJob()).toEqual({ claimed: 0, settled: 0 });
  });
});
