/**
 * `npm run bench:content` (issue 40's speed goals), the whole shop in one process (`servers/shop.ts`)
 * on PostgreSQL with production defaults (`BENCH_DATABASE_URL`, default
 * `postgres://postgres@127.0.0.1:5432/bench_content`, seeded with the demo shop on first use):
 *
 * 1. A content page from the API, `GET /api/site/api/pagedata/about`, at 500 requests/s: p99 ≤ 10 ms.
 * 2. Content pages drawn by the storefront (`/about`, the blog's list and one post) at 100 pages/s:
 *    p99 ≤ 50 ms. Guest pages are kept as drawn by default (decision 0077); `PAGE_CACHE_SECONDS=0`
 *    draws every one, which is the figure for a page that has just been published.
 * 3. Shopping events at 2,000 a second, as browsers send them (`POST /events` beacons of ten, from
 *    200 visitors a second, each under the per-visitor limit), while product pages are asked for at
 *    20 a second: the product page's p99 alone and beside the events (≤ 10% higher), and whether
 *    every event was stored.
 * 4. The staff report (`GET /api/analytics/reports`, the last 28 days and the last 90) over
 *    `BENCH_EVENTS` stored events (default 10,000,000 over 90 days, made in SQL once, with their
 *    daily roll-up): p99 ≤ 200 ms, asked 5 times a second.
 *
 * Each part gives CPU milliseconds per request of the shop process and of PostgreSQL (`cpuMeter`),
 * comparable on a busy machine where times are not; rounds are `BENCH_ROUNDS` (3), medians reported.
 */
import { randomUUID } from 'node:crypto';
import { cpuMeter, cpuText, createTokenSigner, ensureDatabase, loadAverage, median, psql, report, startServer, type LoadResult } from './lib.ts';
import { pacedLoad, type PacedRequest } from './paced.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const storedEvents = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_content';
const port = Number(process.env.BENCH_CONTENT_PORT ?? 5302);
/** Which parts run (`pages,events,report`, all by default): `BENCH_PARTS=events` measures the events beside product pages only. */
const parts = new Set((process.env.BENCH_PARTS ?? 'pages,events,report').split(','));
const origin = `http://127.0.0.1:${port}`;
const EVENTS_A_SECOND = 2000;
const EVENTS_A_BEACON = 10;
const PRODUCT_PAGE_RATE = 20;

const loadAtStart = loadAverage();
ensureDatabase(postgresUrl);
const signer = createTokenSigner('bench-content', origin);
const shop = await startServer('servers/shop.ts', {
  DATABASE_URL: postgresUrl,
  PORT: String(port),
  PUBLIC_URL: origin,
  NODE_ENV: 'production',
  SHOP_ENV: 'demo',
  // Each beacon from an address of its own, as two hundred visitors a second would send them.
  TRUST_PROXY: 'true',
  IDENTITY_JWKS: signer.jwks,
});

const get = (path: string, headers: Record<string, string> = {}): PacedRequest => ({
  method: 'GET',
  path,
  headers: { 'accept-encoding': 'gzip, br', ...headers },
});

/** Paced rounds of `next` at `rate` after a short warm-up, with the CPU each request cost; the median round by p99. */
async function measure(name: string, rate: number, next: () => PacedRequest): Promise<LoadResult & { cpu: string }> {
  await pacedLoad(name, origin, { rate, seconds: Math.min(3, seconds), connections: 10, next });
  const runs: (LoadResult & { cpu: string })[] = [];
  for (let round = 0; round < rounds; round++) {
    const meter = cpuMeter(shop, postgresUrl);
    const result = await pacedLoad(name, origin, { rate, seconds, connections: 10, next });
    runs.push({ ...result, cpu: cpuText(meter.stop(result.total)) });
  }
  const middle = median(runs, 'p99');
  return { ...middle, name: `${name} (p99s ${runs.map((run) => run.p99).join(' / ')})` };
}

