import { describe, expect, it } from 'vitest';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey } from 'jose';
import { VERIFIED_TOKEN_MS, createTokenAuthenticator } from './auth.ts';

const issuer = 'https://id.example.test';
const audience = 'shop-api';

async function provider() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const local = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
  let lookups = 0;
  const keys: JWTVerifyGetKey = (header, token) => ((lookups += 1), local(header, token));
  const sign = (expiresAt: number, key: CryptoKey = privateKey) =>
    new SignJWT({ roles: ['shopper'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject('user-1')
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(key);
  return { keys, sign, lookups: () => lookups };
}

describe('a verified access token kept', () => {
  it('is checked once, then taken as verified until a minute has passed', async () => {
    let now = Date.UTC(2026, 10, 28, 12);
    const { keys, sign, lookups } = await provider();
    const authenticate = createTokenAuthenticator({ issuer, audience, rolesClaim: 'roles', keys, now: () => now });
    const token = await sign(now + 10 * 60_000);
    expect(await authenticate(`Bearer ${token}`)).toEqual({ userId: 'user-1', roles: ['shopper'] });
    expect(await authenticate(`Bearer ${token}`)).toEqual({ userId: 'user-1', roles: ['shopper'] });
    expect(lookups()).toBe(1);
    now += VERIFIED_TOKEN_MS;
    expect(await authenticate(`Bearer ${token}`)).toEqual({ userId: 'user-1', roles: ['shopper'] });
    expect(lookups()).toBe(2);
  });

  it('is refused once it expires, however recently it was verified', async () => {
    let now = Date.UTC(2026, 10, 28, 12);
    const { keys, sign } = await provider();
    const authenticate = createTokenAuthenticator({ issuer, audience, rolesClaim: 'roles', keys, now: () => now });
    const token = await sign(now + 20_000);
    await authenticate(`Bearer ${token}`);
    now += 26_000;
    await expect(authenticate(`Bearer ${token}`)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('does not vouch for the same claims with another signature', async () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const { keys, sign } = await provider();
    const authenticate = createTokenAuthenticator({ issuer, audience, rolesClaim: 'roles', keys, now: () => now });
    const token = await sign(now + 60_000);
    await authenticate(`Bearer ${token}`);
    const { privateKey: stranger } = await generateKeyPair('RS256');
    await expect(authenticate(`Bearer ${await sign(now + 60_000, stranger)}`)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
