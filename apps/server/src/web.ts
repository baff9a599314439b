import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { createRequestHandler, data, RouterContextProvider, type ServerBuild } from 'react-router';
import { misdirectedProblem, publicHostAnswer } from './public-host.ts';
import { mintNonce, storefrontPolicy, type PolicySources } from './content-security-policy.ts';
import { inProcessApiFetch, tracedFetch } from './api-in-process.ts';
import { createPageCache, guestPageKey, showsProducts, SHOWS_PRODUCTS_HEADER, type KeptPage, type PageCacheSettings } from './page-cache.ts';
import { acceptsGzip, gzipBody, plainBody } from './kept-page-bytes.ts';
import { recordSources, sourcesUnchanged } from './page-sources.ts';
import { tracingEnabled } from '@shop/api';
import { storefrontServerEntry } from './storefront-build.ts';

/**
 * Serves the React Router build: hashed assets from build/client with long-lived caching, every
 * other page request rendered on the server, under PUBLIC_URL's host only (decision 0052). The API's
 * /api routes are matched first. An action reads at most `bodyLimitBytes` of a form (`readLimit`).
 * Every page has a content security policy with a nonce of its own (`storefrontPolicy`, decision 0064).
 */
export async function registerWeb(
  app: FastifyInstance,
  buildDir: string,
  mode: string,
  settings: {
    publicUrl: string;
    bodyLimitBytes: number;
    pageSources: PolicySources;
    /** Where loaders reach the API when it answers in this process (SERVE=all): their calls are handed to it directly. */
    apiInProcessUrl?: string;
    /** The secret the tiers share (decision 0047), with which a kept page's answers are asked again for no visitor (decision 0162). */
    webTierSecret?: string;
    /** Guest pages kept as drawn (page-cache.ts, decision 0077); a ttl of 0 keeps none. */
    pageCache?: PageCacheSettings;
    /** Change notices this instance hears (decision 0075), which make it forget the guest pages it keeps; without them they only age out. */
    changes?: { on(topic: 'catalogue' | 'products' | 'pricing' | 'content' | 'search-synonyms', heard: (detail: string | null) => void): void };
    /**
     * Where the API answers in this process: once the product changes heard so far are in its listings (true when patched in,
     * false when a rebuild is to come). Heard after the API's own listener, so the patch a notice starts is the one waited for.
     */
    catalogueCaughtUp?: () => Promise<boolean>;
    /**
     * Where the API in this process answers listings from a snapshot: its number, moved on by each patch or load. A listing
     * checked against its answers under one number is what a page drawn now would show, a rebuild to come or not (decision 0162).
     */
    catalogueVersion?: () => number;
  },
): Promise<void> {
  const { publicUrl, bodyLimitBytes } = settings;
  const policy = storefrontPolicy(settings.pageSources);
  const serverEntry = storefrontServerEntry(buildDir);
  const clientDir = path.join(buildDir, 'client');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const entry = build.entry.module as StorefrontEntry;
  if (settings.apiInProcessUrl) entry.answerApiCallsInProcess?.(inProcessApiFetch(app, settings.apiInProcessUrl));
  else if (tracingEnabled()) entry.answerApiCallsInProcess?.(tracedFetch);
  const handle = createRequestHandler(build, mode);
  const pageCache = settings.pageCache && settings.pageCache.ttlMs > 0 ? createPageCache(settings.pageCache, undefined, settings.catalogueVersion) : null;
  // Where every call the storefront makes is answered here, a guest page records the answers it was drawn from, so a listing is
  // checked against them on a product's change instead of forgotten (decision 0162); a storefront-only tier records none.
  const { apiInProcessUrl, webTierSecret } = settings;
  const checkedApi =
    pageCache && apiInProcessUrl && webTierSecret && entry.answerApiCallsInProcess ? { host: new URL(apiInProcessUrl).host, secret: webTierSecret } : null;
  if (pageCache) {
    // A price, stock status, product or VAT rate changed (here or on another instance): guest pages are drawn afresh.
    // Prices and stock statuses are heard as `products` (decision 0080), the rest of a listing as `catalogue`;
    // the announcement bar and footer every page shows as `content` (decision 0085); search results as staff's synonyms widen them (decision 0109).
    for (const topic of ['catalogue', 'pricing', 'content', 'search-synonyms'] as const) settings.changes?.on(topic, () => pageCache.forgetAll());
    // A product's own change is patched into this process's catalogue within milliseconds: pages are kept again once it is in
    // (decision 0155), so a stream of them (orders moving stock statuses, an import) does not have every guest page drawn; and a
    // page that says which products it shows (a product page) is forgotten only by theirs (`products:<id>`, decision 0160). A
    // storefront-only tier cannot tell when the API's instances have it in: as for a patch refused, it keeps none for 25 s.
    const { catalogueCaughtUp } = settings;
    settings.changes?.on('products', (detail) => pageCache.forgetUntilPatched(catalogueCaughtUp?.() ?? Promise.resolve(false), productIdOf(detail)));
  }
  const isCrawler = entry.isCrawler ?? (() => false);
  /**
   * Whether a kept page may be sent: at once, or, when a product's change is in since it was drawn (`toCheck`), once each answer it
   * was drawn from is asked again and answers as before, so it is what drawing it now would show.
   */
  const mayBeSent = async (key: string, page: KeptPage): Promise<'hit' | 'checked' | null> => {
    if (!pageCache?.toCheck(page)) return 'hit';
    const epoch = pageCache.epoch();
    const unchanged = checkedApi !== null && (await sourcesUnchanged(app, checkedApi, page.sources ?? []));
    return pageCache.checked(key, page, epoch, unchanged) ? 'checked' : null;
  };
  /** A kept guest page with a nonce of its own, gzip if the browser takes it (else plain; brotli is not spliced). */
  const sendKept = (request: FastifyRequest, reply: FastifyReply, page: KeptPage, how: 'hit' | 'checked') => {
    const cspNonce = mintNonce();
    reply.code(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    // Documents get the shop's policy naming this answer's nonce, as when drawn (a kept feed has none).
    if (page.headers.some(([name, value]) => name === 'content-type' && /^text\/html/i.test(value))) reply.header('content-security-policy', policy(cspNonce));
    reply.header('vary', 'Accept-Encoding');
    reply.header('x-page-cache', how);
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(plainBody(page, cspNonce));
    reply.header('content-encoding', 'gzip');
    return reply.send(gzipBody(page, cspNonce));
  };

  /** Pages only under PUBLIC_URL's host: elsewhere the answer that says so (null when the host is right). */
  const wrongHost = (request: FastifyRequest, reply: FastifyReply) => {
    const answer = publicHostAnswer(publicUrl, request);
    if (answer.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(answer.location, 308);
    if (answer.kind === 'misdirected') {
      return reply
        .code(421)
        .type('application/problem+json; charset=utf-8')
        .send(JSON.stringify(misdirectedProblem(publicUrl, request.url)));
    }
    return null;
  };

  // The shopping events' beacons, a few for every page a shopper sees, are answered here by the storefront's own
  // function, without a page's routing, a Fetch request and its stream for each: a fraction of the CPU a beacon cost.
  const { acceptEventsBeacon, EVENTS_BEACON_MAX_BYTES } = entry;
  if (acceptEventsBeacon && EVENTS_BEACON_MAX_BYTES) {
    await app.register(async (events) => {
      events.removeAllContentTypeParsers();
      events.addContentTypeParser('*', { parseAs: 'string', bodyLimit: EVENTS_BEACON_MAX_BYTES }, (_request, text, done) => done(null, text));
      events.post('/events', { schema: { hide: true }, compress: false }, async (request, reply) => {
        const refused = wrongHost(request, reply);
        if (refused) return refused;
        const text = typeof request.body === 'string' ? request.body : '';
        const status = await acceptEventsBeacon({ url: pageUrl(request).href, headers: pageHeaders(request), text });
        return reply.code(status).header('cache-control', 'no-store').send();
      });
    });
  }

  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // tooling/precompress.ts writes .br and .gz twins at build time.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
    // React Router reads form posts itself, so leave request bodies unread here.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // A form refused unread (too large) is still being sent: see settleUnreadBody.
    web.addHook('onSend', async (request, reply, payload) => {
      await settleUnreadBody(request.raw, reply);
      return payload;
    });
    web.all('/*', { schema: { hide: true }, compress: {} }, async (request, reply) => {
      // Files above are the same under any name (a probe may ask by address); pages only under PUBLIC_URL's.
      const refused = wrongHost(request, reply);
      if (refused) return refused;
      const key = pageCache && guestPageKey(request, isCrawler(request.headers['user-agent']));
      if (key && pageCache) {
        const kept = pageCache.get(key);
        const how = kept && (await mayBeSent(key, kept));
        if (kept && how) return sendKept(request, reply, kept, how);
      }
      const drawnAt = pageCache?.now() ?? 0;
      const epoch = pageCache?.epoch() ?? 0;
      const body = hasBody(request) ? unpulledBody(request.raw, readLimit(request, bodyLimitBytes)) : null;
      // The storefront's entry (apps/web/app/entry.server.tsx) puts it on the page's inline scripts.
      const cspNonce = mintNonce();
      const sources = key && checkedApi ? recordSources() : null;
      const draw = () => handle(toFetchRequest(request, reply, body?.stream), Object.assign(new RouterContextProvider(), { cspNonce }));
      const response = await (sources ? sources.run(draw) : draw());
      await body?.release();
      reply.code(response.status);
      // A page's own policy (an image's, say) stands; documents get the shop's, naming the nonce they were drawn with.
      if (!response.headers.has('content-security-policy') && /^text\/html/i.test(response.headers.get('content-type') ?? '')) {
        reply.header('content-security-policy', policy(cspNonce));
      }
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie' && name !== SHOWS_PRODUCTS_HEADER) reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (key && pageCache && response.body) {
        // A guest page: read whole, kept if it may be (`keepable`), and sent.
        // Read within the recording too: a loader's deferred data may call the API while the page streams.
        const read = () => response.arrayBuffer();
        const page = Buffer.from(await (sources ? sources.run(read) : read()));
        pageCache.keep(key, {
          status: response.status,
          headers: response.headers,
          body: page,
          nonce: cspNonce,
          drawnAt,
          shows: showsProducts(response.headers),
          sources: sources?.sources() ?? null,
          epoch,
        });
        reply.header('x-page-cache', 'miss');
        return reply.send(page);
      }
      // Streamed so the first bytes of a page leave before the slowest loader finishes.
      return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
    });
  });
}

