import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@shop/contracts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { TestBrowser, alertText, authorizeUrl, callbackUri, createPkce, readForm, signIn, submitSignIn, tokenRequest } from './testing.ts';

// The app's own identity service (decision 0057: tests reach work that has no call through the composition).
const identity = () => api.app.composed.services.identity;

let api: TestApi;
let jwks: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  api = await startTestApi();
  const published = (await (await fetch(`${api.origin}/identity/jwks`)).json()) as JSONWebKeySet;
  jwks = createLocalJWKSet(published);
});
afterAll(async () => {
  await api?.close();
});

const verifyAccessToken = (token: string) =>
  jwtVerify(token, jwks, { issuer: api.config.identity.issuer, audience: api.config.identity.audience, typ: 'at+jwt' });

const verifyIdToken = (token: string) => jwtVerify(token, jwks, { issuer: api.config.identity.issuer, audience: api.config.identity.clientId });

describe('discovery', () => {
  it('publishes the endpoints the storefront uses, the check-session frame among them', async () => {
    const response = await fetch(`${api.origin}/identity/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: api.config.identity.issuer,
      authorization_endpoint: `${api.origin}/identity/auth`,
      token_endpoint: `${api.origin}/identity/token`,
      userinfo_endpoint: `${api.origin}/identity/me`,
      end_session_endpoint: `${api.origin}/identity/session/end`,
      revocation_endpoint: `${api.origin}/identity/token/revocation`,
      introspection_endpoint: `${api.origin}/identity/token/introspection`,
      jwks_uri: `${api.origin}/identity/jwks`,
      check_session_iframe: `${api.origin}/identity/session/check`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
  });
});

describe('authorization code + PKCE', () => {
  it('signs a shopper in, with tokens the API can verify, refresh rotation and reuse detection', async () => {
    const state = 'state-123';
    const result = await signIn(api, 'shopper@demo.test', 'demo-password', { state });
    expect(result.callback.origin + result.callback.pathname).toBe(callbackUri(api));
    expect(result.callback.searchParams.get('state')).toBe(state);
    expect(result.callback.searchParams.get('iss')).toBe(api.config.identity.issuer);
    expect(result.sessionState).toMatch(/^[0-9a-f]{64}\.[0-9a-f]+$/);

    const { tokens } = result;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: api.config.identity.accessTokenTtlSeconds });
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    const { payload: access, protectedHeader } = await verifyAccessToken(tokens.access_token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(access[api.config.identity.rolesClaim]).toEqual(['shopper']);
    // Who it is, by address and name, for the steps the API records against them.
    expect(access).toMatchObject({ email: 'shopper@demo.test', name: 'Sam Shopper' });
    expect(access.client_id).toBe(api.config.identity.clientId);
    expect(access.exp! - access.iat!).toBe(api.config.identity.accessTokenTtlSeconds);
    const profile = await identity().getUserProfile({ db: api.database.db }, access.sub!);
    expect(profile).toMatchObject({ email: 'shopper@demo.test', emailVerified: true, roles: ['shopper'], tradeAccountId: null });

    // The lead's local verification path: the same keys without HTTP.
    const local = createLocalJWKSet(await identity().publicJwks({ db: api.database.db }));
    await expect(jwtVerify(tokens.access_token, local, { issuer: api.config.identity.issuer })).resolves.toBeTruthy();

    const { payload: id } = await verifyIdToken(tokens.id_token);
    expect(id).toMatchObject({
      sub: access.sub,
      email: 'shopper@demo.test',
      email_verified: true,
      name: 'Sam Shopper',
      [api.config.identity.rolesClaim]: ['shopper'],
    });
    expect(id.auth_time).toBeTypeOf('number');

    // Refresh: a new refresh token each time; the old one is refused, and presenting it again
    // revokes the whole family (the new one too).
    const first = tokens.refresh_token!;
    const refreshed = await tokenRequest(api, { grant_type: 'refresh_token', refresh_token: first });
    expect(refreshed.status).toBe(200);
    const second = refreshed.body.refresh_token as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const { payload: renewed } = await verifyAccessToken(refreshed.body.access_token as string);
    expect(renewed.sub).toBe(access.sub);
    expect((await verifyIdToken(refreshed.body.id_token as string)).payload.auth_time).toBe(id.auth_time);

    const replayed = await tokenRequest(api, { grant_type: 'refresh_token', refresh_token: first });
    expect(replayed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const afterReuse = await tokenRequest(api, { grant_type: 'refresh_token', refresh_token: second });
    expect(afterReuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('puts trade and staff roles in the tokens', async () => {
    const trade = await signIn(api, 'trade@demo.test', 'demo-password');
    expect((await verifyAccessToken(trade.tokens.access_token)).payload.roles).toEqual(['shopper', 'trade']);
    const staff = await signIn(api, 'STAFF@demo.test', 'demo-password');
    const { payload } = await verifyAccessToken(staff.tokens.access_token);
    expect(payload.roles).toEqual(expect.arrayContaining(ROLES.filter((role) => role !== 'trade')));
    expect((await verifyIdToken(staff.tokens.id_token)).payload.roles).toEqual(payload.roles);
  });

  it('revokes a refresh token and ends the session with a confirmation page', async () => {
    const { tokens, browser, sessionState } = await signIn(api, 'shopper@demo.test', 'demo-password');
    const revoke = (token: string, hint: string) =>
      fetch(`${api.origin}/identity/token/revocation`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(api.config.publicUrl).origin },
        body: new URLSearchParams({ client_id: api.config.identity.clientId, token, token_type_hint: hint }),
      });
    // As the storefront signs out: the access token first (a JWT, which simply expires), then the
    // refresh token. Neither may fail, or the storefront would stop before the second.
    const revokedAccess = await revoke(tokens.access_token, 'access_token');
    expect(revokedAccess.status).toBe(200);
    expect(revokedAccess.headers.get('access-control-allow-origin')).toBe(new URL(api.config.publicUrl).origin);
    expect((await revoke(tokens.refresh_token!, 'refresh_token')).status).toBe(200);
    const refused = await tokenRequest(api, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    // Signed in at the provider: a silent request (prompt=none) gets a code without any page.
    const pkce = createPkce();
    const silent = await browser.follow(await browser.get(authorizeUrl(api, { pkce, params: { prompt: 'none' } })));
    expect(new URL(silent.location!).searchParams.get('code')).toBeTruthy();

    const postLogout = `${api.config.publicUrl}/`;
    const endUrl = new URL('/identity/session/end', api.origin);
    endUrl.searchParams.set('id_token_hint', tokens.id_token);
    endUrl.searchParams.set('post_logout_redirect_uri', postLogout);
    endUrl.searchParams.set('state', 'bye');
    const confirm = await browser.get(endUrl.href);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain('Sign out of Plumbline?');
    const form = readForm(confirm.body, '/session/end/confirm');
    const done = await browser.post(form.action, { ...form.fields, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${postLogout}?state=bye`);

    // Signed out: silent sign-in now answers login_required, which the storefront treats as anonymous.
    const after = await browser.follow(await browser.get(authorizeUrl(api, { params: { prompt: 'none' } })));
    expect(new URL(after.location!).searchParams.get('error')).toBe('login_required');
    expect(sessionState).toBeTruthy();
  });
});

