import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCatalogueClient } from '@shop/api-client';
import { writePgliteDataDir } from '@shop/api/testing/database';
import { loadServerConfig } from './config.ts';
import { createShopServer } from './server.ts';

// On-disk persistence and process signals are the embedded database's concern; PostgreSQL keeps
// its own data. The Postgres run of the API suites covers the rest.
const onPglite = process.env.TEST_DATABASE !== 'postgres';
const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Upper bounds, not expected times: a fresh PGlite, migrations and the demo seed take seconds on an
// idle machine and several times that on a busy one.
const STARTUP_MS = 120_000;
const STEP_MS = 30_000;

/** `main.ts` in a child process, its output collected; killed if the test ends while it runs. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, [mainFile], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Log lines are read from stdout alone, so a stderr chunk never lands inside one.
  const main = { child, exited, output: '', stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => {
    main.output += chunk;
    main.stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    main.output += chunk;
    main.stderr += chunk;
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return main;
}

/** The messages the server logged (JSON lines on stdout) for one request id, in order. */
function requestLog(stdout: string, requestId: string): string[] {
  // The last piece may be a line still being written.
  return stdout
    .split('\n')
    .slice(0, -1)
    .flatMap((line) => {
      if (!line.startsWith('{"')) return [];
      const entry = JSON.parse(line) as { reqId?: string; msg?: string };
      return entry.reqId === requestId && entry.msg ? [entry.msg] : [];
    });
}

/** A POST whose head and half its body are sent now and the rest on `finish()`: in flight until then. */
function holdRequest(url: string, requestId: string, body: string) {
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': requestId },
  });
  const response = new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
      res.on('error', reject);
    });
  });
  // A reset before the test awaits the answer fails the test there, not as an unhandled rejection.
  response.catch(() => {});
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { response, finish: () => request.end(body.slice(half)) };
}

/** Health's status code, or the connection error's code when nothing answered. */
const healthStatus = (origin: string) =>
  fetch(`${origin}/api/health`).then(
    (response) => response.status,
    (error: Error) => (error.cause as { code?: string } | undefined)?.code ?? error.message,
  );

