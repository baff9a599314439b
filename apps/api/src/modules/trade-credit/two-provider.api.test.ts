import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoStandIn, type TwoStandIn } from '@shop/demo/two-standin';
import { createTradeCreditClient, type TradeCreditClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

/** The Two adapter against a local stand-in for Two's API: the key stays on the server, every write has an idempotency key, and Two down is a 503. */
let api: TestApi;
let two: TwoStandIn;
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
    env: { TWO_API_KEY: two.apiKey, TWO_API_URL: two.url, TWO_MERCHANT_ID: two.merchantId },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const rows = (await api.database.db.execute(
    sql`select id, email from identity_users where email in ('trade@demo.test', 'studio@tiledesign.demo.test')`,
  )) as unknown as { rows: { id: string; email: string }[] };
  for (const row of rows.rows) actors[row.email.startsWith('trade') ? 'taylor' : 'chloe'] = { userId: row.id, email: row.email, roles: ['shopper', 'trade'] };
});
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

  it('answers 503 with what to do when Two cannot be reached, and changes nothing', async () => {
    await two.close();
    const down = await failure(client('taylor').getMerchantCustomerUser());
    expect([down.status, down.code]).toEqual([503, 'CREDIT_PROVIDER_UNAVAILABLE']);
    expect((down.data as { detail: string }).detail).toContain('pay by card');
    const resend = await failure(client('taylor').resendApplicationNotificationEmail());
    expect(resend.status).toBe(503);
  });
});