describe('the provider refuses', () => {
  /** The error the provider sends the storefront's callback, after checking it carries no code. */
  const errorAtCallback = async (url: string) => {
    const response = await new TestBrowser(api.origin).get(url);
    expect(response.status).toBe(303);
    const location = new URL(response.location!);
    expect(location.origin + location.pathname).toBe(callbackUri(api));
    expect(location.searchParams.get('code')).toBeNull();
    return location.searchParams.get('error') ?? new URLSearchParams(location.hash.slice(1)).get('error');
  };

  it('a request without PKCE', async () => {
    expect(await errorAtCallback(authorizeUrl(api, { pkce: null }))).toBe('invalid_request');
  });

  it('plain PKCE', async () => {
    const pkce = createPkce();
    const url = authorizeUrl(api, { pkce, params: { code_challenge: pkce.verifier, code_challenge_method: 'plain' } });
    expect(await errorAtCallback(url)).toBe('invalid_request');
  });

  it('the implicit flow (response_type=token) and hybrid ones', async () => {
    expect(await errorAtCallback(authorizeUrl(api, { params: { response_type: 'token' } }))).toBe('unsupported_response_type');
    expect(await errorAtCallback(authorizeUrl(api, { params: { response_type: 'code id_token' } }))).toBe('unsupported_response_type');
  });

  it('a redirect URI that is not registered exactly, without redirecting to it', async () => {
    for (const redirectUri of [`${api.config.publicUrl}/auth/callback/`, `${api.config.publicUrl}/auth/other`, 'https://evil.example/auth/callback']) {
      const response = await new TestBrowser(api.origin).get(authorizeUrl(api, { redirectUri }));
      expect(response.status).toBe(400);
      expect(response.location).toBeNull();
      expect(response.body).toContain('invalid_redirect_uri');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('a replayed code, and a code with the wrong verifier', async () => {
    const browser = new TestBrowser(api.origin);
    const pkce = createPkce();
    const afterForm = await submitSignIn(browser, authorizeUrl(api, { pkce }), 'shopper@demo.test', 'demo-password');
    const end = await browser.follow(afterForm);
    const code = new URL(end.location!).searchParams.get('code')!;
    const exchange = (verifier: string) =>
      tokenRequest(api, { grant_type: 'authorization_code', code, redirect_uri: callbackUri(api), code_verifier: verifier });
    expect(await exchange(createPkce().verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const browser2 = new TestBrowser(api.origin);
    const pkce2 = createPkce();
    const end2 = await browser2.follow(await submitSignIn(browser2, authorizeUrl(api, { pkce: pkce2 }), 'shopper@demo.test', 'demo-password'));
    const code2 = new URL(end2.location!).searchParams.get('code')!;
    const exchange2 = () => tokenRequest(api, { grant_type: 'authorization_code', code: code2, redirect_uri: callbackUri(api), code_verifier: pkce2.verifier });
    expect((await exchange2()).status).toBe(200);
    expect(await exchange2()).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('sign-in form', () => {
  it('gives a wrong password and an unknown e-mail address the same answer', async () => {
    const wrongPassword = await submitSignIn(new TestBrowser(api.origin), authorizeUrl(api), 'trade@demo.test', 'not-the-password');
    const unknown = await submitSignIn(new TestBrowser(api.origin), authorizeUrl(api), 'nobody@demo.test', 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(alertText(wrongPassword.body)).toBe('The e-mail address or password is not right. Check them and try again.');
    expect(alertText(unknown.body)).toBe(alertText(wrongPassword.body));
    expect(wrongPassword.body).toContain('aria-invalid="true"');
    expect(wrongPassword.body).toContain('aria-describedby="form-message"');
  });

  it('says a sign-in has expired when this browser has no such interaction', async () => {
    const browser = new TestBrowser(api.origin);
    const page = await browser.follow(await browser.get(authorizeUrl(api)));
    const action = readForm(page.body, '/login').action;
    const elsewhere = new TestBrowser(api.origin);
    const response = await elsewhere.post(action, { email: 'shopper@demo.test', password: 'demo-password' });
    expect(response.status).toBe(400);
    expect(response.body).toContain('Your sign-in took too long and has expired.');
    expect((await elsewhere.get('/identity/interaction/unknown-uid')).status).toBe(400);
  });

  it('refuses a form without its CSRF token', async () => {
    const browser = new TestBrowser(api.origin);
    const page = await browser.follow(await browser.get(authorizeUrl(api)));
    const form = readForm(page.body, '/login');
    const response = await browser.post(form.action, { email: 'shopper@demo.test', password: 'demo-password' });
    expect(response.status).toBe(403);
    expect(alertText(response.body)).toBe('This form has expired. Please try again.');
    const forged = await browser.post(form.action, { csrf: 'x'.repeat(43), email: 'shopper@demo.test', password: 'demo-password' });
    expect(forged.status).toBe(403);
  });

  it('locks an account after 5 wrong passwords, even for the right one, and says when to retry', async () => {
    const attempt = (password: string) => submitSignIn(new TestBrowser(api.origin), authorizeUrl(api), 'trade@demo.test', password);
    // The earlier test made one failure for this account already.
    for (let failures = 1; failures < 5; failures += 1) expect((await attempt(`wrong-${failures}`)).status).toBe(401);
    const locked = await attempt('demo-password');
    expect(locked.status).toBe(429);
    expect(alertText(locked.body)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(locked.headers.get('retry-after')).toBe('900');
    // Other accounts are not affected.
    await expect(signIn(api, 'shopper@demo.test', 'demo-password')).resolves.toBeTruthy();
  });

  it('locks a client address after 20 failures across accounts', async () => {
    const fromAddress = (email: string, password: string) => submitSignIn(new TestBrowser(api.origin), authorizeUrl(api), email, password);
    // Failures so far from this address: 1 unknown + 5 (trade) in the tests above.
    for (let index = 0; index < 14; index += 1) expect((await fromAddress(`guess${index}@demo.test`, 'guess')).status).toBe(401);
    const locked = await fromAddress('staff@demo.test', 'demo-password');
    expect(locked.status).toBe(429);
    expect(alertText(locked.body)).toMatch(/^Too many sign-in attempts\. Try again in 15 minutes\.$/);
  });
});
