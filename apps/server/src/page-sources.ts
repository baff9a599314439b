import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { WEB_TIER_HEADERS } from '@shop/contracts';

/**
 * The API's answers a guest page was drawn from, where the API answers in this process (decision 0162): so a kept listing
 * can be checked against them when a product's change is in, instead of being forgotten on every product's notice.
 */
export interface PageSource {
  /** GET, or a POST that is a public read: the listings' and search's queries, which the spec asks as POSTs. */
  method: 'GET' | 'POST';
  /** Its path and query. */
  url: string;
  /** A POST's body and its type, sent again as they were. */
  body?: string;
  contentType?: string;
  /** The weak ETag the API gave the answer (platform/bind.ts `sendCacheable`). */
  etag: string;
}

/** A call a page's drawing made, as `inProcessApiFetch` answered it. */
export interface HeardCall {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
  status: number;
  etag?: string;
}

/** What a page's drawing called so far: its sources, or null once a call is one that cannot be asked again. */
interface Recording {
  sources: PageSource[] | null;
}

const drawing = new AsyncLocalStorage<Recording>();

/** A page's drawing, run (`run`) so that the in-process calls made within it, and within what they start, are its sources. */
export function recordSources(): { run<T>(step: () => T): T; sources(): readonly PageSource[] | null } {
  const recording: Recording = { sources: [] };
  return { run: (step) => drawing.run(recording, step), sources: () => recording.sources && [...recording.sources] };
}

/**
 * A call answered in this process for the page being drawn, if one is. Only an answer the API gave an ETag can be asked again
 * with it: it gives one to the public answers it lets be cached (`cacheSeconds`), which are reads, POSTs included. Any other
 * (no ETag, another status, another method) leaves the page with no sources: it is forgotten on product changes, as before.
 */
export function heardCall(call: HeardCall): void {
  const recording = drawing.getStore();
  if (!recording?.sources) return;
  const { method, url, body, contentType, status, etag } = call;
  if ((method !== 'GET' && method !== 'POST') || (status !== 200 && status !== 404) || !etag) recording.sources = null;
  else recording.sources.push({ method, url, etag, ...(body !== undefined && { body }), ...(contentType && { contentType }) });
}

/** A call the page being drawn made elsewhere (over HTTP): what it answered cannot be asked again here. */
export function heardUncheckedCall(): void {
  const recording = drawing.getStore();
  if (recording) recording.sources = null;
}

/**
 * Whether every source answers as it did: each asked again in this process with its ETag, for no visitor (marked the web
 * tier's check with its secret, so it spends no visitor's rate-limit budget nor the web tier's own), and each a 304.
 */
export async function sourcesUnchanged(app: FastifyInstance, api: { host: string; secret: string }, sources: readonly PageSource[]): Promise<boolean> {
  const answers = await Promise.all(
    sources.map((source) =>
      app.inject({
        method: source.method,
        url: source.url,
        headers: {
          host: api.host,
          'if-none-match': source.etag,
          [WEB_TIER_HEADERS.secret]: api.secret,
          [WEB_TIER_HEADERS.check]: 'page',
          ...(source.contentType && { 'content-type': source.contentType }),
        },
        ...(source.body !== undefined && { payload: source.body }),
      }),
    ),
  );
  return answers.every((answer) => answer.statusCode === 304);
}
