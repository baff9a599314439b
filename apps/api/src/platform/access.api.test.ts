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
  roles: authorization.replace(/^Bearer roles:/, '').split(',').filter(Boolean) as Role[],
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

  it.each(guarded.map((endpoint) => [`${endpoint.method} ${endpoint.service}${endpoint.path}`, endpoint] as const))(
    '%s refuses anonymous and wrong-role callers',
    async (_name, endpoint) => {
      const anonymous = await call(endpoint);
      expect(anonymous.status).toBe(401);
      expect((await anonymous.json()).code).toBe('UNAUTHENTICATED');

      if (endpoint.access.kind === 'role') {
        const required = endpoint.access.roles;
        const others = ROLES.filter((role) => !required.includes(role));
        const wrongRole = await call(endpoint, others);
        expect(wrongRole.status).toBe(403);
        expect((await wrongRole.json()).code).toBe('FORBIDDEN');
        for (const role of required) expect((await call(endpoint, [role])).status).not.toBe(403);
      } else {
        const signedIn = await call(endpoint, ['shopper']);
        expect([401, 403]).not.toContain(signedIn.status);
      }
    },
  );
});
