import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { identityThrottleEvents, identityUsers } from './identity.tables.ts';
import { TestBrowser, alertText, authorizeUrl, openSignUp, readForm, submitSignIn } from './testing.ts';

/**
 * The sign-in and sign-up limits hold however many forms arrive at once (on PostgreSQL, requests
 * on several connections): 5 tries at one account's password, 10 new accounts per client address.
 */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** A browser on the sign-in page, ready to send `email` and `password`. */
async function signInForm(email: string, password: string) {
  const browser = new TestBrowser(api.origin);
  const form = readForm((await browser.follow(await browser.get(authorizeUrl(api)))).body, '/login');
  return () => browser.post(form.action, { ...form.fields, email, password });
}

/** A browser on the sign-up page, ready to create an account for `email`. */
async function signUpForm(email: string) {
  const browser = new TestBrowser(api.origin);
  const form = readForm((await openSignUp(api, browser)).body, '/register');
  return () => browser.post(form.action, { ...form.fields, name: 'Rae Racer', email, password: 'brass-compression-elbow' });
}

describe('sign-in and sign-up forms sent at once', () => {
  it('twelve wrong passwords for one account: five are tried, the rest told to wait, and the right one then waits too', async () => {
    const sends = await Promise.all(Array.from({ length: 12 }, (_, index) => signInForm('shopper@demo.test', `wrong-guess-${index}`)));
    const answers = await Promise.all(sends.map((send) => send()));
    expect(answers.map((answer) => answer.status).toSorted((a, b) => a - b)).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    const tries = await api.database.db.select().from(identityThrottleEvents).where(like(identityThrottleEvents.bucket, 'sign-in:account:%'));
    expect(tries).toHaveLength(5);
    const right = await submitSignIn(new TestBrowser(api.origin), authorizeUrl(api), 'shopper@demo.test', 'demo-password');
    expect(right.status).toBe(429);
    expect(alertText(right.body)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
  });

  it('fifteen sign-ups from one client address: ten accounts, the rest told to wait', async () => {
    const sends = await Promise.all(Array.from({ length: 15 }, (_, index) => signUpForm(`racer${index}@example.com`)));
    const answers = await Promise.all(sends.map((send) => send()));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(alertText(refused[0]!.body)).toBe('Too many new accounts from this address. Try again in 60 minutes.');
    expect(await api.database.db.select().from(identityUsers).where(like(identityUsers.email, 'racer%@example.com'))).toHaveLength(10);
  });
});
