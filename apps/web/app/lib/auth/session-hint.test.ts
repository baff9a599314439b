import { describe, expect, it } from 'vitest';
import { hasSessionHint, sessionHintCookie } from './session-hint.ts';

const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe('session hint', () => {
  it('is there when the cookie says someone signed in here', () => {
    expect(hasSessionHint('theme=dark; shop_signed_in=1', storage([]))).toBe(true);
    expect(hasSessionHint('shop_signed_in=1', null)).toBe(true);
  });

  it('is there when this tab holds a user', () => {
    expect(hasSessionHint('', storage(['basket', 'oidc.user:http://127.0.0.1:3000/identity:storefront']))).toBe(true);
  });

  it('is not there for a visitor who never signed in, or signed out', () => {
    expect(hasSessionHint('', storage(['basket', 'oidc.abc123']))).toBe(false);
    expect(hasSessionHint('shop_signed_in=; other=1', null)).toBe(false);
    expect(hasSessionHint('not_shop_signed_in=1', null)).toBe(false);
  });

  it('is a cookie every page of the site reads, kept 30 days, secure on https', () => {
    expect(sessionHintCookie(true, true)).toBe('shop_signed_in=1; Max-Age=2592000; Path=/; SameSite=Lax; Secure');
    expect(sessionHintCookie(false, false)).toBe('shop_signed_in=; Max-Age=0; Path=/; SameSite=Lax');
  });
});
