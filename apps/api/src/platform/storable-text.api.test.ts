import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountsClient } from '@shop/api-client';
import { ROLES, SERVICES, allEndpoints, type EndpointDefinition, type ServiceName } from '@shop/contracts';
import { failure, startTestApi, type TestApi } from '../testing/test-api.ts';

/**
 * Text PostgreSQL cannot store (U+0000, unpaired UTF-16 surrogates), sent to every operation the
 * contracts declare, in each path parameter, query parameter and top-level body field: a 400 problem
 * that says where, never a 5xx (issue 16).
 */

const NUL = '\0';
const LONE_SURROGATE = '\ud800';
// A lone surrogate has no UTF-8 form: in a URL it can only travel as its would-be bytes, which are not UTF-8.
const LONE_SURROGATE_IN_URL = '%ED%A0%80';
const PROBES_AT_ONCE = 16;

interface Probe {
  name: string;
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  code: 'CHARACTER_NOT_ALLOWED' | 'MALFORMED_URL';
  /** Where the refusal says the character is (`errors[0].path`). */
  where?: string;
}

// Any bearer token is a caller with every role, so each operation's own input handling is reached;
// each probe comes from an address of its own, so per-client limits (e-mail, lookups) never answer first.
// No demo data is needed: nothing here is found, only refused.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false, env: { TRUST_PROXY: 'true' }, authenticate: async () => ({ userId: 'storable-text-user', roles: [...ROLES] }) });
});
afterAll(() => api?.close());

let probesSent = 0;
const nextClientAddress = () => `10.${(++probesSent >> 16) & 255}.${(probesSent >> 8) & 255}.${probesSent & 255}`;

const fieldsOf = (schema: unknown): string[] => (schema && typeof schema === 'object' && 'shape' in schema ? Object.keys(schema.shape as object) : []);

const pathOf = (endpoint: EndpointDefinition, values: Record<string, string> = {}) =>
  SERVICES[endpoint.service as ServiceName].prefix + endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x');

function probesFor(endpoint: EndpointDefinition): Probe[] {
  const operation = `${endpoint.method} ${pathOf(endpoint)}`;
  // Operations that take a body get an empty one beside a bad path or query, as a client would send.
  const emptyBody = endpoint.body ? { body: '{}', contentType: 'application/json' } : {};
  const probe = (name: string, rest: Omit<Probe, 'name' | 'method'>): Probe => ({
    name: `${operation}: ${name}`,
    method: endpoint.method,
    ...emptyBody,
    ...rest,
  });
  const probes: Probe[] = [];
  for (const param of fieldsOf(endpoint.params)) {
    probes.push(probe(`NUL in {${param}}`, { path: pathOf(endpoint, { [param]: '%00' }), code: 'CHARACTER_NOT_ALLOWED', where: `params.${param}` }));
    probes.push(probe(`lone surrogate in {${param}}`, { path: pathOf(endpoint, { [param]: LONE_SURROGATE_IN_URL }), code: 'MALFORMED_URL' }));
  }
  // A query's bytes that are not UTF-8 stay percent-encoded text, so only NUL can arrive there. Operations
  // that declare no query still get one: every string a request carries is checked.
  for (const name of fieldsOf(endpoint.query).concat(endpoint.query ? [] : ['probe'])) {
    probes.push(probe(`NUL in ?${name}`, { path: `${pathOf(endpoint)}?${name}=%00`, code: 'CHARACTER_NOT_ALLOWED', where: `query.${name}` }));
  }
  if (endpoint.body) {
    for (const field of fieldsOf(endpoint.body)) {
      for (const [what, character] of [
        ['NUL', NUL],
        ['lone surrogate', LONE_SURROGATE],
      ] as const) {
        probes.push(
          probe(`${what} in body.${field}`, {
            path: pathOf(endpoint),
            // JSON.stringify writes both as \u escapes, as a caller's JSON would carry them.
            body: JSON.stringify({ [field]: `x${character}` }),
            contentType: 'application/json',
            code: 'CHARACTER_NOT_ALLOWED',
            where: `body.${field}`,
          }),
        );
      }
    }
    probes.push(
      probe('NUL in a body key', {
        path: pathOf(endpoint),
        body: '{"x\\u0000":1}',
        contentType: 'application/json',
        code: 'CHARACTER_NOT_ALLOWED',
        where: 'body',
      }),
    );
  }
  return probes;
}

interface Answer {
  status: number;
  contentType: string;
  code?: string;
  where?: string;
}

async function send(probe: Probe): Promise<Answer> {
  const response = await fetch(api.origin + probe.path, {
    method: probe.method,
    headers: {
      authorization: 'Bearer every-role',
      'x-forwarded-for': nextClientAddress(),
      ...(probe.contentType && { 'content-type': probe.contentType }),
    },
    ...(probe.body !== undefined && { body: probe.body }),
  });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!contentType.startsWith('application/problem+json')) return { status: response.status, contentType };
  const problem = JSON.parse(text) as { code?: string; errors?: { path: string }[] };
  return { status: response.status, contentType, code: problem.code, where: problem.errors?.[0]?.path };
}

