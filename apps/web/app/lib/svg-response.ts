import { LruCache } from '@shop/contracts/lru-cache';

/** FNV-1a: a cheap, stable fingerprint of an SVG for its ETag (not a security hash). */
function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

// Keyed by the rendered string itself (which the render caches already hold), as many as they keep.
const etagCache = new LruCache<string, string>({ maxEntries: 2_500 });

/** The ETag of a rendered SVG; rendered strings are memoised, so this is too. */
export function etagOf(svg: string): string {
  let tag = etagCache.get(svg);
  if (tag === undefined) {
    tag = `"${fingerprint(svg)}"`;
    etagCache.set(svg, tag);
  }
  return tag;
}

const HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
  'x-content-type-options': 'nosniff',
};

/** 200 with the SVG, 304 when the browser already has it, 404 when there is none. */
export function svgResponse(request: Request, svg: string | null): Response {
  if (svg === null)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' } });
  const etag = etagOf(svg);
  const headers = { ...HEADERS, etag };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : svg, { status: 200, headers });
}
