import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { createAccountsClient, type ApiError } from '@shop/api-client';
import { startTestApi, type TestApi } from '../testing/test-api.ts';

/**
 * A separately configured, external OpenID provider shaped like Keycloak: its own issuer path,
 * audience, `kid`-tagged RS256 keys published through discovery and a JWKS endpoint, and roles
 * under `realm_access.roles`. The API trusts it by configuration alone.
 */
async function startExternalProvider() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const issuer = `${origin}/realms/shop`;
  const keys: { kid: string; privateKey: CryptoKey; jwk: JWK }[] = [];
  const addKey = async (kid: string) => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    keys.unshift({ kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } });
  };
  // A provider publishes its next key before it signs with it, so both are listed.
  await addKey('key-2');
  await addKey('key-1');
  server.on('request', (request, response) => {
    const body =
      request.url === '/realms/shop/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }
        : request.url === '/realms/shop/protocol/openid-connect/certs'
          ? { keys: keys.map((key) => key.jwk) }
          : null;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  const sign = (claims: Record<string, unknown>, options: { audience?: string; issuer?: string; expiresIn?: string; kid?: string; key?: CryptoKey } = {}) => {
    const key = keys.find((candidate) => candidate.kid === (options.kid ?? keys[0]!.kid))!;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? 'shop-api')
      .setSubject('ext-user-42')
      .setIssuedAt(options.expiresIn?.startsWith('-') ? '-10m' : undefined)
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(options.key ?? key.privateKey);
  };
  return { issuer, sign, close: () => new Promise((resolve) => server.close(resolve)) };
}

let provider: Awaited<ReturnType<typeof startExternalProvider>>;
let api: TestApi;
const profileAs = (token: string) => createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => token }).getUserProfile();
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: ApiError) => error,
  );

beforeAll(async () => {
  provider = await startExternalProvider();
  api = await startTestApi({
    seed: false,
    env: {
      IDENTITY_EMBEDDED: 'false',
      OIDC_ISSUER: provider.issuer,
      OIDC_AUDIENCE: 'shop-api',
      OIDC_CLIENT_ID: 'shop-storefront',
      OIDC_ROLES_CLAIM: 'realm_access.roles',
    },
  });
});
afterAll(async () => {
  await api?.close();
  await provider?.close();
});

describe('access tokens from an external OpenID provider', () => {
  it('are accepted by configuration, with roles from the configured claim', async () => {
    const token = await provider.sign({
      email: 'fitter@example.co.uk',
      name: 'Sam Fitter',
      realm_access: { roles: ['shopper', 'trade', 'offline_access', 'uma_authorization'] },
    });
    expect(await profileAs(token)).toEqual({
      id: 'ext-user-42',
      email: 'fitter@example.co.uk',
      name: 'Sam Fitter',
      emailVerified: false,
      roles: ['shopper', 'trade'],
      tradeAccountId: null,
    });
  });

  it('are checked against the key their header names when the JWKS lists several', async () => {
    const token = await provider.sign({ realm_access: { roles: ['shopper'] } }, { kid: 'key-2' });
    expect((await profileAs(token)).roles).toEqual(['shopper']);
  });

  it('are refused when the issuer, audience, signature or expiry is wrong', async () => {
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const cases = {
      'another issuer': await provider.sign({}, { issuer: 'http://127.0.0.1:1/realms/evil' }),
      'another audience': await provider.sign({}, { audience: 'someone-else' }),
      'a forged signature': await provider.sign({}, { key: stranger }),
      'not a JWT': 'not-a-token',
    };
    for (const [name, token] of Object.entries(cases)) {
      const error = await failure(profileAs(token));
      expect([name, error?.status, error?.code]).toEqual([name, 401, 'INVALID_TOKEN']);
    }
    const expired = await failure(profileAs(await provider.sign({}, { expiresIn: '-1m' })));
    expect([expired?.status, expired?.code]).toEqual([401, 'TOKEN_EXPIRED']);
  });

  it('must come as a Bearer token', async () => {
    const response = await fetch(`${api.serviceUrl('accounts')}/api/UserProfile`, { headers: { authorization: 'Basic dTpw' } });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('INVALID_TOKEN');
  });
});
