import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES, SERVICES, allEndpoints, type EndpointDefinition, type ServiceName } from '@shop/contracts';
import { startTestApi, type TestApi } from '../testing/test-api.ts';

/**
 * No validation library's wording reaches a person: every operation the contracts declare is sent an
 * empty body, and each of its body fields and query parameters in forms it does not take (missing,
 * empty, a list, a set of named values, a negative number), and no refusal's message reads like zod's
 * own ("Too small: expected number to be >=1", "Invalid input: expected string, received undefined").
 */

/** zod's default wordings, in the forms its English locale writes them. */
const LIBRARY_WORDING =
  /^Invalid input|expected [\w ]+, received|^Too (small|big):|^Invalid option|^Invalid (string|UUID|ISO|email|url|date)|^Unrecognized key/;
const AT_ONCE = 16;

// Any bearer token is a caller with every role, so each operation's own input handling is reached;
// each request comes from an address of its own, so per-client limits never answer first.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false, env: { TRUST_PROXY: 'true' }, authenticate: async () => ({ userId: 'plain-words-user', roles: [...ROLES] }) });
});
afterAll(() => api?.close());

let sent = 0;
const fieldsOf = (schema: unknown): string[] => (schema && typeof schema === 'object' && 'shape' in schema ? Object.keys(schema.shape as object) : []);
const pathOf = (endpoint: EndpointDefinition) => SERVICES[endpoint.service as ServiceName].prefix + endpoint.path.replace(/\{(\w+)\}/g, 'x');

function requestsFor(endpoint: EndpointDefinition): { url: string; body?: string }[] {
  const url = pathOf(endpoint);
  const bodies =
    endpoint.body && endpoint.bodyType !== 'multipart'
      ? ['{}', ...fieldsOf(endpoint.body).flatMap((field) => [{ x: 1 }, [], -5].map((value) => JSON.stringify({ [field]: value })))]
      : [undefined];
  const queries = fieldsOf(endpoint.query).flatMap((name) => [`?${name}=`, `?${name}=-5`, `?${name}=%7B%7D`]);
  return [...bodies.map((body) => ({ url, body })), ...queries.map((query) => ({ url: url + query, body: bodies[0] }))];
}

it('no refusal of any declared operation is worded by the validation library', async () => {
  const requests = allEndpoints.flatMap((endpoint) => requestsFor(endpoint).map((request) => ({ ...request, endpoint })));
  const worded: string[] = [];
  for (let start = 0; start < requests.length; start += AT_ONCE) {
    await Promise.all(
      requests.slice(start, start + AT_ONCE).map(async ({ endpoint, url, body }) => {
        sent += 1;
        const response = await fetch(api.origin + url, {
          method: endpoint.method,
          headers: {
            authorization: 'Bearer every-role',
            'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body !== undefined && { body }),
        });
        if (!(response.headers.get('content-type') ?? '').startsWith('application/problem+json')) return void (await response.arrayBuffer());
        const problem = (await response.json()) as { detail: string; errors?: { path: string; message: string }[] };
        for (const error of problem.errors ?? [])
          if (LIBRARY_WORDING.test(error.message)) worded.push(`${endpoint.method} ${url} ${error.path}: ${error.message}`);
        if (LIBRARY_WORDING.test(problem.detail)) worded.push(`${endpoint.method} ${url}: ${problem.detail}`);
      }),
    );
  }
  expect(sent).toBeGreaterThan(allEndpoints.length * 3);
  expect([...new Set(worded)]).toEqual([]);
});
