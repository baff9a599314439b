import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from '@shop/api-client';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { signIn, tokenRequest } from '../identity/testing.ts';

const profileWith = (api: TestApi, token: string) =>
  createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => token }).getUserProfile();

describe('the profile, signed in through the embedded provider', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  it('is read with the access token from an authorization code + PKCE sign-in, and again after a refresh', async () => {
    const { tokens } = await signIn(api, 'staff@demo.test', 'demo-password');
    const profile = await profileWith(api, tokens.access_token);
    expect(profile).toMatchObject({ email: 'staff@demo.test', emailVerified: true, tradeAccountId: null });
    expect(profile.roles).toEqual(expect.arrayContaining(['shopper', 'admin', 'order-admin', 'discount-manager']));

    const refreshed = await tokenRequest(api, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: api.config.identity.clientId,
    });
    expect(refreshed.status).toBe(200);
    const next = String(refreshed.body.access_token);
    expect(next).not.toBe(tokens.access_token);
    expect((await profileWith(api, next)).id).toBe(profile.id);
  });

  it('is refused without a token', async () => {
    const error = await failure(createAccountsClient({ baseUrl: api.serviceUrl('accounts') }).getUserProfile());
    expect([error.status, error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

/**
 * Any OpenID provider by configuration: a second, separately configured provider instance (its own
 * issuer, audience, client id, roles claim and keys) acts as the external provider of a shop that
 * runs no provider of its own.
 */
describe('the profile, signed in through an external provider', () => {
  let external: TestApi;
  let shop: TestApi;
  let stranger: TestApi;
  beforeAll(async () => {
    external = await startTestApi({
      env: {
        OIDC_ISSUER: 'http://idp.partner.test/identity',
        OIDC_AUDIENCE: 'https://api.partner.test',
        OIDC_CLIENT_ID: 'partner-storefront',
        OIDC_ROLES_CLAIM: 'shop_roles',
      },
    });
    shop = await startTestApi({
      seed: false,
      env: {
        IDENTITY_EMBEDDED: 'false',
        OIDC_ISSUER: 'http://idp.partner.test/identity',
        OIDC_AUDIENCE: 'https://api.partner.test',
        OIDC_CLIENT_ID: 'partner-storefront',
        OIDC_ROLES_CLAIM: 'shop_roles',
        OIDC_JWKS_URL: `${external.origin}/identity/jwks`,
      },
    });
    stranger = await startTestApi();
  });
  afterAll(async () => {
    await Promise.all([external?.close(), shop?.close(), stranger?.close()]);
  });

  it('accepts its access tokens, reading roles from the configured claim', async () => {
    const { tokens } = await signIn(external, 'trade@demo.test', 'demo-password');
    const profile = await profileWith(shop, tokens.access_token);
    expect(profile).toMatchObject({ email: 'trade@demo.test', emailVerified: false });
    expect(profile.roles).toEqual(['shopper', 'trade']);
  });

  it("refuses another provider's tokens", async () => {
    const { tokens } = await signIn(stranger, 'trade@demo.test', 'demo-password');
    const error = await failure(profileWith(shop, tokens.access_token));
    expect([error.status, error.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('serves no provider of its own', async () => {
    expect((await fetch(`${shop.origin}/identity/.well-known/openid-configuration`)).status).toBe(404);
  });
});
