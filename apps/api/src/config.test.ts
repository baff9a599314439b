import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiConfig } from './config.ts';

describe('API configuration', () => {
  it('has a working default for every setting', () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', demoData: true });
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/\.data$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadApiConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('fails at start-up naming the variable that is wrong', () => {
    expect(() => loadApiConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadApiConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });

  it('reads the signing keys and extra client origins of the embedded provider', () => {
    const key = { kty: 'RSA', n: 'n', e: 'AQAB', d: 'd', kid: 'k1' };
    expect(loadApiConfig({ IDENTITY_JWKS: JSON.stringify({ keys: [key] }) }).identity.jwks).toEqual({ keys: [key] });
    expect(loadApiConfig({ IDENTITY_JWKS: JSON.stringify([key]) }).identity.jwks).toEqual({ keys: [key] });
    expect(() => loadApiConfig({ IDENTITY_JWKS: 'not json' })).toThrow(/IDENTITY_JWKS: must be JSON/);
    expect(() => loadApiConfig({ IDENTITY_JWKS: JSON.stringify({ keys: [{ kty: 'RSA', n: 'n', e: 'AQAB' }] }) })).toThrow(
      /IDENTITY_JWKS: key 0 must be a private RSA or EC key/,
    );
    expect(loadApiConfig({}).identity.extraClientOrigins).toEqual([]);
    expect(loadApiConfig({ IDENTITY_CLIENT_ORIGINS: 'http://127.0.0.1:3100/, https://shop.example' }).identity.extraClientOrigins).toEqual([
      'http://127.0.0.1:3100',
      'https://shop.example',
    ]);
    expect(() => loadApiConfig({ IDENTITY_CLIENT_ORIGINS: 'http://x.example/path' })).toThrow(/IDENTITY_CLIENT_ORIGINS/);
  });
});
