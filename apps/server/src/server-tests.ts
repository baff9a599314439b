import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePgliteDataDir } from '@shop/api/testing/database';
import { loadServerConfig } from './config.ts';
import { until } from './guest-page-tests.ts';
import { createShopServer, type ShopServer } from './server.ts';

/** A port nothing listens on, for a shop whose settings name its port before it starts (PUBLIC_URL, API_INTERNAL_URL). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * What a test file's composed servers leave behind: the servers, their folders, and the settings
 * `createShopServer` puts in this process's environment. `cleanUp` (in `afterAll`) undoes them all.
 */
export function serverTestBed() {
  const dirs: string[] = [];
  const servers: ShopServer[] = [];
  const settingsBefore = { API_INTERNAL_URL: process.env.API_INTERNAL_URL, WEB_TIER_SECRET: process.env.WEB_TIER_SECRET };
  /** A new folder under `parent` (the system's temporary folder by default), removed by `cleanUp`. */
  const tempDir = (name: string, parent = os.tmpdir()): string => {
    const dir = fs.mkdtempSync(path.join(parent, name));
    dirs.push(dir);
    return dir;
  };
  return {
    tempDir,
    /**
     * A new DATA_DIR, removed by `cleanUp`, whose embedded database starts as the API suites' dump: `migrated`, or `seeded`
     * with the demo data as well. A shop started on it finds its migrations and seeds done, where a fresh one spends most of
     * its start on them; server.api.test.ts keeps that first start tested.
     */
    dataDir(template: 'seeded' | 'migrated'): string {
      const dir = tempDir('shop-data-');
      writePgliteDataDir(template, dir);
      return dir;
    },
    /** A started server, closed by `cleanUp`. */
    keep(server: ShopServer): ShopServer {
      servers.push(server);
      return server;
    },
    async cleanUp(): Promise<void> {
      for (const server of servers) await server.close();
      for (const [name, value] of Object.entries(settingsBefore)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A storefront build of one page, for tests about the server rather than the pages (the real pages
 * are the browser tests'): the home page a route whose module is `rootModule` (JavaScript source),
 * and one file, favicon.svg. `documentEntry` (JavaScript source) draws documents; by default none.
 * `entryExports` (JavaScript source of object properties) are what else the entry offers the server.
 */
export function storefrontBuild(
  bed: ReturnType<typeof serverTestBed>,
  rootModule: string,
  documentEntry = "() => new Response('no document in this build', { status: 500 })",
  entryExports = '',
): string {
  const dir = bed.tempDir('shop-web-build-');
  fs.mkdirSync(path.join(dir, 'server'));
  fs.mkdirSync(path.join(dir, 'client'));
  fs.writeFileSync(path.join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(dir, 'server', 'index.js'),
    [
      `export const routes = { root: { id: 'root', path: '', module: ${rootModule} } };`,
      `export const entry = { module: { default: ${documentEntry}, ${entryExports} } };`,
      "export const assets = { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: '1' };",
      "export const publicPath = '/';",
      `export const assetsBuildDirectory = ${JSON.stringify(path.join(dir, 'client'))};`,
      'export const future = {};',
      'export const ssr = true;',
      'export const isSpaMode = false;',
      'export const prerender = [];',
      "export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };",
    ].join('\n'),
  );
  return dir;
}

/**
 * The storefront alone (SERVE=web) on `buildDir`, with no API behind it (its calls would fail), on a
 * free port of 127.0.0.1, kept by `bed`: for tests of what the web tier does itself. Its overload guard
 * is off: a busy machine lags the loop, and these tests are about the answers, not the guard (decision 0070).
 */
export async function startStorefrontAlone(bed: ReturnType<typeof serverTestBed>, buildDir: string): Promise<{ port: number; origin: string }> {
  const port = await freePort();
  const config = loadServerConfig({
    SERVE: 'web',
    API_INTERNAL_URL: 'http://127.0.0.1:9/api',
    WEB_TIER_SECRET: 'the-web-tier-secret-of-this-test-run',
    DATA_DIR: bed.tempDir('shop-data-'),
    LOG_LEVEL: 'silent',
    WEB_BUILD_DIR: buildDir,
    PORT: String(port),
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  });
  const server = bed.keep(await createShopServer(config, { logger: false }));
  await server.app.listen({ port, host: '127.0.0.1' });
  return { port, origin: `http://localhost:${port}` };
}

/** An upper bound, not an expected time: the storefront built on a busy machine. */
export const STOREFRONT_BUILD_MS = 240_000;

/**
 * The real storefront as its sources are now: `npm test` builds it before the API tests and says where (STOREFRONT_BUILD_DIR);
 * a test run alone builds its own beside the usual build (`build-*` is git-ignored), removed by `bed`.
 */
export async function currentStorefront(bed: ReturnType<typeof serverTestBed>, name: string): Promise<string> {
  if (process.env.STOREFRONT_BUILD_DIR) return process.env.STOREFRONT_BUILD_DIR;
  const webDir = fileURLToPath(new URL('../../web', import.meta.url));
  const dir = bed.tempDir(name, webDir);
  const child = spawn('npm', ['run', '-s', 'build'], { cwd: webDir, env: { ...process.env, WEB_BUILD_DIR: dir }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`The storefront did not build:\n${errors}`);
  return dir;
}

/**
 * The demo shop with the real storefront (`currentStorefront`), its guest pages kept for ten minutes (decision 0077), on a free
 * port, kept by `bed`: for the page cache's tests on real pages. Its rate limit is out of the way, as is its overload guard.
 */
export async function startShopWithRealPages(
  bed: ReturnType<typeof serverTestBed>,
  buildName: string,
): Promise<{ server: ShopServer; port: number; origin: string }> {
  const buildDir = await currentStorefront(bed, buildName);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadServerConfig({
    DATA_DIR: bed.dataDir('seeded'),
    LOG_LEVEL: 'silent',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    PAGE_CACHE_SECONDS: '600',
    WEB_BUILD_DIR: buildDir,
    PORT: String(port),
    PUBLIC_URL: origin,
  });
  const server = bed.keep(await createShopServer(config, { logger: false }));
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, port, origin };
}

/** A price changed as staff change it, returning once `server` has heard its product's notice (within `withinMs`). */
export async function changePriceHeard(server: ShopServer, sku: string, pence: number, withinMs: number): Promise<void> {
  const { catalogue } = server.app.composed.services;
  const { db, clock, changes } = server.app.platform;
  const heard = changes.heard().products;
  await catalogue.changePrice({ db, clock }, sku, pence);
  await until(
    async () => changes.heard().products,
    (count) => count > heard,
    withinMs,
  );
}
