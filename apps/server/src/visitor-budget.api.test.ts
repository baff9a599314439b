import os from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.ts';
import { createShopServer } from './server.ts';
import { currentStorefront, freePort, serverTestBed, STOREFRONT_BUILD_MS } from './server-tests.ts';

/**
 * Every page's loaders call the API, and the API limits calls per client. The pages must count
 * against each visitor's budget, not one budget for the web tier's address (decision 0047): with the
 * shop started as a retailer starts it, many visitors get their pages while one visitor past their
 * budget is told to wait (429), never that the shop is down (503). Both layouts: one process, and
 * the web and API tiers apart, the web tier calling the API from this machine's network address as
 * another host would.
 */
const onPglite = process.env.TEST_DATABASE !== 'postgres';

// Upper bounds, not expected times: a build, and a shop's start on a busy machine.
const BUILD_MS = STOREFRONT_BUILD_MS;
const STARTUP_MS = 180_000;

/**
 * Calls a visitor may make a minute; a home page costs 2 (its content page and the trade bands; its promotions, carousels and
 * delivery promises are kept by the web tier, decisions 0069 and 0130), a product page 7 (and 3 more for the first page's frame:
 * the announcement, the footer and the published pages its links follow, decision 0128).
 */
const LIMIT = 13;
const PAGES = ['/', '/p/tamar-trade-eden-cloakroom-basin-pl000109'];
const SECRET = 'the-web-tier-secret-of-this-test-run';

/** This machine's own network address, as another host would reach it; loopback when it has none. */
function networkAddress(): string {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
  return external?.address ?? '127.0.0.1';
}

