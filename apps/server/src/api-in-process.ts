import type { FastifyInstance } from 'fastify';
import { withTraceContext } from '@shop/api';
import { WEB_TIER_HEADERS } from '@shop/contracts';
import { heardCall, heardUncheckedCall } from './page-sources.ts';

/** Answers that carry no body, which a `Response` refuses one for. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for the storefront's server-side calls when the API answers in this same process
 * (SERVE=all, as `npm start` runs the shop): a call under `apiUrl` is handed to the API's own
 * routing (`app.inject`), so it passes the same routes, hooks (request id, visitor's rate limit,
 * security headers) and serialisation as over HTTP, without a socket, HTTP parsing or compression
 * between the tiers, which cost a page more CPU than drawing it (decision 0069). A call with a
 * body that is not text (a multipart upload) or with a signal to abort it goes over HTTP as before,
 * as does any other address.
 */
export function inProcessApiFetch(app: FastifyInstance, apiUrl: string): typeof fetch {
  const api = new URL(apiUrl);
  const prefix = `${api.origin}${api.pathname.replace(/\/+$/, '')}/`;
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    const body = init.body ?? undefined;
    if (url === null || !url.startsWith(prefix) || (body !== undefined && typeof body !== 'string') || init.signal) {
      heardUncheckedCall();
      return fetch(input, init);
    }
    const target = new URL(url);
    // The page's trace goes on into the API's spans (decision 0070), as over HTTP.
    const headers = withTraceContext({ ...headersOf(init.headers), host: target.host });
    const method = (init.method ?? 'GET').toUpperCase();
    const answer = await app.inject({ method: method as 'GET', url: target.pathname + target.search, headers, payload: body });
    // A guest page being drawn records what it was drawn from (page-sources.ts, decision 0162); not an answer the storefront
    // keeps for every page a few seconds (the frame, promotions, carousels), which the page cache's 10 s after a change covers.
    const etag = answer.headers.etag;
    if (!(WEB_TIER_HEADERS.kept in headers))
      heardCall({
        method,
        url: target.pathname + target.search,
        body,
        contentType: Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1],
        status: answer.statusCode,
        etag: typeof etag === 'string' ? etag : undefined,
      });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const payload = answer.rawPayload;
    return new Response(
      NULL_BODY_STATUSES.has(answer.statusCode) ? null : new Uint8Array(payload.buffer as ArrayBuffer, payload.byteOffset, payload.byteLength),
      {
        status: answer.statusCode,
        statusText: answer.statusMessage,
        headers: responseHeaders,
      },
    );
  };
}

/** The storefront's calls over HTTP (SERVE=web) with the page's trace context, so the API tier's spans join its trace. */
export const tracedFetch: typeof fetch = (input, init = {}) => fetch(input, { ...init, headers: withTraceContext(headersOf(init.headers)) });

function headersOf(headers: RequestInit['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...(headers as Record<string, string>) };
}
