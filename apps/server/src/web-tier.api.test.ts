import http from 'node:http';
import type net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.ts';
import { createShopServer, type ShopServer } from './server.ts';
import { freePort, serverTestBed, storefrontBuild } from './server-tests.ts';

/**
 * The storefront-only tier (SERVE=web) is built as the one-process server is: its pages carry the
 * same security headers and content security policy, with a nonce of their own, its request id reaches the API's log through the page's loaders, and a
 * form larger than any page takes is refused (413) without being held.
 */
const STARTUP_MS = 120_000;
const MB = 1024 * 1024;
const SECRET = 'the-web-tier-secret-of-this-test-run';

// The page's loader calls the API as the shop's do (`visitorHeaders`, apps/web/app/lib/api.server.ts);
// its action reads the whole form, as a page without files does. A page, not a resource route: it has a component.
const page =
  '{ loader: async ({ request }) => { await (await fetch(process.env.API_INTERNAL_URL + "/health", ' +
  '{ headers: { "x-request-id": request.headers.get("x-request-id") } })).arrayBuffer(); return null; }, ' +
  'action: async ({ request }) => new Response(null, { status: 303, headers: { location: "/thanks?name=" + (await request.formData()).get("name") } }), ' +
  'default: () => null, ErrorBoundary: () => null }';
// The shop's document for any status, as the real build's root draws one (with its error page), its
// script carrying the nonce the server gave the entry (as apps/web/app/entry.server.tsx does).
const documentEntry =
  '(_request, status, _headers, _entryContext, loadContext) => new Response("<!doctype html><title>Plumbline</title>' +
  '<script nonce=\\"" + loadContext.cspNonce + "\\"></script>", { status, headers: { "content-type": "text/html" } })';

