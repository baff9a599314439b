import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.ts';
import { guestPage, until, type Answer } from './guest-page-tests.ts';
import { createShopServer, type ShopServer } from './server.ts';
import { currentStorefront, freePort, serverTestBed, STOREFRONT_BUILD_MS } from './server-tests.ts';

/**
 * A guest's kept product page is forgotten by the changes of the products it shows, not by every product's (decision 0160):
 * the real storefront says which products its product page shows, and the page cache reads it. So an import repricing
 * thousands of other products, or orders moving their stock, leave the page kept, while its own product's change is shown
 * at once, as before.
 */
const onPglite = process.env.TEST_DATABASE !== 'postgres';
// Upper bounds, not expected times: a shop's start on a busy machine; a change's notice heard and patched in.
const STARTUP_MS = 180_000;
const CHANGE_SEEN_MS = 30_000;
const BASIN = '/p/tamar-trade-eden-cloakroom-basin-pl000109';

const bed = serverTestBed();
let server: ShopServer;
let origin = '';
let port = 0;

const page = (path: string) => guestPage(port, path);
/** The page as drawn: the same bytes for a kept page, whatever nonce each answer carries. */
const drawn = (answer: Answer) => answer.body.replace(/nonce="[^"]+"/g, 'nonce=""');
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** A price changed as staff change it, returning once this instance has heard its product's notice. */
async function changePrice(sku: string, pence: number): Promise<void> {
  const { catalogue } = server.app.composed.services;
  const { db, clock, changes } = server.app.platform;
  const heard = changes.heard().products;
  await catalogue.changePrice({ db, clock }, sku, pence);
  await until(
    async () => changes.heard().products,
    (count) => count > heard,
    CHANGE_SEEN_MS,
  );
}

describe.runIf(onPglite)('a kept product page and the changes of the products it shows', () => {
  beforeAll(async () => {
    const buildDir = await currentStorefront(bed, 'build-product-page-cache-');
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
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
    server = bed.keep(await createShopServer(config, { logger: false }));
    await server.app.listen({ port, host: '127.0.0.1' });
  }, STOREFRONT_BUILD_MS + STARTUP_MS);

  afterAll(() => bed.cleanUp(), STARTUP_MS);

  it(
    'stays kept through another product’s price change, and is drawn afresh with its own product’s new price',
    async () => {
      const first = await until(
        () => page(BASIN),
        (answer) => answer.headers['x-page-cache'] === 'hit',
        CHANGE_SEEN_MS,
      );
      expect(first.headers['x-page-cache']).toBe('hit');
      // The header the page cache reads is for it alone.
      expect(first.headers['x-shows-products']).toBeUndefined();

      // A product the basin's page does not show (no link to it): an extractor fan.
      const listing = await fetch(`${origin}/api/catalogue/Listings/Categories`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ slug: 'extractor-fans', size: 10 }),
      });
      const { products } = (await listing.json()) as { products: { sku: string; slug: string; price: { priceIncTax: number } }[] };
      const fan = products.find((product) => !first.body.includes(`/p/${product.slug}`))!;
      expect(fan).toBeDefined();
      const fanPrice = fan.price.priceIncTax + 1_000;
      await changePrice(fan.sku, fanPrice);
      // The basin's page is sent as kept while the fan's change is heard, patched in and shown on the fan's own page.
      const basinPages: Answer[] = [];
      const fanPage = await until(
        async () => (basinPages.push(await page(BASIN)), page(`/p/${fan.slug}`)),
        (answer) => answer.body.includes(pounds(fanPrice)),
        CHANGE_SEEN_MS,
      );
      expect(fanPage.body).toContain(pounds(fanPrice));
      basinPages.push(await page(BASIN));
      expect(basinPages.map((answer) => answer.headers['x-page-cache'])).toEqual(basinPages.map(() => 'hit'));
      expect(basinPages.map(drawn)).toEqual(basinPages.map(() => drawn(first)));

      // The basin's own price change: its page is drawn afresh, with the new price, and never sent kept with the old one.
      const basinPrice = 12_345;
      await changePrice('PL000109-1', basinPrice);
      const sent: Answer[] = [];
      const after = await until(
        async () => (sent.push(await page(BASIN)), sent.at(-1)!),
        (answer) => answer.body.includes(pounds(basinPrice)),
        CHANGE_SEEN_MS,
      );
      expect(after.body).toContain(pounds(basinPrice));
      expect(sent.filter((answer) => answer.headers['x-page-cache'] === 'hit' && !answer.body.includes(pounds(basinPrice)))).toEqual([]);
      expect(drawn(after)).not.toBe(drawn(first));
    },
    CHANGE_SEEN_MS * 4,
  );
});
