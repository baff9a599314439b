import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.ts';
import { createShopServer } from './server.ts';
import { freePort, serverTestBed, storefrontBuild } from './server-tests.ts';

/**
 * The shop started as a retailer starts it (PUBLIC_URL's default, http://localhost:$PORT) and opened
 * under another name, 127.0.0.1 or the machine's network address: its pages are sent to PUBLIC_URL
 * before sign-in, the card field or the basket can break there (decision 0052). The API, the identity
 * provider, health and the storefront's files answer under any name: the web tier, webhooks and
 * probes call them by address.
 */
const onPglite = process.env.TEST_DATABASE !== 'postgres';

// Upper bound, not an expected time: a shop's start on a busy machine.
const STARTUP_MS = 120_000;

const bed = serverTestBed();

/** Starts the shop on 127.0.0.1 and answers its port. */
async function start(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const config = loadServerConfig({
    // The database migrated already (a storefront alone opens none): this test is about the host, not the first start (server.api.test.ts).
    DATA_DIR: env.SERVE === 'web' ? bed.tempDir('shop-data-') : bed.dataDir('migrated'),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    // Its answers are what is tested: not a 503 from the overload guard on a machine busy with other suites (operations.api.test.ts tests that).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    // The home page a resource route whose loader answers text: this test is about the host, not the pages.
    WEB_BUILD_DIR: storefrontBuild(bed, "{ loader: () => new Response('the home page') }"),
    PORT: String(port),
    ...env,
  });
  const server = bed.keep(await createShopServer(config, { logger: false }));
  await server.app.listen({ port, host: '127.0.0.1' });
  return port;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request to the shop on 127.0.0.1 under whatever Host (and forwarded headers) a browser or proxy would send. */
function ask(port: number, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe.runIf(onPglite)('the shop under a name other than PUBLIC_URL’s', () => {
  afterAll(() => bed.cleanUp(), STARTUP_MS);

  it(
    'one process with the default PUBLIC_URL: pages under 127.0.0.1 or a network address go to localhost; the API, sign-in and files answer anywhere',
    async () => {
      const port = await start({});
      const publicUrl = `http://localhost:${port}`;

      const hosts = [`127.0.0.1:${port}`, `[::1]:${port}`, `192.168.1.20:${port}`];
      const pages = await Promise.all(hosts.map((host) => ask(port, 'GET', '/', { host })));
      // Not kept by the browser (no-store): PUBLIC_URL may change, and a kept redirect would then loop.
      expect(pages.map((page) => [page.status, page.headers.location, page.headers['cache-control']])).toEqual(
        hosts.map(() => [308, `${publicUrl}/`, 'no-store']),
      );
      const deep = await ask(port, 'HEAD', '/basket?from=header', { host: `127.0.0.1:${port}` });
      expect([deep.status, deep.headers.location]).toEqual([308, `${publicUrl}/basket?from=header`]);

      const form = await ask(port, 'POST', '/basket', { host: `127.0.0.1:${port}`, 'content-type': 'application/x-www-form-urlencoded' }, 'intent=add');
      expect(form.status).toBe(421);
      expect(form.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(form.body)).toMatchObject({ code: 'MISDIRECTED_REQUEST', detail: `This shop is at ${publicUrl}. Go there and try again.` });

      const home = await ask(port, 'GET', '/', { host: `localhost:${port}` });
      expect([home.status, home.body]).toEqual([200, 'the home page']);

      // What the web tier, the sandbox's webhooks, probes and the storefront's files are asked for by address.
      const byAddress = ['/api/health', '/identity/.well-known/openid-configuration', '/favicon.svg'];
      const answers = await Promise.all(byAddress.map((url) => ask(port, 'GET', url, { host: `127.0.0.1:${port}` })));
      expect(answers.map((answer) => answer.status)).toEqual(byAddress.map(() => 200));
    },
    2 * STARTUP_MS,
  );

  it(
    'behind a proxy: the name it forwards is the one compared, and a proxy that passes on its own upstream name is sent to PUBLIC_URL',
    async () => {
      const port = await start({ PUBLIC_URL: 'https://shop.example.co.uk' });
      // From this machine (always trusted): a proxy that passes on the visitor's host is served.
      const forwarded = await ask(port, 'GET', '/', { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'shop.example.co.uk', 'x-forwarded-proto': 'https' });
      expect([forwarded.status, forwarded.body]).toEqual([200, 'the home page']);
      // A proxy that passes its own upstream name instead is sent to PUBLIC_URL: the README says to forward the host.
      const upstream = await ask(port, 'GET', '/p/basin', { host: `127.0.0.1:${port}` });
      expect([upstream.status, upstream.headers.location]).toEqual([308, 'https://shop.example.co.uk/p/basin']);
    },
    STARTUP_MS,
  );

  it(
    'the storefront alone (SERVE=web): its pages go to PUBLIC_URL, its files answer by address for probes',
    async () => {
      const port = await start({
        SERVE: 'web',
        PUBLIC_URL: 'https://shop.example.co.uk',
        API_INTERNAL_URL: 'http://127.0.0.1:9/api',
        WEB_TIER_SECRET: 'the-web-tier-secret-of-this-test-run',
      });
      const page = await ask(port, 'GET', '/', { host: `10.0.0.5:${port}` });
      expect([page.status, page.headers.location]).toEqual([308, 'https://shop.example.co.uk/']);
      const file = await ask(port, 'GET', '/favicon.svg', { host: `10.0.0.5:${port}` });
      expect(file.status).toBe(200);
      const home = await ask(port, 'GET', '/', { host: 'shop.example.co.uk' });
      expect([home.status, home.body]).toEqual([200, 'the home page']);
    },
    STARTUP_MS,
  );
});
