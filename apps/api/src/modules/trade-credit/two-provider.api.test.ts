import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoStandIn, type TwoStandIn } from '@shop/demo/two-standin';
import { createClientFromEndpoints, createOrdersClient, createTradeCreditClient, type TradeCreditClient } from '@shop/api-client';
import { helpCentreOrderEndpoints } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { CreditOrderRefused, type CreditOrderRequest, type CreditProvider, type ProviderOrder } from './credit-provider.ts';
import { createCreditSandbox } from './sandbox-provider.ts';
import { onAccountBasket, onAccountClients } from './testing.ts';
import { createTwoProvider } from './two-provider.ts';

/**
 * The Two adapter against a local stand-in for Two's API: onboarding and order calls (checked, created,
 * fulfilled, refunded), the key staying on the server, every write with an idempotency key, Two's
 * signed webhook, and Two down as a 503.
 */
let api: TestApi;
let two: TwoStandIn;
let parcel: string;
const WEBHOOK_SECRET = 'two_webhook_secret_for_the_standin';
const actors: Record<string, Actor> = {};
const client = (name: string): TradeCreditClient => createTradeCreditClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name });
/** An order for Taylor's business delivered in York: its reference, gross amount, the VAT in it and its lines. */
const orderRequest = (merchantReference: string, amountPence: number, vatPence: number, lines: CreditOrderRequest['lines']): CreditOrderRequest => ({
  merchantReference,
  merchantUserId: actors.taylor!.userId,
  amountPence,
  vatPence,
  lines,
  deliveryAddress: { line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH', country: 'GB' },
});
const proposal = {
  tradingName: 'Tile & Tone Design',
  tradingAddress: { line1: '1 Ship Street', town: 'Brighton', postcode: 'BN1 1AE' },
  proprietorName: 'Chloe Martin',
  dateOfBirth: '1985-06-14',
  homeAddress: { line1: '5 Dyke Road', town: 'Brighton', postcode: 'BN1 3FE' },
};

beforeAll(async () => {
  two = await startTwoStandIn();
  api = await startTestApi({
    env: { TWO_API_KEY: two.apiKey, TWO_API_URL: two.url, TWO_MERCHANT_ID: two.merchantId, TWO_WEBHOOK_SECRET: WEBHOOK_SECRET },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const rows = (await api.database.db.execute(
    sql`select id, email from identity_users where email in ('trade@demo.test', 'studio@tiledesign.demo.test')`,
  )) as unknown as { rows: { id: string; email: string }[] };
  for (const row of rows.rows) actors[row.email.startsWith('trade') ? 'taylor' : 'chloe'] = { userId: row.id, email: row.email, roles: ['shopper', 'trade'] };
  actors.staff = { userId: 'user-staff', name: 'Sam Staff', roles: ['order-admin'] };
  actors.reviewer = { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] };
  parcel = (
    await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 5000 and 30000 and s.on_hand >= 20`,
    )
  ).sku;
}, 240_000);
afterAll(async () => {
  await api.close();
  await two.close();
});

/** How many orders a customer has. */
const ordersOf = async (customerId: string) =>
  Number(
    ((await api.database.db.execute(sql`select count(*)::int as n from orders where customer_id = ${customerId}`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );

/** An order of two on account by Taylor, one of them cancelled in the help centre before dispatch: what Two was asked for it. */
async function partCancelledByTaylor() {
  const taylor = onAccountClients(() => api)('taylor');
  const basket = await onAccountBasket(api, 'taylor', parcel, 2);
  const placed = await taylor.checkout.payOnAccount({ params: basket.params });
  const help = createClientFromEndpoints(helpCentreOrderEndpoints, { baseUrl: api.serviceUrl('help-centre'), getAccessToken: () => 'taylor' });
  const before = two.requests.length;
  const part = await help.cancelOrder({ params: { id: placed.orderNumber }, body: { lines: [{ position: 0, quantity: 1 }], reason: 'One spare' } });
  return { taylor, basket, placed, part, asked: two.requests.slice(before) };
}

describe('the Two adapter', () => {
  it('creates the customer user at Two for the company number, with an idempotency key on every write', async () => {
    const created = await client('taylor').postMerchantCustomerUser({ body: {} });
    expect(created.credit).toMatchObject({ decision: 'approved', limitPence: 500_000 });
    expect(created.customerUser).toMatchObject({ verified: false, verificationUrl: expect.stringMatching(/^https:\/\/checkout\.two\.inc\/verify\//) });
    expect(two.requests).toContainEqual(expect.objectContaining({ method: 'POST', path: '/v2/merchant/mer_standin/customer/09876543/user' }));
    expect(two.requests.filter((request) => request.method === 'POST').every((request) => request.idempotencyKey)).toBe(true);
    const token = await client('taylor').getDelegationToken();
    expect(token.token).toMatch(/^dat_/);
    expect(token.token).not.toContain(two.apiKey);
  });

  it('submits a sole trader’s proposal with the delegation token, and refuses it once Two says it has run out', async () => {
    const draft = await client('chloe').postMerchantCustomerUser({ body: {} });
    const id = draft.proposal!.id;
    const first = await client('chloe').getDelegationToken();
    two.expireTokens();
    const expired = await failure(client('chloe').submitSoleTraderProposal({ params: { id }, body: { ...proposal, delegationToken: first.token } }));
    expect([expired.status, expired.code]).toEqual([401, 'CREDIT_DELEGATION_TOKEN_EXPIRED']);
    const { token } = await client('chloe').getDelegationToken();
    expect(await client('chloe').submitSoleTraderProposal({ params: { id }, body: { ...proposal, delegationToken: token } })).toMatchObject({
      status: 'SUBMITTED',
    });
    two.decide(id, 'ACCEPTED');
    const accepted = await client('chloe').postMerchantCustomerUser({ body: {} });
    expect(accepted).toMatchObject({
      proposal: { status: 'ACCEPTED' },
      customerUser: { email: 'studio@tiledesign.demo.test' },
      credit: { decision: 'approved' },
    });
  });

  it('places, fulfils and refunds an order on account with Two’s order calls, an idempotency key on each, and applies Two’s signed webhook', async () => {
    // Taylor's customer user was made above; Two verifies it (the buyer followed Two's link).
    two.verifyUsers('09876543');
    const taylor = onAccountClients(() => api)('taylor');
    await taylor.terms.acceptTermsAndConditions({ query: { version: 1 } });
    const basket = await onAccountBasket(api, 'taylor', parcel);
    const placed = await taylor.checkout.payOnAccount({ params: basket.params });
    const created = two.requests.find((request) => request.method === 'POST' && request.path === '/v1/order')!;
    expect(created.idempotencyKey).toMatch(/^credit-order:/);

    const orders = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
    await orders.advanceOrder({
      params: { orderNumber: placed.orderNumber },
      body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' },
    });
    await orders.refundOrder({ params: { orderNumber: placed.orderNumber }, body: { amountPence: 500, reason: 'Goodwill', alreadyRefundedPence: 0 } });
    const orderPaths = two.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v1/order/')).map((request) => request.path);
    expect(orderPaths).toEqual([expect.stringMatching(/^\/v1\/order\/ord_\w+\/fulfilled$/), expect.stringMatching(/^\/v1\/order\/ord_\w+\/refund$/)]);
    expect(two.requests.filter((request) => request.method === 'POST').every((request) => request.idempotencyKey)).toBe(true);
    const [invoice] = (await taylor.credit.listOnAccountInvoices()).items;
    expect(invoice).toMatchObject({
      orderNumber: placed.orderNumber,
      standing: 'due',
      outstandingPence: basket.total - 500,
      payee: { name: 'Two Standin Ltd', sortCode: '20-00-00', accountNumber: '55779911' },
    });

    // Two reports the invoice paid: its webhook, signed with the shared secret, is applied; one signed otherwise is refused.
    const orderId = orderPaths[0]!.split('/')[3]!;
    const body = JSON.stringify({
      id: 'evt_two_paid',
      event: 'order.paid',
      occurred_at: new Date().toISOString(),
      organization_number: '09876543',
      order: {
        id: orderId,
        state: 'FULFILLED',
        status: 'APPROVED',
        gross_amount: (basket.total / 100).toFixed(2),
        refunded_amount: '5.00',
        fulfilled_at: new Date().toISOString(),
        paid_at: new Date().toISOString(),
        invoice_details: { due_in_days: 30 },
      },
    });
    const post = (secret: string) =>
      fetch(`${api.origin}/api/accounts/api/two/Webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'two-signature': signWebhook(secret, body, Math.floor(Date.now() / 1000)) },
        body,
      });
    expect((await post('someone_elses_secret_00000000')).status).toBe(400);
    expect(await (await post(WEBHOOK_SECRET)).json()).toEqual({ received: true, duplicate: false, effect: 'applied' });
    expect((await taylor.credit.listOnAccountInvoices()).items[0]).toMatchObject({ standing: 'paid', outstandingPence: 0 });
  });

  it('cancels an order Two approved with its cancel call and an idempotency key, and reads Two’s refusal of one it cannot cancel', async () => {
    const adapter = createTwoProvider({ apiKey: two.apiKey, apiUrl: two.url, merchantId: two.merchantId });
    const customer = { organisationNumber: '09876543' };
    const request = orderRequest('basket-cancel-test', 12_000, 2_000, [
      { sku: 'TAP-1', name: 'Basin tap', quantity: 1, unitPricePence: 12_000, lineTotalPence: 12_000 },
    ]);
    const order = await adapter.createOrder(customer, request, 'credit-order:cancel-test');
    expect(order.state).toBe('VERIFIED');
    const before = two.requests.length;
    const cancelled = await adapter.cancelOrder(order.id, `credit-cancel:${order.id}`);
    expect(cancelled).toMatchObject({ id: order.id, state: 'CANCELLED', amountPence: 12_000 });
    // Two's cancel call: a POST to the order's /cancel with the merchant key and the write's key, and nothing else asked of it.
    expect(two.requests.slice(before)).toEqual([{ method: 'POST', path: `/v1/order/${order.id}/cancel`, idempotencyKey: `credit-cancel:${order.id}` }]);
    // Asked again with the same key (a retry after a lost answer): the same answer, the order cancelled once.
    expect(await adapter.cancelOrder(order.id, `credit-cancel:${order.id}`)).toEqual(cancelled);

    // An order Two has fulfilled cannot be cancelled: Two's 409 is a refusal naming the order's state, not "Two is down".
    const fulfilled = await adapter.createOrder(customer, { ...request, merchantReference: 'basket-fulfilled' }, 'credit-order:fulfilled-test');
    await adapter.fulfilOrder(fulfilled.id, `credit-fulfil:${fulfilled.id}`);
    const refused = await adapter.cancelOrder(fulfilled.id, `credit-cancel:${fulfilled.id}`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CreditOrderRefused);
    expect((refused as Error).message).toBe('Two refused the order call (409): order is FULFILLED');
    expect(await adapter.getOrder(fulfilled.id)).toMatchObject({ state: 'FULFILLED' });
    // An order Two does not know: refused the same way.
    const unknown = await adapter.cancelOrder('ord_unknown', 'credit-cancel:ord_unknown').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(CreditOrderRefused);
    expect((unknown as Error).message).toBe('Two refused the order call (404): no such order');
  });

  it('edits an order Two approved with its Edit order call and an idempotency key: a higher amount within the limits, one over them declined', async () => {
    const adapter = createTwoProvider({ apiKey: two.apiKey, apiUrl: two.url, merchantId: two.merchantId });
    const customer = { organisationNumber: '09876543' };
    const line = { sku: 'TAP-1', name: 'Basin tap', quantity: 1, unitPricePence: 12_000, lineTotalPence: 12_000 };
    const request = orderRequest('BP-EDIT-TEST', 12_000, 2_000, [line]);
    const order = await adapter.createOrder(customer, request, 'credit-order:edit-test');
    const before = two.requests.length;
    const raised = { ...request, amountPence: 24_000, vatPence: 4_000, lines: [{ ...line, quantity: 2, lineTotalPence: 24_000 }] };
    expect(await adapter.updateOrder(order.id, raised, 'credit-change:edit-test')).toEqual({
      approved: true,
      order: expect.objectContaining({ id: order.id, state: 'VERIFIED', amountPence: 24_000 }),
    });
    expect(two.requests.slice(before)).toEqual([{ method: 'PUT', path: `/v1/order/${order.id}`, idempotencyKey: 'credit-change:edit-test' }]);
    // Over the stand-in's single-order maximum (£2,500): declined with Two's reason, the order as it was.
    expect(await adapter.updateOrder(order.id, { ...raised, amountPence: 260_000 }, 'credit-change:edit-too-much')).toEqual({
      approved: false,
      reason: 'over_single_order_limit',
    });
    expect(await adapter.getOrder(order.id)).toMatchObject({ amountPence: 24_000 });
    // Fulfilled, it is no longer Two's to edit: a refusal, not "Two is down".
    await adapter.fulfilOrder(order.id, `credit-fulfil:${order.id}`);
    await expect(adapter.updateOrder(order.id, { ...raised, amountPence: 30_000 }, 'credit-change:edit-late')).rejects.toThrow(
      'Two refused the order call (409): order is FULFILLED',
    );
  });

  it('cancels an order on account staff cancel before dispatch with Two’s cancel call, keyed by the cancellation, and nothing is owed on it', async () => {
    const taylor = onAccountClients(() => api)('taylor');
    const basket = await onAccountBasket(api, 'taylor', parcel);
    const placed = await taylor.checkout.payOnAccount({ params: basket.params });
    const before = two.requests.length;
    const orders = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
    const cancelled = await orders.cancelOrder({ params: { orderNumber: placed.orderNumber }, body: { reason: 'Customer rang to cancel' } });
    expect(cancelled.status).toBe('cancelled');
    // Not a refund (Two has invoiced nothing before dispatch): its cancel, with the shop's cancellation's key.
    expect(two.requests.slice(before)).toEqual([
      {
        method: 'POST',
        path: expect.stringMatching(/^\/v1\/order\/ord_\w+\/cancel$/),
        idempotencyKey: expect.stringMatching(/^order:[0-9a-f-]+:cancellation:\d+$/),
      },
    ]);
    const invoice = (await taylor.credit.listOnAccountInvoices({ query: { pageSize: 50 } })).items.find((item) => item.orderNumber === placed.orderNumber);
    expect(invoice).toMatchObject({ standing: 'settled', outstandingPence: 0 });
  });

  it('credits a part cancelled before dispatch with Two’s Edit order (what is left, keyed by the credit), and refunds only after fulfilment', async () => {
    const { basket, placed, part, asked } = await partCancelledByTaylor();
    expect(part.creditedToAccount).toBe(true);
    // Not a refund (Two refunds only a fulfilled order): its Edit order, a PUT with the credit's key, and nothing else asked of it.
    expect(asked).toEqual([
      {
        method: 'PUT',
        path: expect.stringMatching(/^\/v1\/order\/ord_\w+$/),
        idempotencyKey: expect.stringMatching(/^order:[0-9a-f-]+:line-cancellation:\d+$/),
      },
    ]);
    const id = asked[0]!.path.split('/')[3]!;
    const left = basket.total - part.refundedPence;
    const atTwo = two.orderOf(id)!;
    expect(atTwo).toMatchObject({ state: 'VERIFIED', gross_amount: (left / 100).toFixed(2), refunded_amount: '0.00' });
    expect(atTwo.line_items).toEqual([expect.objectContaining({ merchant_product_id: parcel, quantity: 1 })]);
    expect(Number(atTwo.net_amount) + Number(atTwo.tax_amount)).toBeCloseTo(left / 100, 2);

    // Two refuses a refund of an order it has not fulfilled: a refusal naming its state, not "Two is down".
    const adapter = createTwoProvider({ apiKey: two.apiKey, apiUrl: two.url, merchantId: two.merchantId });
    await expect(adapter.refundOrder(id, 100, 'refund-before-fulfilment')).rejects.toThrow('Two refused the order call (409): order is VERIFIED');
    // Dispatched, a credit is Two's refund against the smaller invoice.
    const orders = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
    await orders.advanceOrder({
      params: { orderNumber: placed.orderNumber },
      body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567891' },
    });
    const refunded = await orders.refundOrder({
      params: { orderNumber: placed.orderNumber },
      body: { amountPence: 200, reason: 'Goodwill', alreadyRefundedPence: part.refundedPence },
    });
    expect(refunded.payment.refundedPence).toBe(part.refundedPence + 200);
    expect(two.orderOf(id)).toMatchObject({ state: 'FULFILLED', gross_amount: (left / 100).toFixed(2), refunded_amount: '2.00' });
    expect(two.requests.filter((request) => request.method !== 'GET').every((request) => request.idempotencyKey)).toBe(true);
  });

  it('reads an edited order from Two as the sandbox keeps one: the same gross, net and tax amounts and lines; once fulfilled neither edits', async () => {
    const sandbox = createCreditSandbox({ db: api.database.db, clock: { now: () => new Date() }, publicUrl: api.origin });
    const adapter = createTwoProvider({ apiKey: two.apiKey, apiUrl: two.url, merchantId: two.merchantId });
    const tap = { sku: 'TAP-1', name: 'Basin tap', quantity: 2, unitPricePence: 4_500, lineTotalPence: 9_000 };
    const request = orderRequest('BP-PARITY-TEST', 12_000, 2_000, [
      tap,
      { sku: 'WASTE-1', name: 'Click waste', quantity: 1, unitPricePence: 3_000, lineTotalPence: 3_000 },
    ]);
    const edit = { ...request, amountPence: 4_500, vatPence: 750, lines: [{ ...tap, quantity: 1, lineTotalPence: 4_500 }] };
    const contents = ({ state, amountPence, netPence, vatPence, lines, refundedPence }: ProviderOrder) => ({
      state,
      amountPence,
      netPence,
      vatPence,
      lines,
      refundedPence,
    });
    /** Created, edited, read back, then fulfilled and asked to edit again: what each step answered. */
    const steps = async (provider: CreditProvider, key: string) => {
      const created = await provider.createOrder({ organisationNumber: '07669902' }, request, `credit-order:${key}`);
      const answer = await provider.updateOrder(created.id, edit, `credit-edit:${key}`);
      const read = (await provider.getOrder(created.id))!;
      await provider.fulfilOrder(created.id, `credit-fulfil:${key}`);
      const late = await provider.updateOrder(created.id, { ...edit, amountPence: 3_000, vatPence: 500 }, `credit-edit-late:${key}`).catch((error) => error);
      const after = (await provider.getOrder(created.id))!;
      return {
        created: contents(created),
        answered: answer.approved ? contents(answer.order) : answer,
        read: contents(read),
        late: late instanceof CreditOrderRefused,
        after: { ...contents(after), state: after.state },
      };
    };
    const atSandbox = await steps(sandbox, 'parity-sandbox');
    const atTwo = await steps(adapter, 'parity-two');
    const edited = { state: 'VERIFIED', amountPence: 4_500, netPence: 3_750, vatPence: 750, lines: edit.lines, refundedPence: 0 };
    expect(atSandbox).toEqual({
      created: { state: 'VERIFIED', amountPence: 12_000, netPence: 10_000, vatPence: 2_000, lines: request.lines, refundedPence: 0 },
      answered: edited,
      read: edited,
      late: true,
      after: { ...edited, state: 'FULFILLED' },
    });
    expect(atTwo).toEqual(atSandbox);
  });

  it('applies Two’s signed order.updated webhook after an edit: the amounts it says kept, listed for staff with its VAT and lines', async () => {
    const { taylor, placed, asked } = await partCancelledByTaylor();
    const id = asked.find((request) => request.method === 'PUT')!.path.split('/')[3]!;
    const atTwo = two.orderOf(id)!;
    // Two's event about its edit: the order as Two holds it now, a little after the shop wrote its answer down.
    const body = JSON.stringify({
      id: 'evt_two_updated',
      event: 'order.updated',
      occurred_at: new Date(Date.now() + 1_000).toISOString(),
      organization_number: '09876543',
      order: { ...atTwo, gross_amount: '40.00', net_amount: '33.33', tax_amount: '6.67' },
    });
    const answer = await fetch(`${api.origin}/api/accounts/api/two/Webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'two-signature': signWebhook(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)) },
      body,
    });
    expect(await answer.json()).toEqual({ received: true, duplicate: false, effect: 'applied' });
    const invoice = (await taylor.credit.listOnAccountInvoices({ query: { pageSize: 50 } })).items.find((item) => item.orderNumber === placed.orderNumber);
    expect(invoice).toMatchObject({ amountPence: 4_000 });
    const { items } = await client('reviewer').listCreditWebhooks({ query: { pageSize: 50 } });
    expect(items.find((item) => item.eventId === 'evt_two_updated')).toMatchObject({
      type: 'order.updated',
      effect: 'applied',
      orderNumber: placed.orderNumber,
      summary: 'Order edited before dispatch: £40 (VAT £6.67), 1 item on 1 line',
    });
  });

  it('answers 503 with what to do when Two cannot be reached, and changes nothing; checkout offers the card and says why', async () => {
    const taylor = onAccountClients(() => api)('taylor');
    const basket = await onAccountBasket(api, 'taylor', parcel);
    const ordersBefore = await ordersOf(actors.taylor!.userId);
    await two.close();
    const down = await failure(client('taylor').getMerchantCustomerUser());
    expect([down.status, down.code]).toEqual([503, 'CREDIT_PROVIDER_UNAVAILABLE']);
    expect((down.data as { detail: string }).detail).toContain('pay by card');
    const resend = await failure(client('taylor').resendApplicationNotificationEmail());
    expect(resend.status).toBe(503);

    // At the payment step the card is there as ever, and paying on account is not offered, saying why and what to do.
    const options = await taylor.checkout.getPaymentOptions({ params: basket.params });
    expect(options.card.provider).toBe('sandbox');
    expect(options.onAccount).toMatchObject({ offered: false, refusal: 'provider_unavailable' });
    expect(options.onAccount!.message).toContain('We cannot reach Two');
    expect(options.onAccount!.message).toContain('Pay by card');
    // Asked anyway (a page drawn before Two went down), it is turned away as the credit calls are, to try again or pay by card,
    // and nothing is placed: no order, and the basket still there to pay by card.
    const refused = await failure(taylor.checkout.payOnAccount({ params: basket.params }));
    expect([refused.status, refused.code]).toEqual([503, 'CREDIT_PROVIDER_UNAVAILABLE']);
    expect((refused.data as { detail: string }).detail).toContain('pay by card');
    expect(await ordersOf(actors.taylor!.userId)).toBe(ordersBefore);
    expect((await taylor.checkout.getPaymentOptions({ params: basket.params })).amountPence).toBe(basket.total);
  });
});
