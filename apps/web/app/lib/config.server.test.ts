import { describe, expect, it } from 'vitest';
import { parseWebConfig } from './config.server.ts';

describe('the storefront settings', () => {
  it('work with nothing set, agreeing with the API: provider and API below PUBLIC_URL', () => {
    expect(parseWebConfig({})).toEqual({
      publicUrl: 'http://localhost:3000',
      oidc: { authority: 'http://localhost:3000/identity', clientId: 'storefront', scope: 'openid profile email' },
      apiPublicUrl: 'http://localhost:3000/api',
    });
    expect(parseWebConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
  });

  it('follow PUBLIC_URL, OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_SCOPE', () => {
    const config = parseWebConfig({
      PUBLIC_URL: 'https://shop.example/',
      OIDC_ISSUER: 'https://login.example/realms/shop/',
      OIDC_CLIENT_ID: 'web',
      OIDC_SCOPE: ' openid   profile ',
      OIDC_UNRELATED: 'x',
    });
    expect(config).toEqual({
      publicUrl: 'https://shop.example',
      oidc: { authority: 'https://login.example/realms/shop', clientId: 'web', scope: 'openid profile' },
      apiPublicUrl: 'https://shop.example/api',
    });
  });

  it('treat empty values as not set', () => {
    expect(parseWebConfig({ PUBLIC_URL: '', OIDC_CLIENT_ID: '' }).oidc.clientId).toBe('storefront');
  });

  it('refuse a wrong value with a message naming the variable', () => {
    expect(() => parseWebConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => parseWebConfig({ OIDC_ISSUER: 'issuer' })).toThrow(/OIDC_ISSUER/);
    expect(() => parseWebConfig({ OIDC_SCOPE: 'profile email' })).toThrow(/OIDC_SCOPE: must include "openid"/);
    expect(() => parseWebConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
