import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '@shop/api/testing/database';
import { loadServerConfig } from './config.ts';
import { documentEntry, field, guestPage, rootModule, until } from './guest-page-tests.ts';
import { createShopServer, type ShopServer } from './server.ts';
import { freePort, serverTestBed, storefrontBuild } from './server-tests.ts';

/**
 * A storefront-only tier (SERVE=web) given the database's address hears the change notices an API
 * instance's edits send, as the API's instances do (decision 0081), so a price edited there is on
 * the web tier's guest pages within CHANGE_SEEN_MS, not when the kept page ages out: the pages are
 * kept for an hour here, so only the notice can make it forget them.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
// Upper bounds, not expected times: the demo seed on PostgreSQL on a busy machine; a notice heard and the page drawn again.
const STARTUP_MS = 300_000;
const CHANGE_SEEN_MS = 15_000;
const SECRET = 'the-web-tier-secret-of-this-test';

const bed = serverTestBed();
let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
let api: ShopServer;
let web: ShopServer;
let webPort = 0;

const page = (path: string) => guestPage(webPort, path);

describe.runIf(onPostgres)('a storefront-only tier on PostgreSQL', () => {
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase('shop_web_tier');
    const [apiPort, port] = [await freePort(), await freePort()];
    webPort = port;
    const common = { DATABASE_URL: database.url, LOG_LEVEL: 'silent', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', WEB_TIER_SECRET: SECRET, JOBS: 'none' };
    api = bed.keep(
      await createShopServer(
        loadServerConfig({
          ...common,
          SERVE: 'api',
          SHOP_ENV: 'demo',
          DATA_DIR: bed.tempDir('shop-api-'),
          PORT: String(apiPort),
          PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
        }),
        { logger: false },
      ),
    );
    await api.app.listen({ port: apiPort, host: '127.0.0.1' });
    web = bed.keep(
      await createShopServer(
        loadServerConfig({
          ...common,
          SERVE: 'web',
          DATA_DIR: bed.tempDir('shop-web-'),
          PORT: String(webPort),
          PUBLIC_URL: `http://127.0.0.1:${webPort}`,
          API_INTERNAL_URL: `http://127.0.0.1:${apiPort}/api`,
          WEB_BUILD_DIR: storefrontBuild(bed, rootModule, documentEntry),
          PAGE_CACHE_SECONDS: '3600',
        }),
        { logger: false },
      ),
    );
    await web.app.listen({ port: webPort, host: '127.0.0.1' });
  }, STARTUP_MS);

  afterAll(async () => {
    await bed.cleanUp();
    await database?.drop();
  }, STARTUP_MS);

  it(
    'a price edited through an API instance is on the web tier’s guest pages as soon as its notice is heard',
    async () => {
      const before = await page('/?notices=1');
      expect((await page('/?notices=1')).headers['x-page-cache']).toBe('hit');
      const { catalogue } = api.app.composed.services;
      const { db, clock } = api.app.platform;
      const newPrice = Number(field(before, 'price')) + 1_000;
      await catalogue.changePrice({ db, clock }, field(before, 'sku')!, newPrice);
      const after = await until(
        () => page('/?notices=1'),
        (answer) => field(answer, 'price') === String(newPrice),
        CHANGE_SEEN_MS,
      );
      expect(field(after, 'price')).toBe(String(newPrice));
    },
    CHANGE_SEEN_MS * 3,
  );
});
