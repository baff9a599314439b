import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { buildApi } from '../../api.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { TestBrowser, askCheckSessionFrame, authorizeUrl, readForm, signIn } from './testing.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function signOut(browser: TestBrowser, idToken: string) {
  const url = new URL('/identity/session/end', api.origin);
  url.searchParams.set('id_token_hint', idToken);
  const confirm = await browser.get(url.href);
  const form = readForm(confirm.body, '/session/end/confirm');
  const done = await browser.post(form.action, { ...form.fields, logout: 'yes' });
  expect(done.status).toBe(303);
  return browser.follow(done);
}

describe('session check frame (OpenID Connect Session Management)', () => {
  it('answers unchanged while the session lasts, changed after a sign-out, error for nonsense', async () => {
    const clientId = api.config.identity.clientId;
    const origin = new URL(api.config.publicUrl).origin;
    const { browser, sessionState, tokens } = await signIn(api, 'shopper@demo.test', 'demo-password');

    const frame = await browser.get('/identity/session/check');
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-type')).toMatch(/^text\/html/);
    expect(frame.headers.get('x-frame-options')).toBeNull();
    const csp = frame.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors 'self' ${origin}`);
    expect(csp).toMatch(/script-src 'sha256-[\w+/=]+'/);
    const ask = (message: unknown, from = origin) => askCheckSessionFrame(frame.body, browser, message, from);

    expect(await ask(`${clientId} ${sessionState}`)).toBe('unchanged');
    // session_state binds the storefront's origin and client id.
    expect(await ask(`${clientId} ${sessionState}`, 'https://elsewhere.example')).toBe('changed');
    expect(await ask(`another-client ${sessionState}`)).toBe('changed');
    expect(await ask('nonsense')).toBe('error');
    expect(await ask(`${clientId} no-salt`)).toBe('error');
    expect(await ask(42)).toBe('error');

    // A silent renewal in another tab keeps the browser state: no false alarm in this one.
    const silent = await browser.follow(await browser.get(authorizeUrl(api, { params: { prompt: 'none' } })));
    const renewedState = new URL(silent.location!).searchParams.get('session_state')!;
    expect(renewedState).toMatch(/^[0-9a-f]{64}\./);
    expect(renewedState).not.toBe(sessionState);
    expect(await ask(`${clientId} ${renewedState}`)).toBe('unchanged');
    expect(await ask(`${clientId} ${sessionState}`)).toBe('unchanged');

    // Signing out (in any tab) changes the state every tab compares with.
    const signedOut = await signOut(browser, tokens.id_token);
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toContain('You have signed out');
    expect(browser.jar.get('op_browser_state')).toBeUndefined();
    expect(await ask(`${clientId} ${sessionState}`)).toBe('changed');

    // A new sign-in as someone else is a change too, for the old state.
    const again = await signIn(api, 'trade@demo.test', 'demo-password');
    expect(await askCheckSessionFrame(frame.body, again.browser, `${clientId} ${again.sessionState}`, origin)).toBe('unchanged');
    expect(await askCheckSessionFrame(frame.body, again.browser, `${clientId} ${sessionState}`, origin)).toBe('changed');
  });
});

describe('several instances on one database', () => {
  it('keep the same signing key across a restart and share sessions', async () => {
    const published = async (origin: string) => (await (await fetch(`${origin}/identity/jwks`)).json()) as JSONWebKeySet;
    const first = await published(api.origin);
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.keys[0]).not.toHaveProperty('d');
    const { tokens, browser } = await signIn(api, 'staff@demo.test', 'demo-password');

    const second = await buildApi({ config: api.config, database: api.database, logger: false });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const again = await published(origin);
      expect(again.keys.map((key) => key.kid)).toEqual(first.keys.map((key) => key.kid));
      expect(decodeProtectedHeader(tokens.access_token).kid).toBe(first.keys[0]!.kid);
      await expect(
        jwtVerify(tokens.access_token, createLocalJWKSet(again), { issuer: api.config.identity.issuer, audience: api.config.identity.audience }),
      ).resolves.toBeTruthy();

      // The session made on the first instance signs the browser in silently on the second.
      const elsewhere = new TestBrowser(origin, browser.jar);
      const url = new URL(authorizeUrl(api, { params: { prompt: 'none' } }));
      const response = await elsewhere.follow(await elsewhere.get(`${origin}${url.pathname}${url.search}`));
      expect(new URL(response.location!).searchParams.get('code')).toBeTruthy();

      // And a refresh token from the first instance works on the second.
      const refreshed = await fetch(`${origin}/identity/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: api.config.identity.clientId, grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }),
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
