import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradeCreditClient, type TradeCreditClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { DELEGATION_TTL_SECONDS } from './sandbox-provider.ts';
import { tradeCreditPersonalData } from './trade-credit.personal-data.ts';

/** Trade credit with the embedded sandbox, as the demo's trade customers: each call, each refusal, and two submits at once. */
let api: TestApi;
let offsetMs = 0;
const later = (seconds: number) => void (offsetMs += seconds * 1000);
const actors: Record<string, Actor> = {
  shopper: { userId: 'user-shopper', roles: ['shopper'] },
  // The trade role without a trade account (an applicant not yet approved, say).
  stranger: { userId: 'user-stranger', roles: ['shopper', 'trade'] },
};
const client = (name: string): TradeCreditClient => createTradeCreditClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name });
const EMAILS = {
  taylor: 'trade@demo.test',
  north: 'orders@northbathrooms.demo.test',
  brick: 'accounts@brickandbeam.demo.test',
  newleaf: 'hello@newleafhomes.demo.test',
  chloe: 'studio@tiledesign.demo.test',
  dave: 'dave@quickfixplumbing.demo.test',
};

const mailsTo = async (to: string) =>
  (
    (await api.database.db.execute(sql`select subject, text from email_outbox where "to" = ${to} and template = 'trade-credit.verify'`)) as unknown as {
      rows: { subject: string; text: string }[];
    }
  ).rows;

const proposal = {
  tradingName: 'Tile & Tone Design',
  tradingAddress: { line1: '1 Ship Street', town: 'Brighton', postcode: 'bn1 1ae' },
  proprietorName: 'Chloe Martin',
  dateOfBirth: '1985-06-14',
  homeAddress: { line1: '5 Dyke Road', town: 'Brighton', postcode: 'BN1 3FE' },
};