/** A page as one visitor asks for it, through a load balancer that says who they are. */
const pageStatus = (origin: string, page: string, visitor: string) =>
  fetch(`${origin}${page}`, { headers: { 'x-forwarded-for': visitor } }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

const bed = serverTestBed();
let buildDir = '';

async function start(env: Record<string, string>, host: string, log?: string[]): Promise<string> {
  const port = await freePort();
  const config = loadServerConfig({
    // The demo shop seeded already (a storefront alone opens no database): the pages are tested here, the first start in server.api.test.ts.
    DATA_DIR: env.SERVE === 'web' ? bed.tempDir('shop-data-') : bed.dataDir('seeded'),
    LOG_LEVEL: log ? 'debug' : 'silent',
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    // Its answers are what is counted: not a 503 from the overload guard on a machine busy with other suites (operations.api.test.ts tests that).
    // Every page drawn, each making its calls: a guest page kept (decision 0077) would make none.
    PAGE_CACHE_SECONDS: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    WEB_BUILD_DIR: buildDir,
    PORT: String(port),
    // The address the pages are asked for under: any other name is sent there (decision 0052).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  const server = bed.keep(await createShopServer(config, log ? { logDestination: { write: (line) => void log.push(line) } } : { logger: false }));
  await server.app.listen({ port, host });
  return `http://127.0.0.1:${port}`;
}

/** More pages than the limit allows, each from a visitor of its own, then one visitor's pages until refused. */
async function pagesForManyVisitors(origin: string, network: number) {
  const statuses: number[] = [];
  for (let visitor = 1; visitor <= 3 * LIMIT; visitor++) {
    statuses.push(await pageStatus(origin, PAGES[visitor % PAGES.length]!, `203.0.${network}.${visitor}`));
  }
  const oneVisitor: number[] = [];
  // Each product page costs several calls, so the budget runs out within LIMIT + 1 pages.
  while (oneVisitor.length <= LIMIT && oneVisitor.at(-1) !== 429) oneVisitor.push(await pageStatus(origin, PAGES[1]!, `198.51.100.${network}`));
  return { statuses, oneVisitor };
}

describe.runIf(onPglite)('pages for many visitors at a low rate limit', () => {
  beforeAll(async () => {
    buildDir = await currentStorefront(bed, 'build-visitor-budget-');
  }, BUILD_MS);

  afterAll(() => bed.cleanUp(), STARTUP_MS);

  it(
    'one process (SERVE=all): every visitor gets their pages; one visitor past their budget gets 429, not 503',
    async () => {
      const origin = await start({ SERVE: 'all' }, '127.0.0.1');
      const { statuses, oneVisitor } = await pagesForManyVisitors(origin, 0);
      expect(statuses).toEqual(statuses.map(() => 200));
      expect(oneVisitor.at(-1)).toBe(429);
      expect(oneVisitor.slice(0, -1).every((status) => status === 200)).toBe(true);
    },
    STARTUP_MS,
  );

  it(
    'a page costs the API the calls it needs and no more, counted by the page view’s request id (decision 0069)',
    async () => {
      const log: string[] = [];
      const origin = await start({ SERVE: 'all', RATE_LIMIT_PER_MINUTE: '1000' }, '127.0.0.1', log);
      const apiCalls = async (page: string, id: string) => {
        expect(await (await fetch(`${origin}${page}`, { headers: { 'x-request-id': id } })).text()).toContain('</html>');
        return log
          .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; req?: { url?: string } })
          .filter((line) => line.reqId === id && line.msg === 'incoming request' && line.req?.url?.startsWith('/api/'))
          .map((line) => line.req!.url!.split('?')[0]!);
      };
      // The first views also ask for what the web tier then keeps for 10 s: the category tree, the shop's details, the promotions
      // and carousels. A round counts when its second views came within 9 s of the first views' asking and asked nothing its first
      // views did not: an answer kept from before (another test's pages) and lapsing between them would be asked by the second.
      // On a machine busy with other suites a round may not count; the next starts once everything kept by it has lapsed.
      let home: string[] = [];
      let product: string[] = [];
      for (let round = 1, lapsed = 0; round <= 5; round++) {
        await setTimeout(Math.max(0, lapsed - Date.now()));
        const asked = Date.now();
        const firstHome = await apiCalls('/', `first-home-${round}`);
        const firstProduct = await apiCalls(PAGES[1]!, `first-product-${round}`);
        home = await apiCalls('/', `home-${round}`);
        product = await apiCalls(PAGES[1]!, `product-${round}`);
        const askedAgain = [...home.filter((url) => !firstHome.includes(url)), ...product.filter((url) => !firstProduct.includes(url))];
        if (askedAgain.length === 0 && Date.now() - asked < 9_000) break;
        lapsed = Date.now() + 10_100;
      }
      // The home page's content page is asked each time: a publish shows at once (decision 0085's update of 2026-11-28).
      expect(home.toSorted()).toEqual(['/api/accounts/api/TradeAccounts/tradebands', '/api/site/api/pagedata/home']);
      // Named in the failure, not only counted.
      expect({ product }).toMatchObject({ product: { length: 7 } });
      expect(product).toEqual(
        expect.arrayContaining([
          '/api/catalogue/Products/Summaries',
          '/api/catalogue/Products/EssentialItems',
          '/api/delivery/Delivery/ProductDeliveryOptions',
        ]),
      );
      expect(product.filter((url) => url.startsWith('/api/reviews/'))).toHaveLength(3);
    },
    STARTUP_MS,
  );

  it(
    'the web and API tiers apart (SERVE=web, SERVE=api): the same, with the secret they share',
    async () => {
      const address = networkAddress();
      const apiOrigin = await start({ SERVE: 'api', WEB_TIER_SECRET: SECRET }, address);
      const apiPort = new URL(apiOrigin).port;
      const origin = await start({ SERVE: 'web', API_INTERNAL_URL: `http://${address}:${apiPort}/api`, WEB_TIER_SECRET: SECRET }, '127.0.0.1');
      const { statuses, oneVisitor } = await pagesForManyVisitors(origin, 1);
      expect(statuses).toEqual(statuses.map(() => 200));
      expect(oneVisitor.at(-1)).toBe(429);
      expect(oneVisitor.slice(0, -1).every((status) => status === 200)).toBe(true);
    },
    STARTUP_MS,
  );
});