const bed = serverTestBed();
const apiLog: string[] = [];
const webLog: string[] = [];
let allOrigin = '';
let webOrigin = '';
let webPort = 0;
/** What the storefront-only tier read from its connections, closed and open: what it could hold. */
const openSockets = new Set<net.Socket>();
let readByClosed = 0;
const bytesReadByWeb = () => [...openSockets].reduce((sum, socket) => sum + socket.bytesRead, readByClosed);
function countReads(socket: net.Socket) {
  openSockets.add(socket);
  socket.once('close', () => {
    readByClosed += socket.bytesRead;
    openSockets.delete(socket);
  });
}
// The collector, switched on for this test's process: what is held is what is left after it runs.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
/** The memory the process holds (heap and buffers) once its garbage is collected, the closed connections' included. */
async function held(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

async function start(env: Record<string, string>, log: string[]): Promise<{ origin: string; port: number; server: ShopServer }> {
  const port = await freePort();
  const config = loadServerConfig({
    DATA_DIR: bed.tempDir('shop-data-'),
    DEMO_DATA: 'false',
    // Every request's lines (at info only slow and failed ones are written).
    LOG_LEVEL: 'debug',
    WEB_BUILD_DIR: buildDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_TIER_SECRET: SECRET,
    // Its answers are what is counted: not a 503 from the overload guard on a machine busy with other suites (operations.api.test.ts tests that).
    // Every page drawn, each making its calls: a guest page kept (decision 0077) would make none.
    PAGE_CACHE_SECONDS: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const server = bed.keep(await createShopServer(config, { logDestination: { write: (line) => void log.push(line) } }));
  await server.app.listen({ port, host: '127.0.0.1' });
  return { origin: `http://127.0.0.1:${port}`, port, server };
}

let buildDir = '';
beforeAll(async () => {
  buildDir = storefrontBuild(bed, page, documentEntry);
  const all = await start({ SERVE: 'all' }, apiLog);
  allOrigin = all.origin;
  const web = await start({ SERVE: 'web', API_INTERNAL_URL: `${allOrigin}/api` }, webLog);
  webOrigin = web.origin;
  webPort = web.port;
  web.server.app.server.on('connection', countReads);
}, STARTUP_MS);
afterAll(() => bed.cleanUp(), STARTUP_MS);

const securityHeaders = (response: Response) =>
  Object.fromEntries(
    ['strict-transport-security', 'x-frame-options', 'x-content-type-options', 'referrer-policy'].map((name) => [name, response.headers.get(name)]),
  );

/** The page's policy with its nonce taken out, and that nonce. */
const policyOf = (response: Response) => {
  const policy = response.headers.get('content-security-policy') ?? '';
  return { policy: policy.replace(/'nonce-[^']*'/, "'nonce-…'"), nonce: /'nonce-([^']*)'/.exec(policy)?.[1] };
};

/** The request ids of the JSON log lines written. */
const loggedIds = (log: string[]) => new Set(log.map((line) => (JSON.parse(line) as { reqId?: string }).reqId));

describe('a page from either tier', () => {
  it.each([
    ['one process (SERVE=all)', () => allOrigin],
    ['the storefront-only tier (SERVE=web)', () => webOrigin],
  ])('%s: the same security headers, and a content security policy naming the nonce its scripts carry', async (_tier, origin) => {
    const [first, second] = [await fetch(`${origin()}/`), await fetch(`${origin()}/`)];
    const bodies = [await first.text(), await second.text()];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(securityHeaders(first)).toEqual({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    const self = `'self' ${origin()}`;
    // Neither tier is given Stripe's secret here: the one-process server knows it takes no card by Stripe, the storefront-only tier cannot know.
    const stripe = origin() === webOrigin ? ['https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com', 'https://api.stripe.com'] : ['', ''];
    expect(policyOf(first).policy).toBe(
      [
        "default-src 'self'",
        "script-src 'nonce-…' 'strict-dynamic' https:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'self'",
        `form-action ${self}`,
        `connect-src ${self} ${stripe[1]}`.trim(),
        `frame-src ${self} ${stripe[0]}`.trim(),
        `img-src ${self} data: blob:`,
        "font-src 'self'",
        "style-src 'self' 'unsafe-inline'",
      ].join('; '),
    );
    // A fresh nonce for each page (128 bits), the one its scripts carry.
    const nonces = [policyOf(first).nonce, policyOf(second).nonce];
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(Buffer.from(nonces[0] ?? '', 'base64')).toHaveLength(16);
    expect(bodies).toEqual(nonces.map((nonce) => `<!doctype html><title>Plumbline</title><script nonce="${nonce}"></script>`));
    // Files keep their own headers: no page policy.
    const file = await fetch(`${origin()}/favicon.svg`);
    await file.arrayBuffer();
    expect(file.headers.get('content-security-policy')).toBeNull();
  });

  it('the web tier’s request id (its proxy’s, or its own) is on the API’s log lines for the page’s calls', async () => {
    const given = await fetch(`${webOrigin}/`, { headers: { 'x-request-id': 'page-view-from-the-proxy' } });
    await given.arrayBuffer();
    expect(given.headers.get('x-request-id')).toBe('page-view-from-the-proxy');

    const made = await fetch(`${webOrigin}/`);
    await made.arrayBuffer();
    const id = made.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[\w.-]+$/);

    await expect.poll(() => [loggedIds(apiLog).has('page-view-from-the-proxy'), loggedIds(apiLog).has(id)]).toEqual([true, true]);
    expect([loggedIds(webLog).has('page-view-from-the-proxy'), loggedIds(webLog).has(id)]).toEqual([true, true]);
  });
});

/** A url-encoded form of `bytes`, sent chunked (no length said), its answer read as soon as it comes. */
function postChunked(bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: webPort,
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
    });
    // The shop closes the connection after refusing: the rest cannot be written, as expected.
    request.on('error', () => {});
    const read = async (response: http.IncomingMessage) => {
      let body = '';
      for await (const chunk of response) body += chunk;
      resolve({ status: response.statusCode ?? 0, body });
    };
    request.once('response', (response) => void read(response).catch(reject));
    request.once('close', () => reject(new Error('closed without an answer')));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    const pump = () => {
      while (written < bytes && !request.destroyed) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    request.write('name=Ann&notes=');
    pump();
  });
}

describe('a form larger than the web tier reads', () => {
  it(
    'a 50 MB form, and twenty of 2 MB, sent chunked to a page that reads its form: 413, and the server holds none of them',
    async () => {
      // Counted in bytes the server read from the connections, not in memory, which a busy machine's
      // garbage collector makes a guess: a server that reads no more than the limit holds no more.
      const before = bytesReadByWeb();
      const refused = await postChunked(50 * MB);
      expect(refused.status).toBe(413);
      expect(refused.body).toContain('<title>Plumbline</title>');
      // Past the 1 MB a page's form may be, it reads at most a few of the socket's 64 KB reads more.
      expect(bytesReadByWeb() - before).toBeLessThan(4 * MB);

      // Twenty 2 MB forms, just over the limit, are each refused: the connection is drained before it is
      // closed, so they are read, but none is kept: what the process holds once the garbage is collected
      // grows by far less than the 40 MB sent.
      const beforeSmall = await held();
      for (let i = 0; i < 20; i++) expect((await postChunked(2 * MB)).status).toBe(413);
      // Buffers' memory is given back by finalisers after a collection, not during it: asked until it is.
      await expect.poll(async () => (await held()) - beforeSmall, { timeout: 30_000 }).toBeLessThan(16 * MB);

      // A form within the limit is read by its page.
      const small = await fetch(`${webOrigin}/`, { method: 'POST', body: new URLSearchParams({ name: 'Ann' }), redirect: 'manual' });
      await small.arrayBuffer();
      expect([small.status, small.headers.get('location')]).toEqual([303, '/thanks?name=Ann']);
    },
    STARTUP_MS,
  );
});

describe('the storefront-only tier’s probes (decision 0070)', () => {
  it('is live, and ready until it drains, under any host name; it does not wait on the API tier', async () => {
    const { origin, server } = await start({ SERVE: 'web', API_INTERNAL_URL: 'http://127.0.0.1:9/api' }, []);
    const byAddress = origin.replace('127.0.0.1', 'localhost');
    expect((await fetch(`${byAddress}/livez`)).status).toBe(200);
    const ready = await fetch(`${byAddress}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    server.app.readiness.drain();
    const draining = await fetch(`${origin}/readyz`);
    expect([draining.status, await draining.json()]).toEqual([503, { status: 'draining' }]);
    expect((await fetch(`${origin}/livez`)).status).toBe(200);
  });
});
