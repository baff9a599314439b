import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../notifications/testing.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { TestBrowser, alertText, authorizeUrl, callbackUri, openSignUp, readForm, signIn, submitSignIn, tokenRequest } from './testing.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** The one link in the newest e-mail of this kind to this address. */
async function linkInEmail(to: string, template: string): Promise<string> {
  const [email] = await readOutbox(api.database.db, { to, template });
  if (!email) throw new Error(`no ${template} e-mail to ${to}`);
  const links = [...email.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]).filter((url) => url.includes('/identity/'));
  expect(links).toHaveLength(1);
  // The e-mail links to PUBLIC_URL; the test server listens elsewhere.
  const url = new URL(links[0]!);
  return `${api.origin}${url.pathname}${url.search}`;
}

describe('creating an account', () => {
  it('shows the password rules and enforces them on the server', async () => {
    const browser = new TestBrowser(api.origin);
    const page = await openSignUp(api, browser);
    expect(page.body).toContain('At least 10 characters');
    expect(page.body).toContain('Not your e-mail address');
    expect(page.body).toContain('Not a commonly used password');
    // The rules are ticked off as they type: the policy's hash is the page's script's, so the browser runs it.
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(script).toContain('password-rules');
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    const form = readForm(page.body, '/register');

    const attempt = async (password: string, email = 'rules@example.com') => browser.post(form.action, { ...form.fields, name: 'Rita Rules', email, password });
    const short = await attempt('short');
    expect(short.status).toBe(400);
    expect(short.body).toContain('Use at least 10 characters.');
    expect(short.body).toMatch(/id="password"[^>]*aria-invalid="true"[^>]*aria-describedby="password-error password-rules"/);
    expect((await attempt('rules@example.com')).body).toContain('Choose a password that is not your e-mail address.');
    expect((await attempt('Password123')).body).toContain('That password is too common');
    const badEmail = await attempt('a-long-enough-password', 'not-an-address');
    expect(badEmail.body).toContain('Enter an e-mail address like name@example.co.uk.');
    expect(await readOutbox(api.database.db, { to: 'rules@example.com' })).toHaveLength(0);
  });

  it('sends a verification link; signing in waits for it; the link confirms and signs in', async () => {
    const email = 'new.customer@example.com';
    const password = 'copper-pipe-fitting';
    const browser = new TestBrowser(api.origin);
    const page = await openSignUp(api, browser);
    const form = readForm(page.body, '/register');
    const created = await browser.post(form.action, { ...form.fields, name: 'Nia Newcomer', email, password });
    expect(created.status).toBe(200);
    expect(alertText(created.body)).toContain(`We have sent a message to ${email}.`);

    const [message] = await readOutbox(api.database.db, { to: email, template: 'identity.verify-email' });
    expect(message).toMatchObject({ subject: 'Confirm your e-mail address' });
    const link = await linkInEmail(email, 'identity.verify-email');
    // Only a hash of the token is stored.
    const token = new URL(link).searchParams.get('token')!;
    const stored = await api.database.db.query.identityUserTokens.findMany();
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect(stored.every((row) => row.tokenHash.length === 64)).toBe(true);

    // Before the address is confirmed, the right password is not enough.
    const early = await submitSignIn(new TestBrowser(api.origin), authorizeUrl(api), email, password);
    expect(early.status).toBe(403);
    expect(alertText(early.body)).toMatch(/^Confirm your e-mail address to sign in/);

    // Following the link in the browser that signed up finishes the sign-in.
    const verified = await browser.follow(await browser.get(link));
    const callback = new URL(verified.location!);
    expect(callback.origin + callback.pathname).toBe(callbackUri(api));
    expect(callback.searchParams.get('code')).toBeTruthy();

    // The link works once.
    const again = await new TestBrowser(api.origin).get(link);
    expect(again.status).toBe(200);
    expect(again.body).toContain('E-mail address confirmed');
    const bogus = await new TestBrowser(api.origin).get(`${api.origin}/identity/verify-email?token=nonsense`);
    expect(bogus.status).toBe(400);
    expect(bogus.body).toContain('This link is not valid');

    const result = await signIn(api, email, password);
    expect(result.tokens.access_token).toBeTruthy();
  });

  it('says the same when the address already has an account, and tells its owner by e-mail', async () => {
    const browser = new TestBrowser(api.origin);
    const page = await openSignUp(api, browser);
    const form = readForm(page.body, '/register');
    const response = await browser.post(form.action, { ...form.fields, name: 'Someone', email: 'Shopper@Demo.test', password: 'another-good-password' });
    expect(response.status).toBe(200);
    expect(alertText(response.body)).toContain('We have sent a message to Shopper@Demo.test.');
    const [notice] = await readOutbox(api.database.db, { to: 'shopper@demo.test', template: 'identity.account-exists' });
    expect(notice).toBeTruthy();
    // The existing account is untouched.
    await expect(signIn(api, 'shopper@demo.test', 'demo-password')).resolves.toBeTruthy();
  });
});

