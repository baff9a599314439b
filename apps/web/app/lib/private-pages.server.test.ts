import { describe, expect, it } from 'vitest';
import { keepPersonalPagesPrivate } from './private-pages.server.ts';

const page = (cookie: string | null, cacheControl: string | null) => {
  const headers = new Headers(cacheControl ? { 'cache-control': cacheControl } : {});
  keepPersonalPagesPrivate(new Request('https://shop.example/c/basins', { headers: cookie ? { cookie } : {} }), headers);
  return headers.get('cache-control');
};

describe('pages drawn for someone are not kept by shared caches', () => {
  it('keeps a listing public for a visitor without personal cookies, a basket included', () => {
    expect(page(null, 'public, max-age=60')).toBe('public, max-age=60');
    expect(page('shop_basket=abc; _ga=1', 'public, max-age=60')).toBe('public, max-age=60');
  });

  it('makes it private when signed in, when the browser may be, or with a price choice', () => {
    expect(page('shop_session=v1.sealed', 'public, max-age=60')).toBe('private, no-cache');
    expect(page('a=1; shop_signed_in=1', 'public, max-age=60')).toBe('private, no-cache');
    expect(page('shop_prices=ex', 'public, max-age=60')).toBe('private, no-cache');
  });

  it('leaves pages that are not public as they are', () => {
    expect(page('shop_session=v1.sealed', null)).toBeNull();
    expect(page('shop_session=v1.sealed', 'no-store')).toBe('no-store');
  });
});