/** The product a `products:<id>` notice names; null when it names none (any product may have changed). */
export function productIdOf(detail: string | null): number | null {
  const id = detail === null ? NaN : Number(detail);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const hasBody = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

/**
 * The most of a form with files (multipart) a page's action may read: above the largest a page takes
 * (order help's six 5 MB photos and their fields, 30.25 MB). Any other body may be as large as the
 * API takes (BODY_LIMIT_BYTES). An action reading more, whatever length the body says (a chunked
 * one says none), is refused with 413 and the shop's page for it.
 */
export const UPLOAD_FORM_LIMIT_BYTES = 32 * 1024 * 1024;

const readLimit = (request: FastifyRequest, bodyLimitBytes: number) =>
  /^multipart\/form-data/i.test(request.headers['content-type'] ?? '') ? Math.max(UPLOAD_FORM_LIMIT_BYTES, bodyLimitBytes) : bodyLimitBytes;

/** Thrown into an action reading past its limit (`readLimit`): React Router draws the shop's page for it. */
const formTooLarge = () => data('The form is too large to read.', { status: 413, statusText: 'Content Too Large' });

/**
 * The request body as a web stream that reads from the connection only when the page's action
 * reads it, so one refused unread (a form too large to read, `tooLargeToRead`) is still unread
 * when the answer goes, and `release` hands what is left back to `settleUnreadBody`. Past
 * `limitBytes` the stream fails (at once if the body says it is longer) rather than hold more.
 */
function unpulledBody(raw: IncomingMessage, limitBytes: number): { stream: ReadableStream<Uint8Array>; release(): Promise<void> } {
  // Not destroyed on return: what the action leaves is discarded, not cut off.
  let chunks: AsyncIterator<Buffer> | undefined;
  let read = 0;
  const declared = Number(raw.headers['content-length'] ?? 0);
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (declared > limitBytes) return controller.error(formTooLarge());
        chunks ??= raw.iterator({ destroyOnReturn: false });
        const next = await chunks.next();
        if (next.done) return controller.close();
        read += next.value.length;
        if (read > limitBytes) {
          await chunks.return?.();
          return controller.error(formTooLarge());
        }
        controller.enqueue(new Uint8Array(next.value));
      },
      async cancel() {
        await chunks?.return?.();
      },
    },
    // Nothing is read ahead of the action's first read.
    { highWaterMark: 0 },
  );
  return { stream, release: async () => void (await chunks?.return?.()) };
}

