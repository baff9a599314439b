import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testing/test-api.ts';

// TRUST_PROXY as the running API reads it: the API's own routes and the embedded sign-in provider
// (Koa inside Fastify) believe the same forwarded headers.
describe('the API behind proxies named by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false, env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => api?.close());

  /** The sign-in provider's authorization endpoint as published to a caller at this address. */
  const authorizationEndpoint = async (remoteAddress: string) => {
    const reply = await api.app.inject({
      url: '/identity/.well-known/openid-configuration',
      remoteAddress,
      headers: { host: 'shop.internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(reply.statusCode).toBe(200);
    return reply.json<{ authorization_endpoint: string }>().authorization_endpoint;
  };

  it('gives the sign-in provider the scheme and host a named proxy forwards', async () => {
    expect(await authorizationEndpoint('10.1.2.3')).toBe('https://shop.example/identity/auth');
    // This machine (the storefront's server) is always believed.
    expect(await authorizationEndpoint('127.0.0.1')).toBe('https://shop.example/identity/auth');
  });

  it('does not let a caller elsewhere choose them', async () => {
    expect(await authorizationEndpoint('198.51.100.7')).toBe('http://shop.internal:3000/identity/auth');
  });
});
