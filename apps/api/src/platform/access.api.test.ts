import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, SERVICES, allEndpoints, type Role, type ServiceName } from '@shop/contracts';
import { startTestApi, type TestApi } from '../testing/test-api.ts';
import type { Actor } from './context.ts';

/**
 * Every signed-in-only and staff-only route of the API, read from the contracts: anonymous callers
 * get 401 and callers without one of the required roles get 403, before any input is looked at.
 */
const guarded = allEndpoints.filter((endpoint) => endpoint.access.kind !== 'public');

// Bearer tokens name the roles of the caller, e.g. `Bearer roles:shopper,trade`.
const actorFor = async (authorization: string): Promise<Actor> => ({
  userId: 'access-test-user',
  roles: authorization
    .replace(/^Bearer roles:/, '')
    .split(',')
    .filter(Boolean) as Role[],
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false, authenticate: actorFor });
});
afterAll(() => api?.close());

const call = (endpoint: (typeof guarded)[number], roles?: readonly Role[]) =>
  fetch(api.origin + SERVICES[endpoint.service as ServiceName].prefix + endpoint.path.replace(/\{\w+\}/g, 'x'), {
    method: endpoint.method,
    headers: roles ? { authorization: `Bearer roles:${roles.join(',')}` } : {},
  });

describe('guarded routes', () => {
  it('exist', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  const named = (list: typeof guarded) => list.map((endpoint) => [`${endpoint.method} ${endpoint.service}${endpoint.path}`, endpoint] as const);
  const roleGated = guarded.filter((endpoint) => endpoint.access.kind === 'role');
  const signedInOnly = guarded.filter((endpoint) => endpoint.access.kind === 'signed-in');

  it.each(named(guarded))('%s refuses an anonymous caller with 401', async (_name, endpoint) => {
    const anonymous = await call(endpoint);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe('UNAUTHENTICATED');
  });

  it.each(named(roleGated))('%s refuses every other role with 403 and lets its own through', async (_name, endpoint) => {
    const required = endpoint.access.kind === 'role' ? endpoint.access.roles : [];
    const wrongRole = await call(
      endpoint,
      ROLES.filter((role) => !required.includes(role)),
    );
    expect(wrongRole.status).toBe(403);
    expect((await wrongRole.json()).code).toBe('FORBIDDEN');
    const allowed = await Promise.all(required.map(async (role) => (await call(endpoint, [role])).status));
    expect(allowed.filter((status) => status === 401 || status === 403)).toEqual([]);
  });

  it.each(named(signedInOnly))('%s lets any signed-in caller through', async (_name, endpoint) => {
    expect([401, 403]).not.toContain((await call(endpoint, ['shopper'])).status);
  });
});