beforeAll(async () => {
  api = await startTestApi({
    clock: { now: () => new Date(Date.now() + offsetMs) },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const rows = (await api.database.db.execute(
    sql`select id, email from identity_users where email in (${sql.join(
      Object.values(EMAILS).map((email) => sql`${email}`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { id: string; email: string }[] };
  for (const [name, email] of Object.entries(EMAILS)) {
    const row = rows.rows.find((found) => found.email === email);
    if (row) actors[name] = { userId: row.id, email, roles: ['shopper', 'trade'] };
  }
});
afterAll(() => api.close());

describe('a limited company matched by its Companies House number', () => {
  it('shows the provider’s credit, creates one customer user, e-mails the verification link once, and verifies', async () => {
    const before = await client('taylor').getMerchantCustomerUser();
    expect(before).toMatchObject({ provider: 'two', businessType: 'limited_company', companyNumber: '09876543', customerUser: null, proposal: null });
    expect(before.credit).toMatchObject({
      decision: 'approved',
      limitPence: 1_500_000,
      availablePence: 1_250_000,
      maxSingleOrderPence: 500_000,
      arrearsPence: 0,
    });

    const created = await client('taylor').postMerchantCustomerUser({ body: {} });
    expect(created.customerUser).toMatchObject({ email: EMAILS.taylor, verified: false, isLegalRep: true });
    expect(created.customerUser!.verificationUrl).toContain('/api/accounts/api/two/sandbox/verify?');
    const again = await client('taylor').postMerchantCustomerUser({ body: { firstName: 'Sam' } });
    expect(again.customerUser!.id).toBe(created.customerUser!.id);
    const mails = await mailsTo(EMAILS.taylor);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(created.customerUser!.verificationUrl!);

    // Within 5 minutes of the first e-mail, the link is not sent again.
    const soon = await failure(client('taylor').resendApplicationNotificationEmail());
    expect([soon.status, soon.code]).toEqual([429, 'CREDIT_RESEND_TOO_SOON']);
    later(301);
    const resent = await client('taylor').resendApplicationNotificationEmail();
    expect(resent.sentTo).toBe(EMAILS.taylor);
    expect(await mailsTo(EMAILS.taylor)).toHaveLength(2);

    const link = new URL(created.customerUser!.verificationUrl!);
    const page = await fetch(`${api.origin}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your details are verified');
    const verified = await client('taylor').getMerchantCustomerUser();
    expect(verified.customerUser).toMatchObject({ verified: true, verificationUrl: null });
    later(301);
    const done = await failure(client('taylor').resendApplicationNotificationEmail());
    expect([done.status, done.code]).toEqual([409, 'CREDIT_USER_ALREADY_VERIFIED']);
  });

  it('hands out a short-lived delegation token for the user and business, never the merchant key', async () => {
    const token = await client('taylor').getDelegationToken();
    expect(token.scopes).toEqual(['verify_returning_buyer']);
    expect(token.token).toMatch(/^dat_/);
    const lifetime = (Date.parse(token.expiresAt) - (Date.now() + offsetMs)) / 1000;
    expect(lifetime).toBeGreaterThan(DELEGATION_TTL_SECONDS - 30);
    expect(lifetime).toBeLessThanOrEqual(DELEGATION_TTL_SECONDS);
    const before = await failure(client('north').getDelegationToken());
    expect([before.status, before.code]).toEqual([409, 'CREDIT_USER_NOT_CREATED']);
  });

  it('explains a lower limit, arrears and a decline in plain words', async () => {
    expect((await client('north').getMerchantCustomerUser()).credit).toMatchObject({ decision: 'approved', limitPence: 200_000, maxSingleOrderPence: 100_000 });
    const arrears = (await client('brick').getMerchantCustomerUser()).credit!;
    expect(arrears).toMatchObject({ arrearsPence: 345_000, availablePence: 0 });
    expect(arrears.message).toContain('overdue');
    const declined = (await client('newleaf').getMerchantCustomerUser()).credit!;
    expect(declined).toMatchObject({ decision: 'declined', declineReason: 'low_credit_score', availablePence: 0 });
    expect(declined.message).toContain('pay by card');
  });
});

describe('a sole trader’s proposal', () => {
  it('goes DRAFT → SUBMITTED → REVIEWING → ACCEPTED, and then the customer user is made with the given number', async () => {
    const draft = await client('chloe').postMerchantCustomerUser({ body: {} });
    expect(draft).toMatchObject({ businessType: 'sole_trader', companyNumber: null, customerUser: null, credit: null, proposal: { status: 'DRAFT' } });
    const id = draft.proposal!.id;
    const { token, scopes } = await client('chloe').getDelegationToken();
    expect(scopes).toEqual(['create_proposal']);

    // Each bad field is refused beside it, and the proposal stays a draft.
    const missing = await failure(client('chloe').submitSoleTraderProposal({ params: { id }, body: { ...proposal, delegationToken: '' } }));
    expect([missing.status, missing.code]).toEqual([400, 'VALIDATION_FAILED']);
    const young = await failure(
      client('chloe').submitSoleTraderProposal({ params: { id }, body: { ...proposal, dateOfBirth: '2015-01-01', delegationToken: token } }),
    );
    expect([young.status, young.code, (young.data as { errors?: { path: string }[] }).errors?.[0]?.path]).toEqual([
      400,
      'CREDIT_PROPOSAL_INVALID',
      'body.dateOfBirth',
    ]);
    const postcode = await failure(
      client('chloe').submitSoleTraderProposal({
        params: { id },
        body: { ...proposal, homeAddress: { ...proposal.homeAddress, postcode: 'NOWHERE' }, delegationToken: token },
      }),
    );
    expect([postcode.code, (postcode.data as { errors?: { path: string }[] }).errors?.[0]?.path]).toEqual([
      'CREDIT_PROPOSAL_INVALID',
      'body.homeAddress.postcode',
    ]);
    const forged = await failure(client('chloe').submitSoleTraderProposal({ params: { id }, body: { ...proposal, delegationToken: 'dat_forged' } }));
    expect([forged.status, forged.code]).toEqual([401, 'CREDIT_DELEGATION_TOKEN_INVALID']);
    expect((await client('chloe').getMerchantCustomerUser()).proposal!.status).toBe('DRAFT');

    const submitted = await client('chloe').submitSoleTraderProposal({ params: { id }, body: { ...proposal, delegationToken: token } });
    expect(submitted).toMatchObject({ id, status: 'SUBMITTED', tradingName: 'Tile & Tone Design' });
    const twice = await failure(client('chloe').submitSoleTraderProposal({ params: { id }, body: { ...proposal, delegationToken: token } }));
    expect([twice.status, twice.code]).toEqual([409, 'CREDIT_PROPOSAL_ALREADY_SUBMITTED']);

    later(6);
    expect((await client('chloe').getMerchantCustomerUser()).proposal!.status).toBe('REVIEWING');
    later(6);
    const accepted = await client('chloe').getMerchantCustomerUser();
    expect(accepted.proposal!.status).toBe('ACCEPTED');
    expect(accepted.credit).toMatchObject({ decision: 'approved', limitPence: 300_000 });
    const user = await client('chloe').postMerchantCustomerUser({ body: { firstName: 'Chloe', lastName: 'Martin' } });
    expect(user.customerUser).toMatchObject({ firstName: 'Chloe', lastName: 'Martin', verified: false });
    expect(await mailsTo(EMAILS.chloe)).toHaveLength(1);
  });

  it('refuses an expired delegation token and keeps nothing of what was sent', async () => {
    const draft = await client('dave').postMerchantCustomerUser({ body: {} });
    const { token } = await client('dave').getDelegationToken();
    later(DELEGATION_TTL_SECONDS + 1);
    const expired = await failure(
      client('dave').submitSoleTraderProposal({
        params: { id: draft.proposal!.id },
        body: { ...proposal, proprietorName: 'Dave Hughes', delegationToken: token },
      }),
    );
    expect([expired.status, expired.code]).toEqual([401, 'CREDIT_DELEGATION_TOKEN_EXPIRED']);
    const rows = (await api.database.db.execute(sql`select status, date_of_birth from trade_credit_proposals where id = ${draft.proposal!.id}`)) as unknown as {
      rows: { status: string; date_of_birth: string | null }[];
    };
    expect(rows.rows[0]).toEqual({ status: 'DRAFT', date_of_birth: null });
  });

  it('of two submits of one proposal at once, one moves it and the other is told it is already sent', async () => {
    const id = (await client('dave').getMerchantCustomerUser()).proposal!.id;
    const { token } = await client('dave').getDelegationToken();
    const body = { ...proposal, proprietorName: 'Review Dave Hughes', delegationToken: token };
    const results = await Promise.allSettled([
      client('dave').submitSoleTraderProposal({ params: { id }, body }),
      client('dave').submitSoleTraderProposal({ params: { id }, body }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, code: 'CREDIT_PROPOSAL_ALREADY_SUBMITTED' });
    later(20);
    // "Review…" is held for review in the sandbox: no number, no credit yet.
    expect(await client('dave').getMerchantCustomerUser()).toMatchObject({ proposal: { status: 'REVIEWING' }, credit: null });
  });
});

describe('erasure', () => {
  it('clears the proprietor’s name, date of birth and home address, and keeps the provider’s decision', async () => {
    const subject = { userId: actors.chloe!.userId, emailAddresses: [EMAILS.chloe] };
    const [proposals] = tradeCreditPersonalData;
    expect(await proposals!.count(api.database.db, subject)).toBe(1);
    await api.database.db.transaction((tx) => proposals!.erase!(tx, subject, new Date()));
    const rows = (await api.database.db.execute(
      sql`select status, proprietor_name, date_of_birth, home_address from trade_credit_proposals p
          join trade_credit_links l on l.trade_account_id = p.trade_account_id where l.user_id = ${subject.userId}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows).toEqual([{ status: 'ACCEPTED', proprietor_name: null, date_of_birth: null, home_address: null }]);
  });
});

describe('who may call', () => {
  it('gives a shopper, a trade role without an account, and another business the same 404 as an unknown one', async () => {
    for (const name of ['shopper', 'stranger']) {
      for (const call of [
        () => client(name).getMerchantCustomerUser(),
        () => client(name).postMerchantCustomerUser({ body: {} }),
        () => client(name).getDelegationToken(),
        () => client(name).resendApplicationNotificationEmail(),
        () => client(name).submitSoleTraderProposal({ params: { id: 'prop_x' }, body: { ...proposal, delegationToken: 'dat_x' } }),
      ]) {
        const refused = await failure(call());
        expect([refused.status, refused.code]).toEqual([404, 'CREDIT_ACCOUNT_NOT_FOUND']);
      }
    }
    const chloes = (await client('chloe').getMerchantCustomerUser()).proposal!.id;
    const other = await failure(client('taylor').submitSoleTraderProposal({ params: { id: chloes }, body: { ...proposal, delegationToken: 'dat_x' } }));
    expect([other.status, other.code]).toEqual([404, 'CREDIT_ACCOUNT_NOT_FOUND']);
    const anonymous = await failure(createTradeCreditClient({ baseUrl: api.serviceUrl('accounts') }).getMerchantCustomerUser());
    expect(anonymous.status).toBe(401);
  });
});