/** Sends every probe, a few at a time, and lists the 5xx answers and the answers that are not the refusal expected. */
async function sendAll(probes: Probe[]) {
  const answers: { probe: Probe; answer: Answer }[] = [];
  for (let start = 0; start < probes.length; start += PROBES_AT_ONCE) {
    const batch = probes.slice(start, start + PROBES_AT_ONCE);
    answers.push(...(await Promise.all(batch.map(async (probe) => ({ probe, answer: await send(probe) })))));
  }
  const line = ({ probe, answer }: (typeof answers)[number]) => `${probe.name} → ${answer.status} ${answer.code ?? answer.contentType}`;
  return {
    serverErrors: answers.filter(({ answer }) => answer.status >= 500).map(line),
    unexpected: answers
      .filter(
        ({ probe, answer }) =>
          answer.status !== 400 ||
          !answer.contentType.startsWith('application/problem+json') ||
          answer.code !== probe.code ||
          (probe.where !== undefined && answer.where !== probe.where),
      )
      .map(line),
  };
}

describe('text PostgreSQL cannot store', () => {
  it('is refused by every declared operation as a 400 problem saying where, never a 5xx', async () => {
    const probes = allEndpoints.flatMap(probesFor);
    expect(probes.length).toBeGreaterThan(allEndpoints.length);
    const { serverErrors, unexpected } = await sendAll(probes);
    expect(serverErrors).toEqual([]);
    expect(unexpected).toEqual([]);
  });

  it('is refused by the routes outside the contracts too: the payment sandbox and the sign-in pages', async () => {
    const form = 'application/x-www-form-urlencoded';
    const json = 'application/json';
    const probes: Probe[] = [
      { path: '/api/payments/sandbox/elements?client_secret=pi_x%00_secret_y', where: 'query.client_secret' },
      { path: '/api/payments/sandbox/challenge/pi_%00', where: 'params.intentId' },
      {
        method: 'POST',
        path: '/api/payments/sandbox/challenge/pi_x',
        body: 'outcome=complete&client_secret=%00',
        contentType: form,
        where: 'body.client_secret',
      },
      { method: 'POST', path: '/api/payments/sandbox/intents/pi_%00/confirm', body: '{}', contentType: json, where: 'params.intentId' },
      {
        method: 'POST',
        path: '/api/payments/sandbox/intents/pi_x/confirm',
        body: JSON.stringify({ client_secret: `x${LONE_SURROGATE}` }),
        contentType: json,
        where: 'body.client_secret',
      },
      {
        method: 'POST',
        path: '/api/payments/sandbox/intents/pi_x/wallet',
        body: JSON.stringify({ client_secret: `x${NUL}` }),
        contentType: json,
        where: 'body.client_secret',
      },
      { path: '/identity/verify-email?token=%00', where: 'query.token' },
      { path: '/identity/password/reset?token=%00', where: 'query.token' },
      { method: 'POST', path: '/identity/password/reset', body: 'token=%00&password=x', contentType: form, where: 'body.token' },
      { method: 'POST', path: '/identity/password/forgot', body: 'email=a%00%40example.com', contentType: form, where: 'body.email' },
      { path: '/identity/interaction/%00', where: 'params.uid' },
      { path: '/identity/auth?client_id=%00&response_type=code&scope=openid', where: 'query.client_id' },
    ].map((probe) => ({ method: 'GET', code: 'CHARACTER_NOT_ALLOWED' as const, name: `${probe.method ?? 'GET'} ${probe.path}`, ...probe }));
    const { serverErrors, unexpected } = await sendAll(probes);
    expect(serverErrors).toEqual([]);
    expect(unexpected).toEqual([]);
  });

  it('is an unknown code or token to the sign-in provider’s token endpoints, which read their own bodies', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const client = 'client_id=storefront';
    for (const [path, body] of [
      [
        '/identity/token',
        `${client}&grant_type=authorization_code&code=%00&redirect_uri=http%3A%2F%2F127.0.0.1%2Fauth%2Fcallback&code_verifier=${'a'.repeat(43)}`,
      ],
      ['/identity/token', `${client}&grant_type=refresh_token&refresh_token=%00`],
      ['/identity/token/revocation', `${client}&token=%00`],
      ['/identity/token/introspection', `${client}&token=%00`],
    ] as const) {
      const response = await fetch(`${api.origin}${path}`, { method: 'POST', headers: form, body });
      expect({ path, body, status: response.status < 500 }).toEqual({ path, body, status: true });
    }
  });

  it('changes nothing: a promotion whose new description holds a NUL stays as it was', async () => {
    const discounts = createDiscountsClient({ baseUrl: api.serviceUrl('discounts'), getAccessToken: () => 'every-role' });
    const params = { promotionCode: 'TNUL', issueCode: 'TNUL' };
    await discounts.createDiscount({
      body: {
        promotionCode: 'TNUL',
        description: '10% off taps',
        channels: [100],
        targetType: 201,
        discountType: 1,
        value: 1000,
        startsAt: new Date().toISOString(),
      },
    });
    const before = await discounts.getDiscount({ params });
    const refused = await failure(discounts.updateDiscount({ params, body: { description: `10% off${NUL} everything`, value: 2000 } }));
    expect(refused).toMatchObject({ status: 400, code: 'CHARACTER_NOT_ALLOWED', data: { errors: [{ path: 'body.description' }] } });
    expect(await discounts.getDiscount({ params })).toEqual(before);
  });
});