try {
  for (const path of ['/about', '/blog', '/api/site/api/pagedata/about']) {
    const response = await fetch(`${origin}${path}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  }
  const post = psql(postgresUrl, "select slug from content_pages where kind = 'post' and published_at is not null order by published_at desc limit 1");
  const results: (LoadResult & { cpu: string })[] = [];

  // 1 and 2.
  if (parts.has('pages')) {
    results.push(await measure('API content page @500/s', 500, () => get('/api/site/api/pagedata/about')));
    results.push(await measure('about page @100/s', 100, () => get('/about')));
    results.push(await measure('blog list @100/s', 100, () => get('/blog')));
    if (post) results.push(await measure('blog post @100/s', 100, () => get(`/blog/${post}`)));
  }

  const productIds = psql(postgresUrl, "select string_agg(id::text, ',') from products where withdrawn_at is null").split(',');

  // 3. Product pages alone, then beside the events.
  const eventsFigures: Record<string, string> = {};
  if (parts.has('events')) {
    const productSlug = psql(postgresUrl, 'select slug from products where withdrawn_at is null order by id limit 1');
    const productPage = () => get(`/p/${productSlug}`);
    const alone = await measure(`product page @${PRODUCT_PAGE_RATE}/s alone`, PRODUCT_PAGE_RATE, productPage);
    results.push(alone);
    let visitor = 0;
    let sentEvents = 0;
    const beacon = (): PacedRequest => {
      visitor += 1;
      const product = () => productIds[Math.floor(Math.random() * productIds.length)]!;
      const batch = Array.from({ length: EVENTS_A_BEACON }, (_, k) => {
        const properties =
          k < 6
            ? { product_id: product(), sku: 'PL000001-1' }
            : k === 6
              ? { query: `basin ${visitor % 500}`, results: visitor % 7 }
              : k === 7
                ? { product_id: product(), sku: 'PL000001-1', quantity: 1 }
                : k === 8
                  ? { list_id: 'best-sellers' }
                  : { step: 1 + (visitor % 4) };
        const event = ['Product Viewed', 'Products Searched', 'Product Added', 'Product List Viewed', 'Checkout Step Completed'][k < 6 ? 0 : k - 5]!;
        return { type: 'track', event, messageId: randomUUID(), properties };
      });
      sentEvents += batch.length;
      return {
        method: 'POST',
        path: '/events',
        headers: {
          'content-type': 'text/plain',
          'sec-fetch-site': 'same-origin',
          'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
        },
        body: JSON.stringify({ batch }),
      };
    };
    // The beacons' own CPU, without product pages beside them: comparable from run to run on a busy machine.
    const beaconRate = EVENTS_A_SECOND / EVENTS_A_BEACON;
    results.push(await measure(`events @${EVENTS_A_SECOND}/s alone`, beaconRate, beacon));
    sentEvents = 0;
    const eventsBefore = Number(psql(postgresUrl, 'select count(*) from analytics_events'));
    const eventsMeter = cpuMeter(shop, postgresUrl);
    const [beside, beacons] = await Promise.all([
      measure(`product page @${PRODUCT_PAGE_RATE}/s beside events`, PRODUCT_PAGE_RATE, productPage),
      pacedLoad(`events @${EVENTS_A_SECOND}/s`, origin, { rate: beaconRate, seconds: Math.min(3, seconds) + seconds * rounds, connections: 20, next: beacon }),
    ]);
    const eventsCpu = eventsMeter.stop(beacons.total);
    const stored = Number(psql(postgresUrl, 'select count(*) from analytics_events')) - eventsBefore;
    results.push(beside, { ...beacons, cpu: `${cpuText(eventsCpu)} a beacon of ${EVENTS_A_BEACON}, product pages included` });
    eventsFigures['product page p99 beside events'] = `${beside.p99} ms against ${alone.p99} ms alone (${Math.round((beside.p99 / alone.p99 - 1) * 100)}%)`;
    eventsFigures['events stored of those sent'] = `${stored} of ${sentEvents} (${beacons.non2xx} beacons refused, ${beacons.errors} failed)`;
  }

  // 4. The staff report over BENCH_EVENTS events.
  if (parts.has('report')) {
    const have = Number(psql(postgresUrl, "select count(*) from analytics_events where properties ? 'bench'"));
    if (have < storedEvents) {
      const started = Date.now();
      process.stderr.write(`  making ${storedEvents - have} events over 90 days…\n`);
      const products = productIds.length;
      for (let from = have; from < storedEvents; from += 1_000_000) {
        const to = Math.min(storedEvents, from + 1_000_000);
        // Three in five a product viewed, one in five added, one in ten a search (one in seven of them finding nothing), the rest checkout steps.
        psql(
          postgresUrl,
          `insert into analytics_events (message_id, event, received_at, properties)
           select gen_random_uuid(), e.event, now() - (g % 90) * interval '1 day' - (g % 86400) * interval '1 second', e.properties
           from generate_series(${from + 1}, ${to}) g,
           lateral (select case when g % 10 < 6 then 'Product Viewed' when g % 10 < 8 then 'Product Added'
                                when g % 10 = 8 then 'Products Searched' else 'Checkout Step Completed' end as event,
                           case when g % 10 < 8 then jsonb_build_object('product_id',
                                  ('{${productIds.join(',')}}'::int[])[1 + (g::bigint * 7919) % ${products}]::text, 'sku', 'PL000001-1', 'bench', true)
                                when g % 10 = 8 then jsonb_build_object('query', 'query ' || (g % 20000), 'results', g % 7, 'bench', true)
                                else jsonb_build_object('step', 1 + g % 4, 'bench', true) end as properties) e`,
        );
        process.stderr.write(`  ${to} events (${Math.round((Date.now() - started) / 1000)} s)\n`);
      }
      // Their roll-up, as the shop counts events as they come (event-rules.ts rollupKeys), made once here.
      psql(
        postgresUrl,
        `insert into analytics_daily (day, metric, subject, count)
         select (received_at at time zone 'Europe/London')::date, metric, subject, count(*)::int
         from (select received_at,
                      case event when 'Product Viewed' then 'product-viewed' when 'Product Added' then 'product-added'
                                 when 'Products Searched' then 'search' else 'checkout-step' end as metric,
                      case when event = 'Products Searched' then properties->>'query' when event = 'Checkout Step Completed' then properties->>'step'
                           else properties->>'product_id' end as subject
               from analytics_events where properties ? 'bench'
               union all
               select received_at, 'search-no-results', properties->>'query' from analytics_events
               where properties ? 'bench' and event = 'Products Searched' and (properties->>'results')::int = 0) counted
         group by 1, 2, 3
         on conflict (day, metric, subject) do update set count = analytics_daily.count + excluded.count`,
      );
      psql(postgresUrl, 'analyze analytics_events; analyze analytics_daily');
      process.stderr.write(`  made in ${Math.round((Date.now() - started) / 1000)} s\n`);
    }
    const staffId = psql(postgresUrl, "select id from identity_users where email = 'staff@demo.test'");
    const authorization = `Bearer ${signer.tokenFor(staffId, ['shopper', 'analyst'])}`;
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const check = await fetch(`${origin}/api/analytics/reports`, { headers: { authorization } });
    if (check.status !== 200) throw new Error(`report: ${check.status} ${await check.text()}`);
    results.push(await measure('staff report, 28 days @5/s', 5, () => get('/api/analytics/reports', { authorization })));
    results.push(await measure('staff report, 90 days @5/s', 5, () => get(`/api/analytics/reports?from=${day(89)}&to=${day(0)}`, { authorization })));
  }
  const rollupRows = psql(postgresUrl, 'select count(*) from analytics_daily');
  const eventRows = psql(postgresUrl, 'select count(*) from analytics_events');

  report(`Content, events and reports on PostgreSQL (median of ${rounds} rounds by p99)`, results, {
    'CPU per request (shop process + PostgreSQL), median round': `\n${results.map((result) => `  ${result.name}: ${result.cpu}`).join('\n')}`,
    goals:
      'API content page p99 ≤ 10 ms at 500/s; storefront content page p99 ≤ 50 ms at 100/s; product page p99 no more than 10% higher beside ' +
      '2,000 events/s; staff report p99 ≤ 200 ms over 10 million events',
    ...eventsFigures,
    'stored events and roll-up rows': `${eventRows} events, ${rollupRows} roll-up rows`,
    'guest pages kept (PAGE_CACHE_SECONDS)': process.env.PAGE_CACHE_SECONDS ?? 'default',
    'load average (1, 5, 15 min) at start': loadAtStart,
    'load average at end': loadAverage(),
  });
} finally {
  await shop.stop();
}
