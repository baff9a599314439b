import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoStandIn, type TwoStandIn } from '@shop/demo/two-standin';
import { createOrdersClient, createTradeCreditClient, type TradeCreditClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { onAccountBasket, onAccountClients } from './testing.ts';

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

  it('answers 503 with what to do when Two cannot be reached, and changes nothing', async () => {
    await two.close();
    const down = await failure(client('taylor').getMerchantCustomerUser());
    expect([down.status, down.code]).toEqual([503, 'CREDIT_PROVIDER_UNAVAILABLE']);
    expect((down.data as { detail: string }).detail).toContain('pay by card');
    const resend = await failure(client('taylor').resendApplicationNotificationEmail());
    expect(resend.status).toBe(503);
  });
});
