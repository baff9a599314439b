import { describe, expect, it } from 'vitest';
import { endSessionEndpoint, signOutAddress } from './end-session.server.ts';
import { browserAuthSettings } from './settings.ts';

const settings = browserAuthSettings(
  { publicUrl: 'https://shop.example', oidc: { authority: 'https://id.example', clientId: 'plumbline', scope: 'openid' } },
  'https://shop.example/account',
);

describe('a plain-form sign-out', () => {
  it('goes to the provider’s end-session page naming the shop and where to come back, with no token in the address', () => {
    const address = new URL(signOutAddress(settings, 'https://id.example/session/end'));
    expect(address.origin + address.pathname).toBe('https://id.example/session/end');
    expect(Object.fromEntries(address.searchParams)).toEqual({ client_id: 'plumbline', post_logout_redirect_uri: 'https://shop.example/' });
  });

  it('comes straight back to the shop when the provider has no end-session page', () => {
    expect(signOutAddress(settings, null)).toBe('https://shop.example/');
  });

  it('reads the endpoint from discovery once an hour, and asks again after a failure', async () => {
    const asked: string[] = [];
    let up = false;
    const fetchImpl = (async (url: string) => {
      asked.push(url);
      if (!up) throw new Error('connection refused');
      return Response.json({ end_session_endpoint: 'https://other-id.example/logout' });
    }) as unknown as typeof fetch;
    expect(await endSessionEndpoint('https://other-id.example', fetchImpl, 0)).toBeNull();
    up = true;
    expect(await endSessionEndpoint('https://other-id.example', fetchImpl, 1_000)).toBe('https://other-id.example/logout');
    expect(await endSessionEndpoint('https://other-id.example', fetchImpl, 2_000)).toBe('https://other-id.example/logout');
    expect(asked).toEqual(['https://other-id.example/.well-known/openid-configuration', 'https://other-id.example/.well-known/openid-configuration']);
    expect(await endSessionEndpoint('https://other-id.example', fetchImpl, 1_000 + 60 * 60 * 1000)).toBe('https://other-id.example/logout');
    expect(asked).toHaveLength(3);
  });
});
