import { describe, expect, it } from 'vitest';
import { endpointGroups } from './index.ts';
import { endpointRoutes } from './routes.generated.ts';

describe('the generated route table', () => {
  it('matches the endpoint declarations (run `npm run contracts:routes` after changing them)', () => {
    const declared = Object.fromEntries(
      Object.entries(endpointGroups).map(([group, endpoints]) => [
        group,
        Object.fromEntries(Object.entries(endpoints).map(([name, endpoint]) => [name, [endpoint.method, endpoint.path]])),
      ]),
    );
    expect(endpointRoutes).toEqual(declared);
  });
});