/**
 * The most of a form left unread that is read and thrown away before the answer goes. A browser
 * reads no answer until it has sent the whole form (Chromium waits for ever on a connection that
 * stops reading), so the shop reads the rest of, say, a 30 MB upload and the shopper gets the page
 * that says why it was refused. Above this (no page takes near it) the answer goes with
 * `connection: close` and the connection is closed after it instead.
 */
export const UNREAD_BODY_DISCARD_BYTES = 100 * 1024 * 1024;

async function settleUnreadBody(raw: IncomingMessage, reply: FastifyReply): Promise<void> {
  if (raw.readableEnded || raw.destroyed || raw.method === 'GET' || raw.method === 'HEAD') return;
  const declared = Number(raw.headers['content-length'] ?? Number.NaN);
  if (!(declared <= UNREAD_BODY_DISCARD_BYTES)) {
    // Unknown length (chunked) or too much to wait for: Node closes the connection after this answer.
    reply.header('connection', 'close');
    raw.resume();
    return;
  }
  await new Promise<void>((resolve) => {
    let read = 0;
    const done = () => {
      raw.off('data', count);
      resolve();
    };
    // A body longer than it said it was is cut off (Node's parser should refuse it first).
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > UNREAD_BODY_DISCARD_BYTES) raw.destroy();
    };
    raw.on('data', count);
    raw.once('end', done);
    raw.once('close', done);
    raw.resume();
  });
}