describe('forgotten password', () => {
  const requestReset = async (browser: TestBrowser, email: string) => {
    const page = await browser.get('/identity/password/forgot');
    expect(page.status).toBe(200);
    const form = readForm(page.body, '/password/forgot');
    return browser.post(form.action, { ...form.fields, email });
  };

  it('answers the same for registered and unknown addresses, and mails only the registered', async () => {
    const known = await requestReset(new TestBrowser(api.origin), 'trade@demo.test');
    const unknown = await requestReset(new TestBrowser(api.origin), 'nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(alertText(known.body)).toBe("If an account exists for that address, we've sent a link to reset your password. It works for one hour.");
    expect(alertText(unknown.body)).toBe(alertText(known.body));
    expect(await readOutbox(api.database.db, { to: 'trade@demo.test', template: 'identity.reset-password' })).toHaveLength(1);
    expect(await readOutbox(api.database.db, { to: 'nobody-here@example.com' })).toHaveLength(0);
  });

  it('resets the password once, ends other sessions and refresh tokens', async () => {
    const before = await signIn(api, 'trade@demo.test', 'demo-password');
    const link = await linkInEmail('trade@demo.test', 'identity.reset-password');

    const browser = new TestBrowser(api.origin);
    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Choose a new password');
    const form = readForm(page.body, '/password/reset');
    const weak = await browser.post(form.action, { ...form.fields, password: 'trade@demo.test' });
    expect(weak.status).toBe(400);
    expect(weak.body).toContain('Choose a password that is not your e-mail address.');
    const done = await browser.post(form.action, { ...form.fields, password: 'a-brand-new-passphrase' });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Password changed');
    expect(await readOutbox(api.database.db, { to: 'trade@demo.test', template: 'identity.password-changed' })).toHaveLength(1);

    // The link is used up.
    const reused = await browser.get(link);
    expect(reused.status).toBe(400);
    expect(reused.body).toContain('This link is not valid');

    // The refresh token and the session from before are gone.
    const refresh = await tokenRequest(api, { grant_type: 'refresh_token', refresh_token: before.tokens.refresh_token! });
    expect(refresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const silent = await before.browser.follow(await before.browser.get(authorizeUrl(api, { params: { prompt: 'none' } })));
    expect(new URL(silent.location!).searchParams.get('error')).toBe('login_required');

    const oldPassword = await submitSignIn(new TestBrowser(api.origin), authorizeUrl(api), 'trade@demo.test', 'demo-password');
    expect(oldPassword.status).toBe(401);
    await expect(signIn(api, 'trade@demo.test', 'a-brand-new-passphrase')).resolves.toBeTruthy();
  });

  it('limits reset links per address and says when to try again', async () => {
    const browser = new TestBrowser(api.origin);
    for (let index = 0; index < 3; index += 1) expect((await requestReset(browser, 'staff@demo.test')).status).toBe(200);
    const limited = await requestReset(browser, 'staff@demo.test');
    expect(limited.status).toBe(429);
    expect(alertText(limited.body)).toBe('Too many requests for a reset link. Try again in 15 minutes.');
    expect(await readOutbox(api.database.db, { to: 'staff@demo.test', template: 'identity.reset-password' })).toHaveLength(3);
  });

  it('refuses the form without its CSRF token', async () => {
    const browser = new TestBrowser(api.origin);
    await browser.get('/identity/password/forgot');
    const response = await browser.post('/identity/password/forgot', { email: 'shopper@demo.test' });
    expect(response.status).toBe(403);
    expect(await readOutbox(api.database.db, { to: 'shopper@demo.test', template: 'identity.reset-password' })).toHaveLength(0);
  });
});

describe('the pages’ look', () => {
  it('wears the storefront’s logo and self-hosted Inter, which the page’s policy lets it load', async () => {
    const browser = new TestBrowser(api.origin);
    const page = await openSignUp(api, browser);
    expect(page.body).toMatch(/class="wordmark"[^>]*><svg viewBox="0 0 40 40"/);
    expect(page.headers.get('content-security-policy')).toContain("font-src 'self'");
    const preload = /<link rel="preload" href="([^"]+\.woff2)"/.exec(page.body)?.[1];
    expect(preload).toBe('/identity/assets/inter-latin-wght-normal.woff2');
    const font = await fetch(`${api.origin}${preload}`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    // A woff2 file starts "wOF2".
    expect(
      Buffer.from(await font.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('wOF2');
    const stylesheet = await (await fetch(`${api.origin}/identity/assets/identity.css`)).text();
    expect(stylesheet).toContain("src: url('inter-latin-wght-normal.woff2')");
    expect(stylesheet).toMatch(/--font: 'Inter Variable', 'Inter Fallback'/);
  });
});
