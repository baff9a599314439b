import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradeClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { TestBrowser, readForm } from './testing.ts';

/**
 * Reset links are limited to 3 per address every 15 minutes however many ask at once (on
 * PostgreSQL, requests on several connections): the public "forgot password" form and staff
 * resetting a trade account holder's password count against the same limit.
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  rita: { userId: 'user-rita', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
};

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
});
afterAll(() => api?.close());

/** A browser on the forgot-password page, ready to send the form for `email`. */
async function forgotForm(email: string) {
  const browser = new TestBrowser(api.origin);
  const form = readForm((await browser.get('/identity/password/forgot')).body, '/password/forgot');
  return () => browser.post(form.action, { ...form.fields, email });
}

describe('reset links asked for at once', () => {
  it('eight forgot-password forms for one address: three e-mails, the rest told to wait', async () => {
    const sends = await Promise.all(Array.from({ length: 8 }, () => forgotForm('shopper@demo.test')));
    const answers = await Promise.all(sends.map((send) => send()));
    expect(answers.map((answer) => answer.status).toSorted((a, b) => a - b)).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await readOutbox(api.database.db, { to: 'shopper@demo.test', template: 'identity.reset-password' })).toHaveLength(3);
  });

  it('staff resets and the forgot-password form together: three e-mails between them', async () => {
    const trade = createTradeClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => 'rita' });
    const [account] = (await trade.searchTradeAccounts({ body: { text: 'trade@demo.test' } })).items;
    const sends = await Promise.all(Array.from({ length: 4 }, () => forgotForm('trade@demo.test')));
    const answers = await Promise.allSettled([
      ...sends.map(async (send) => (await send()).status),
      ...Array.from({ length: 4 }, async () => {
        await trade.resetTradeAccountPassword({ params: { id: account!.id } });
        return 202;
      }),
    ]);
    const statuses = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as { status: number }).status));
    expect(statuses.filter((status) => status === 200 || status === 202)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(await readOutbox(api.database.db, { to: 'trade@demo.test', template: 'identity.reset-password' })).toHaveLength(3);
  });
});
