import { describe, expect, it } from 'vitest';
import { cookieValue, openSession, sealSession, sessionCookie, sessionKey, type ShopSession } from './session.server.ts';
import { sessionHandOver } from './session-exchange.ts';

const key = sessionKey('a-web-tier-secret-of-32-characters-or-more');
const now = 1_790_000_000;
const session: ShopSession = {
  accessToken: 'header.payload.signature',
  expiresAt: now + 600,
  idToken: null,
  sessionState: 'state-1',
  profile: { id: 'user-1', email: 'sam@example.test', name: 'Sam', emailVerified: true, roles: ['shopper'], tradeAccountId: null },
};

describe('the storefront session cookie', () => {
  it('opens what it sealed, until the token runs out', () => {
    const sealed = sealSession(session, key);
    expect(openSession(sealed, key, now)).toEqual(session);
    expect(openSession(sealed, key, now + 600)).toBeNull();
  });

  it('hides the token and profile from anyone who reads the cookie', () => {
    const sealed = sealSession(session, key);
    const readable = Buffer.from(sealed.split('.')[1]!, 'base64url').toString('latin1');
    for (const secret of ['header.payload.signature', 'sam@example.test', 'shopper']) expect(readable).not.toContain(secret);
    // A fresh nonce each time: two seals of one session differ.
    expect(sealSession(session, key)).not.toBe(sealed);
  });

  it('refuses a cookie that was altered, sealed with another key, or is not one', () => {
    const sealed = sealSession(session, key);
    const bytes = Buffer.from(sealed.split('.')[1]!, 'base64url');
    bytes[20] = bytes[20]! ^ 1;
    expect(openSession(`v1.${bytes.toString('base64url')}`, key, now)).toBeNull();
    expect(openSession(sealed, sessionKey('another-web-tier-secret-of-32-characters'), now)).toBeNull();
    expect(openSession('v2.' + sealed.split('.')[1], key, now)).toBeNull();
    expect(openSession('nonsense', key, now)).toBeNull();
    expect(openSession('v1.AAAA', key, now)).toBeNull();
  });

  it('is httpOnly, SameSite=Lax, for the whole site, secure on https, and lasts as long as the token', () => {
    expect(sessionCookie('v1.x', { secure: true, maxAgeSeconds: 600 })).toBe('shop_session=v1.x; Max-Age=600; Path=/; HttpOnly; SameSite=Lax; Secure');
    expect(sessionCookie(null, { secure: false })).toBe('shop_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  });

  it('is found among the request’s cookies by its exact name', () => {
    expect(cookieValue('a=1; shop_session=v1.abc; b=2', 'shop_session')).toBe('v1.abc');
    expect(cookieValue('not_shop_session=v1.abc', 'shop_session')).toBeNull();
    expect(cookieValue('shop_session=', 'shop_session')).toBeNull();
  });
});

describe('the hand-over to a new page', () => {
  it('gives the page’s client its user back with the ID token’s claims, never a refresh token', () => {
    const claims = Buffer.from(JSON.stringify({ sub: 'user-1', name: 'Sam', iss: 'https://shop.test/identity' })).toString('base64url');
    const handOver = sessionHandOver({ ...session, idToken: `h.${claims}.s` });
    expect(handOver).toEqual({
      access_token: session.accessToken,
      id_token: `h.${claims}.s`,
      session_state: 'state-1',
      token_type: 'Bearer',
      expires_at: session.expiresAt,
      profile: { sub: 'user-1', name: 'Sam', iss: 'https://shop.test/identity' },
    });
    expect(handOver).not.toHaveProperty('refresh_token');
  });
});
