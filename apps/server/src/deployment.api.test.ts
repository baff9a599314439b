import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '@shop/api/testing/database';
import { signIn } from '@shop/api/testing/sign-in';
import { startSmtpReceiver, type SmtpReceiver } from '@shop/api/testing/smtp-receiver';
import { loadServerConfig } from './config.ts';
import { documentEntry, field, guestPage, until } from './guest-page-tests.ts';
import { createShopServer, type ShopServer } from './server.ts';
import { freePort, serverTestBed, storefrontBuild } from './server-tests.ts';

/**
 * A shop deployed as docs/operations.md describes, on one PostgreSQL database (and one Redis where
 * REDIS_URL is set): two API instances, a storefront-only web instance drawing its pages from the
 * second, and two workers. What staff change through the first API instance is on the web
 * instance's pages as soon as the change notice is heard (decisions 0075, 0081), not when what the
 * second instance or the web tier keeps ages out: guest pages are kept for an hour here, and the
 * second instance's clock is held still while a band is changed (it keeps a business's band 5 s by
 * its clock), so only the notices can make them read again. Background jobs run on the
 * workers alone, each once: both API instances are asked for every job (JOBS=all) and run none.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
// Upper bounds, not expected times: the demo seed on PostgreSQL on a busy machine; a notice heard and the page drawn again.
const STARTUP_MS = 300_000;
const CHANGE_SEEN_MS = 15_000;
const SECRET = 'the-web-tier-secret-of-this-test';
const EMAILS = 40;

/**
 * The one-page storefront of the guest-page tests, whose loader also draws a signed-in trade
 * customer's price for `?trade=<sku>` as the shop's pages do: asked of the API with the customer's
 * token, never kept for anyone else.
 */
const rootModule = `{
  loader: async ({ request }) => {
    const sku = new URL(request.url).searchParams.get('trade');
    const authorization = request.headers.get('authorization');
    if (sku && authorization) {
      const answer = await fetch(process.env.API_INTERNAL_URL + '/catalogue/Products/TradePrices', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify({ skus: [sku] }),
      });
      const [trade] = (await answer.json()).prices;
      return { sku, price: trade.tradeBand + ' ' + trade.priceIncTax };
    }
    const answer = await fetch(process.env.API_INTERNAL_URL + '/catalogue/Listings/Categories', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ slug: 'basins', size: 1 }),
    });
    const { products } = await answer.json();
    return { sku: products[0].sku, price: products[0].price.priceIncTax };
  },
  default: () => null,
}`;

const bed = serverTestBed();
let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
let smtp: SmtpReceiver;
let first: ShopServer;
let second: ShopServer;
const workers: ShopServer[] = [];
let webPort = 0;
let publicUrl = '';
/** Where the first API instance listens and its settings: the sign-in is asked of it. */
let firstApi: Parameters<typeof signIn>[0];
/** The second API instance's clock: real time, unless a test holds it still. */
let heldAt: number | null = null;
const secondClock = { now: () => new Date(heldAt ?? Date.now()) };

const page = (path: string, headers: Record<string, string> = {}) => guestPage(webPort, path, headers);

