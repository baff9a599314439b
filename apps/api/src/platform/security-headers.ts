import type { FastifyInstance, onRequestHookHandler } from 'fastify';

type HeaderList = readonly [string, string][];

/**
 * Helmet's defaults (less the content security policy, which pages set for themselves), computed
 * once, in two parts. These go on every response: no MIME sniffing, HTTPS only, not readable by
 * other origins' pages, never framed elsewhere.
 */
const EVERY_RESPONSE: HeaderList = [
  ['cross-origin-resource-policy', 'same-origin'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'SAMEORIGIN'],
];

/**
 * These only mean something to a browser showing a document, so the JSON calls bound to contracts
 * skip them: seven header writes fewer on most of the API's traffic (docs/decisions/0004).
 */
const DOCUMENT_ONLY: HeaderList = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  // With `no-referrer` Chrome posts forms with `Origin: null`, which form actions must refuse.
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

const setDocumentHeaders: onRequestHookHandler = (_request, reply, done) => {
  for (const [name, value] of DOCUMENT_ONLY) reply.raw.setHeader(name, value);
  done();
};

/**
 * Set on the raw response before the route runs, so that hijacked responses (the identity
 * provider, streamed pages) carry them too. Routes that are not contract-bound JSON calls (those
 * carry an `access` rule in their config, platform/bind.ts) — pages, the identity provider, the
 * API reference — get the document headers as a route hook, decided once when the route is added
 * rather than on every request.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of EVERY_RESPONSE) raw.setHeader(name, value);
    raw.setHeader('x-request-id', String(request.id));
    done();
  });
  app.addHook('onRoute', (route) => {
    if ((route.config as { access?: unknown } | undefined)?.access) return;
    route.onRequest = [setDocumentHeaders, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
}
