import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_TIER_HEADERS } from '@shop/contracts';
import { startTestApi, type TestApi } from '../testing/test-api.ts';
import { memoryCounters } from './rate-limit-store.ts';

/** Any cheap public call that counts against the limit (health is exempt). */
const countries = (api: TestApi) => fetch(`${api.origin}/api/checkout/checkout/listcountries`);

describe('counters in this process', () => {
  it('count within a window, start again after it, and forget the oldest keys past their capacity', async () => {
    let now = 1_000;
    const counters = memoryCounters(2, () => now);
    expect(await counters.hit('a', 60_000)).toMatchObject({ current: 1 });
    expect(await counters.hit('a', 60_000)).toMatchObject({ current: 2 });
    expect(await counters.hit('b', 1)).toEqual({ current: 1, ttl: 1 });
    // The clock reaches the end of b's window: the next hit starts a new one.
    now += 1;
    expect(await counters.hit('b', 60_000)).toMatchObject({ current: 1 });
    await counters.hit('c', 60_000);
    // Capacity 2: the oldest key went.
    expect(await counters.hit('a', 60_000)).toMatchObject({ current: 1 });
  });
});

describe('when Redis cannot be reached', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { REDIS_URL: 'redis://127.0.0.1:9', RATE_LIMIT_PER_MINUTE: '2' }, seed: false });
  });
  afterAll(() => api.close());

  it('lets calls through rather than failing them', async () => {
    const statuses = [];
    for (let call = 0; call < 4; call++) statuses.push((await countries(api)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});

// Two instances behind a load balancer share one budget per client: CI sets REDIS_URL to its local server.
describe.skipIf(!process.env.REDIS_URL)('counters in Redis, shared by two instances', () => {
  const apis: TestApi[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: `test-${randomUUID()}:`, RATE_LIMIT_PER_MINUTE: '6' };
    apis.push(await startTestApi({ env, seed: false }), await startTestApi({ env, seed: false }));
  });
  afterAll(() => Promise.all(apis.map((api) => api.close())));

  it('refuses the call past the limit on either instance, whichever took the calls before it', async () => {
    const [a, b] = apis as [TestApi, TestApi];
    const statuses = [];
    for (let call = 0; call < 6; call++) statuses.push((await countries(call % 2 ? b : a)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const api of [a, b]) {
      const refused = await countries(api);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
  });

  it('shares a group’s budget across its routes and instances: order tracking’s check, GET and POST', async () => {
    const [a, b] = apis as [TestApi, TestApi];
    const track = (api: TestApi, form: number) => {
      const base = `${api.origin}/api/order-tracking/TrackMyOrder`;
      if (form === 0) return fetch(`${base}/Test/BP00000001/guess@example.com`);
      if (form === 1) return fetch(`${base}/BP00000001/guess@example.com`);
      return fetch(`${base}/BP00000001`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailAddress: 'guess@example.com' }),
      });
    };
    const statuses: number[] = [];
    for (let call = 0; call < 21; call++) statuses.push((await track(call % 2 ? b : a, call % 3)).status);
    // 20 a minute, whichever instance and form: each of the first twenty is a plain "not found".
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

// The storefront's server sends forms on for its visitors from this machine, saying whose visit it is.
describe('a call from this machine on behalf of a visitor', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMIT_PER_MINUTE: '2' }, seed: false });
  });
  afterAll(() => api.close());

  const forVisitor = (address: string) =>
    api.app.inject({ method: 'GET', url: '/api/checkout/checkout/listcountries', headers: { 'x-forwarded-for': address } }).then((reply) => reply.statusCode);
  const fromElsewhere = (address: string) =>
    api.app
      .inject({ method: 'GET', url: '/api/checkout/checkout/listcountries', remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': address } })
      .then((reply) => reply.statusCode);

  it('counts against that visitor’s budget, not the storefront’s', async () => {
    expect([await forVisitor('203.0.113.1'), await forVisitor('203.0.113.1'), await forVisitor('203.0.113.1')]).toEqual([200, 200, 429]);
    // Another visitor sent on by the same server still has their whole budget.
    expect([await forVisitor('203.0.113.2'), await forVisitor('203.0.113.2')]).toEqual([200, 200]);
  });

  it('is not believed from anywhere else: a caller cannot pick a fresh address per call', async () => {
    expect([await fromElsewhere('203.0.113.50'), await fromElsewhere('203.0.113.51'), await fromElsewhere('203.0.113.52')]).toEqual([200, 200, 429]);
  });
});

// The storefront's server on another host (SERVE=web) calls for its visitors, proving with the shared secret that it is the web tier.
describe('a call from the web tier for a visitor', () => {
  const secret = 'the-web-tier-secret-of-this-test-32+';
  const webHost = '198.51.100.20';
  const lines: string[] = [];
  let api: TestApi;
  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '2', WEB_TIER_SECRET: secret, LOG_LEVEL: 'warn' };
    api = await startTestApi({ env, seed: false, logDestination: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => api.close());

  const call = (headers: Record<string, string>) =>
    api.app.inject({ method: 'GET', url: '/api/checkout/checkout/listcountries', remoteAddress: webHost, headers }).then((reply) => reply.statusCode);
  const forVisitor = (visitor: string, withSecret = secret) => call({ [WEB_TIER_HEADERS.visitor]: visitor, [WEB_TIER_HEADERS.secret]: withSecret });

  it('counts against that visitor’s budget, whichever host the web tier runs on', async () => {
    expect([await forVisitor('203.0.113.1'), await forVisitor('203.0.113.1'), await forVisitor('203.0.113.1')]).toEqual([200, 200, 429]);
    expect([await forVisitor('2001:db8::1'), await forVisitor('2001:db8::1')]).toEqual([200, 200]);
  });

  it('is not believed without the secret, with another secret, or naming no address: those count against the caller', async () => {
    const statuses = [
      await call({ [WEB_TIER_HEADERS.visitor]: '203.0.113.60' }),
      await forVisitor('203.0.113.61', 'another-secret-of-at-least-32-characters'),
      await forVisitor('somebody else'),
    ];
    expect(statuses).toEqual([200, 200, 429]);
    // The caller's budget is spent; a visitor it names with the secret still has theirs.
    expect(await forVisitor('203.0.113.62')).toBe(200);
    // A tier with another secret is said once, without either secret.
    await forVisitor('203.0.113.63', 'another-secret-of-at-least-32-characters');
    const warnings = lines.filter((line) => line.includes('WEB_TIER_SECRET'));
    expect(warnings).toHaveLength(1);
    expect(lines.join('')).not.toMatch(/another-secret|the-web-tier-secret/);
  });

  it('asking a kept page’s answers again for no visitor (decision 0162) counts against no budget, and only with the secret', async () => {
    const check = (headers: Record<string, string>) =>
      api.app
        .inject({
          method: 'GET',
          url: '/api/checkout/checkout/listcountries',
          remoteAddress: '198.51.100.21',
          headers: { [WEB_TIER_HEADERS.check]: 'page', ...headers },
        })
        .then((reply) => reply.statusCode);
    const checks: number[] = [];
    for (let asked = 0; asked < 5; asked++) checks.push(await check({ [WEB_TIER_HEADERS.secret]: secret }));
    expect(checks).toEqual([200, 200, 200, 200, 200]);
    // The host's own budget is whole after them; without the secret the header is the caller's own call.
    expect([await check({}), await check({}), await check({})]).toEqual([200, 200, 429]);
  });
});