describe.runIf(onPostgres)('two API instances, a web instance and two workers on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase('shop_deployment');
    smtp = await startSmtpReceiver();
    const [firstPort, secondPort, port] = [await freePort(), await freePort(), await freePort()];
    webPort = port;
    // One public address for the whole shop, as behind its load balancer: the sign-in's issuer on every instance.
    publicUrl = `http://127.0.0.1:${webPort}`;
    const common = {
      DATABASE_URL: database.url,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      // Five instances in one test process: a few connections each, as pgBouncer would hand them out.
      DATABASE_POOL_SIZE: '3',
      LOG_LEVEL: 'silent',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      WEB_TIER_SECRET: SECRET,
      PUBLIC_URL: publicUrl,
      SHOP_ENV: 'demo',
      // Every job asked for everywhere, and every e-mail to one relay: only the workers may send them, each once.
      JOBS: 'all',
      SMTP_URL: smtp.url,
    };
    const start = async (env: Record<string, string>, clock?: typeof secondClock) => {
      const config = loadServerConfig({ ...common, DATA_DIR: bed.tempDir('shop-'), ...env });
      if (env.PORT === String(firstPort)) firstApi = { origin: `http://127.0.0.1:${firstPort}`, config: config.api };
      const server = bed.keep(await createShopServer(config, { logger: false, clock }));
      if (env.PORT) await server.app.listen({ port: Number(env.PORT), host: '127.0.0.1' });
      else await server.app.ready();
      return server;
    };
    // The first seeds the demo shop; the others find it seeded.
    first = await start({ SERVE: 'api', PORT: String(firstPort) });
    second = await start({ SERVE: 'api', PORT: String(secondPort) }, secondClock);
    for (let n = 0; n < 2; n++) workers.push(await start({ SERVE: 'worker' }));
    // Last: each composed server names its API to this process's page loaders (API_INTERNAL_URL), and the pages' is the second's.
    await start({
      SERVE: 'web',
      PORT: String(webPort),
      API_INTERNAL_URL: `http://127.0.0.1:${secondPort}/api`,
      WEB_BUILD_DIR: storefrontBuild(bed, rootModule, documentEntry),
      PAGE_CACHE_SECONDS: '3600',
    });
  }, STARTUP_MS);

  afterAll(async () => {
    await bed.cleanUp();
    await smtp?.close();
    await database?.drop();
  }, STARTUP_MS);

  it(
    'a price edited through the first API instance is on the web instance’s guest pages as soon as its notice is heard',
    async () => {
      const before = await page('/?notices=1');
      expect((await page('/?notices=1')).headers['x-page-cache']).toBe('hit');
      const { db, clock } = first.app.platform;
      const newPrice = Number(field(before, 'price')) + 1_000;
      await first.app.composed.services.catalogue.changePrice({ db, clock }, field(before, 'sku')!, newPrice);
      const after = await until(
        () => page('/?notices=1'),
        (answer) => field(answer, 'price') === String(newPrice),
        CHANGE_SEEN_MS,
      );
      expect(field(after, 'price')).toBe(String(newPrice));
    },
    CHANGE_SEEN_MS * 3,
  );

  it(
    'a trade band moved by staff through the first API instance prices the customer’s pages drawn from the second',
    async () => {
      const { db, clock } = first.app.platform;
      const rows = (await db.execute(
        sql`select b.id as "businessId", b.band_code as "bandCode" from trade_accounts a join businesses b on b.id = a.business_id
            where a.user_email = 'trade@demo.test'`,
      )) as unknown as { rows: { businessId: number; bandCode: string }[] };
      const { businessId, bandCode } = rows.rows[0]!;
      const moveTo = bandCode === 'T5' ? 'T1' : 'T5';
      const { tokens } = await signIn(firstApi, 'trade@demo.test', 'demo-password');
      const signedIn = { authorization: `Bearer ${tokens.access_token}` };
      const sku = field(await page('/'), 'sku')!;
      const tradePrice = async () => field(await page(`/?trade=${sku}`, signedIn), 'price')!;
      // Signed in before the clock stands still, so the token is in date on the second instance throughout.
      heldAt = Date.now();
      const shown = await tradePrice();
      expect(shown.split(' ')[0]).toBe(bandCode);
      // Asked again: the second instance keeps the band it read, and with its clock still it would go on showing it but for the notice.
      expect(await tradePrice()).toBe(shown);
      const staff = { userId: 'staff-1', name: 'Sam Staff', roles: ['admin' as const] };
      await first.app.composed.services.trade.setBusinessBand({ db, clock, actor: staff }, businessId, { bandCode: moveTo, reason: 'Key account agreed' });
      const started = performance.now();
      const after = await until(tradePrice, (price) => price.startsWith(`${moveTo} `), CHANGE_SEEN_MS);
      expect(after.split(' ')[0]).toBe(moveTo);
      expect(after.split(' ')[1]).not.toBe(shown.split(' ')[1]);
      expect(performance.now() - started).toBeLessThan(CHANGE_SEEN_MS);
      heldAt = null;
    },
    CHANGE_SEEN_MS * 3,
  );

  it('runs each background job on the workers alone, and sends each e-mail once between them', async () => {
    expect(first.app.jobs.selected).toEqual([]);
    expect(second.app.jobs.selected).toEqual([]);
    for (const worker of workers) expect(worker.app.jobs.selected).toContain('email-outbox');
    const { db } = first.app.platform;
    for (let n = 0; n < EMAILS; n++) {
      await first.app.composed.services.notifications.enqueueEmail(
        { db },
        { to: `buyer${n}@example.com`, subject: `Deployment ${n}`, html: '<p>Thanks</p>', text: 'Thanks', template: 'test.deployment' },
      );
    }
    const unsent = async () => {
      const result = (await db.execute(
        sql`select count(*)::int as n from email_outbox where template = 'test.deployment' and status <> 'sent'`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    await expect.poll(unsent, { timeout: 60_000, interval: 100 }).toBe(0);
    const ours = smtp.received.filter((email) => email.parsed.subject?.startsWith('Deployment '));
    expect(ours).toHaveLength(EMAILS);
    expect(new Set(ours.map((email) => email.parsed.subject)).size).toBe(EMAILS);
    // Nothing else the jobs sent went twice either (the demo shop's own e-mails among them).
    const ids = smtp.received.map((email) => email.parsed.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  }, 90_000);
});
