import { describe, expect, it } from 'vitest';
import { priceDisplayCookie, priceDisplayFromCookie } from './price-display.ts';

describe('price display cookie', () => {
  it('reads a trade customer’s choice, and nothing else', () => {
    expect(priceDisplayFromCookie('shop_signed_in=1; shop_prices=inc')).toBe('inc');
    expect(priceDisplayFromCookie('shop_prices=ex')).toBe('ex');
    expect(priceDisplayFromCookie('shop_prices=both; other=1')).toBeNull();
    expect(priceDisplayFromCookie('')).toBeNull();
  });

  it('keeps a choice for a year, and forgets it', () => {
    expect(priceDisplayCookie('ex', true)).toBe('shop_prices=ex; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(priceDisplayCookie(null, false)).toBe('shop_prices=; Max-Age=0; Path=/; SameSite=Lax');
  });
});