describe.runIf(onPglite)('the shop server on its embedded database', () => {
  it(
    'applies migrations, seeds once, and keeps its data across a restart',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
      // Not the overload guard's 503 on a machine busy with other suites (operations.api.test.ts tests that): the data is what is tested.
      const config = loadServerConfig({ SERVE: 'api', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' });
      for (const round of [1, 2]) {
        const server = await createShopServer(config, { logger: false });
        const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
        const { categories } = await createCatalogueClient({ baseUrl: `${address}/api/catalogue` }).getNavigation();
        expect(categories, `round ${round}`).toHaveLength(20);
        await server.close();
      }
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    },
    2 * STARTUP_MS,
  );

  it(
    'on SIGTERM finishes the requests in flight, refuses new ones, closes the database and exits 0',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
      // Migrated already, and no demo data: the test above covers the first start, and this one starts sooner without it.
      writePgliteDataDir('migrated', dataDir);
      onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      // An empty DATABASE_URL counts as unset: this test is about the embedded database. Debug level logs each
      // request as it arrives, which is what the test waits for.
      const main = startMain({
        DATABASE_URL: '',
        DEMO_DATA: 'false',
        SERVE: 'api',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'debug',
      });
      await expect.poll(() => main.output, { timeout: STARTUP_MS, interval: 100 }).toContain('Plumbline shop is running');
      expect(main.output).toContain('PGlite');
      // Fastify's own line, worded by the shop so it advertises no address that only redirects (decision 0052).
      expect(main.stdout).toContain(`"msg":"Listening on ${origin}"`);
      expect(main.output).toContain('for evaluation and development only');
      // Started again under HEAP_LIMIT_MB's default heap limit: the signal below reaches the shop through the first process.
      expect(main.output).toMatch(/JavaScript heap limit 1,0\d\d MB/);
      const { memory } = (await (await fetch(`${origin}/api/health`)).json()) as { memory: { heapLimitBytes: number } };
      expect(memory.heapLimitBytes).toBeGreaterThanOrEqual(1024 * 1024 * 1024);
      expect(memory.heapLimitBytes).toBeLessThan(1100 * 1024 * 1024);

      // Half a body sent: the server has the request, and it stays in flight until the rest arrives.
      const held = holdRequest(`${origin}/api/catalogue/Search`, 'held-search', JSON.stringify({ query: 'basin', size: 5 }));
      await expect.poll(() => requestLog(main.stdout, 'held-search'), { timeout: STEP_MS }).toEqual(['incoming request']);
      main.child.kill('SIGTERM');
      await expect.poll(() => main.output, { timeout: STEP_MS }).toContain('SIGTERM received');
      // While it drains, a new connection is refused (or, just before the listener closes, answered 503).
      await expect.poll(() => healthStatus(origin), { timeout: STEP_MS }).toBe('ECONNREFUSED');

      held.finish();
      const response = await held.response;
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({ products: [], pagination: { total: 0 } });
      expect(await main.exited).toBe(0);
      // Answered after the signal, with the database still open.
      expect(requestLog(main.stdout.slice(main.stdout.indexOf('SIGTERM received')), 'held-search')).toEqual(['request completed']);
    },
    STARTUP_MS + 3 * STEP_MS,
  );

  it(
    'refuses to start with a clear message naming a bad setting',
    async () => {
      for (const [env, message] of [
        [{ PORT: 'not-a-port' }, 'PORT: “port” must be a number'],
        // Read before the shop starts again under its heap limit.
        [{ HEAP_LIMIT_MB: 'lots' }, 'HEAP_LIMIT_MB: must be a number of megabytes, such as 1024, or auto'],
      ] as const) {
        const main = startMain(env);
        expect(await main.exited).toBe(1);
        expect(main.stderr).toContain(message);
        expect(main.stderr).not.toContain('    at ');
      }
      // A storefront that is not built is said before any database is made or seeded.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
      const main = startMain({ WEB_BUILD_DIR: path.join(dataDir, 'no-build'), DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await main.exited).toBe(1);
      expect(main.stderr).toBe(`The storefront is not built (${path.join(dataDir, 'no-build', 'server', 'index.js')} is missing): run "npm run build".\n`);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
    3 * STARTUP_MS,
  ); // Settings are read before the shop loads; the storefront's build is looked for before its database.

  it(
    'refuses to start in production with demo accounts, generated keys or the sandbox gateway, naming what to set',
    async () => {
      // Production is how the shop is deployed (decision 0065): NODE_ENV=production without SHOP_ENV, or SHOP_ENV=production on any build.
      for (const [deployment, named] of [
        [{ NODE_ENV: 'production' }, 'NODE_ENV=production'],
        [{ SHOP_ENV: 'production' }, 'SHOP_ENV=production'],
      ] as const) {
        const main = startMain({
          ...deployment,
          DEMO_DATA: 'true',
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-')),
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
        });
        // Either answer ends the wait: refused, or (wrongly) running.
        await expect.poll(() => main.output, { timeout: STARTUP_MS, interval: 100 }).toMatch(/Invalid configuration|shop is running/);
        expect(main.stderr).toMatch(new RegExp(`^Invalid configuration for production \\(${named}\\):\n`));
        expect(await main.exited).toBe(1);
        for (const setting of ['DEMO_DATA', 'IDENTITY_JWKS', 'IDENTITY_COOKIE_KEYS', 'STRIPE_SECRET_KEY']) expect(main.stderr).toContain(`\n  ${setting}: `);
        for (const allowed of ['ALLOW_DEMO_DATA_IN_PRODUCTION', 'ALLOW_GENERATED_KEYS_IN_PRODUCTION', 'ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION']) {
          expect(main.stderr).toContain(`set ${allowed}=true`);
        }
        expect(main.stderr).not.toContain('    at ');
      }
    },
    2 * (STARTUP_MS + STEP_MS),
  );
});