/** What the storefront's entry module offers the shop's server beside drawing pages (apps/web/app/entry.server.tsx). */
interface StorefrontEntry {
  answerApiCallsInProcess?: (inProcess: typeof fetch) => void;
  isCrawler?: (userAgent: string | undefined) => boolean;
  acceptEventsBeacon?: (beacon: { url: string; headers: Headers; text: string }) => Promise<number>;
  EVENTS_BEACON_MAX_BYTES?: number;
}

const pageUrl = (request: FastifyRequest) => new URL(request.url, `${request.protocol}://${request.host}`);

/** A Fetch API request for React Router, aborted if the browser goes away. */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, body: ReadableStream<Uint8Array> | undefined): Request {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return new Request(pageUrl(request), {
    // HEAD renders as GET so its headers (type, length) are the page's; Node drops the body.
    method: request.method === 'HEAD' ? 'GET' : request.method,
    headers: pageHeaders(request),
    signal: controller.signal,
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}

/** The request's headers as the storefront reads them: the browser's, with whose visit and which view it is. */
function pageHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Whose visit this is, as Fastify worked it out (a browser's own header is not believed unless
  // TRUST_PROXY): page loaders and actions pass it on to the API (`visitorHeaders`).
  headers.set('x-forwarded-for', request.ip);
  // This page view's id (the proxy's when it sent one), which loaders pass on to the API so one id
  // follows the view through both tiers' logs.
  headers.set('x-request-id', String(request.id));
  return headers;
}
