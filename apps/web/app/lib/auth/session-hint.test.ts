import { describe, expect, it } from 'vitest';
import { hasSessionHint, sessionHintCookie } from './session-hint.ts';

describe('session hint', () => {
  it('is there when the cookie says someone signed in here', () => {
    expect(hasSessionHint('theme=dark; shop_signed_in=1')).toBe(true);
    expect(hasSessionHint('shop_signed_in=1')).toBe(true);
  });

  it('is not there for a visitor who never signed in, or signed out', () => {
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('shop_signed_in=; other=1')).toBe(false);
    expect(hasSessionHint('not_shop_signed_in=1')).toBe(false);
  });

  it('is a cookie every page of the site reads, kept 30 days, secure on https', () => {
    expect(sessionHintCookie(true, true)).toBe('shop_signed_in=1; Max-Age=2592000; Path=/; SameSite=Lax; Secure');
    expect(sessionHintCookie(false, false)).toBe('shop_signed_in=; Max-Age=0; Path=/; SameSite=Lax');
  });
});
