import { describe, expect, it } from 'vitest';
import { loader as productImage } from '../routes/product-image.ts';
import { loader as userContentImage } from '../routes/user-content-image.ts';
import { loader as categoryImage } from '../routes/category-illustration.tsx';

/** Calls a loader the way React Router does for `/images/…/:file`. */
const call = (loader: (args: never) => Response, path: string, headers: Record<string, string> = {}) =>
  loader({ request: new Request(`http://shop.test${path}`, { headers }), params: { file: path.split('/').pop() ?? '' } } as never);

describe('image routes', () => {
  it('serves a product SVG with its type, cache headers and an ETag, and 304 when it matches', async () => {
    const response = call(productImage, '/images/products/close-coupled-toilets-chrome-detail.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(await response.text()).toContain('<title>');
    const again = call(productImage, '/images/products/close-coupled-toilets-chrome-detail.svg', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(call(productImage, '/images/products/close-coupled-toilets-chrome.svg').headers.get('etag')).not.toBe(etag);
  });

  it('answers 404 for file names that are not ours', () => {
    expect(call(productImage, '/images/products/junk.svg').status).toBe(404);
    expect(call(productImage, '/images/products/basin-taps-chrome.png').status).toBe(404);
    expect(call(userContentImage, '/images/user-content/nope.svg').status).toBe(404);
  });

  it('serves a category drawing as a standalone SVG, and the water drop for a category without one', async () => {
    const taps = call(categoryImage, '/images/categories/taps.svg');
    expect(taps.status).toBe(200);
    expect(taps.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await taps.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 160 120"/);
    const drop = await call(categoryImage, '/images/categories/garden-hoses.svg').text();
    expect(drop).not.toBe(svg);
    expect(await call(categoryImage, '/images/categories/new-range.svg').text()).toBe(drop);
    expect(call(categoryImage, '/images/categories/Taps.svg').status).toBe(404);
    expect(call(categoryImage, '/images/categories/taps.png').status).toBe(404);
  });

  it('serves a customer photo', () => {
    const response = call(userContentImage, '/images/user-content/61.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });
});
