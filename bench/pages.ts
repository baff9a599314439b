/**
 * `npm run bench:pages` (issue 36): the storefront's pages as `npm start` serves them, drawn by the
 * server: home, a category, search results, a product page, the basket and the checkout, signed out
 * (the basket and checkout holding a guest basket) and signed in (the session cookie a browser gets
 * from `POST /auth/session`, decision 0063; the account page too). For each page: pages/s flat out
 * at 10 connections, p50/p99 at a fixed rate (`paced.ts`), and the server process's CPU time per
 * page (/proc utime + stime over the flat-out run), which stays comparable on a busy machine where
 * rates and times do not. The machine's load average is printed with the results.
 *
 * The whole shop runs in one process of its own (`servers/shop.ts`) on PostgreSQL
 * (`BENCH_DATABASE_URL`, default `postgres://postgres@127.0.0.1:5432/bench_pages`, created and
 * seeded with the demo shop on first use). `BENCH_NODE_ENV` (default `production`, as `npm start`
 * runs it) picks React's build; `development` measures the development build, as `npm start` ran
 * before decision 0065. `BENCH_PAGES` picks pages by name (e.g. `home,product`), `BENCH_SIGNED`
 * `out`, `in` or `both` (default), `BENCH_RATE` the fixed rate (default 20 pages/s). Every request asks for
 * compression as a browser does (`BENCH_ENCODING`, default `gzip, deflate, br`; `identity` for none), so
 * compressing is counted; a guest page kept by the shop (decision 0077) is counted as served, the
 * `kept` column says which were (`PAGE_CACHE_SECONDS=0` draws every page).
 */
import http from 'node:http';
import os from 'node:os';
import type autocannon from 'autocannon';
import {
  cpuPerAnswer,
  createTokenSigner,
  ensureDatabase,
  load,
  loadAverage,
  median,
  psql,
  report,
  startServer,
  type LoadResult,
  type RunningServer,
} from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rate = Number(process.env.BENCH_RATE ?? 20);
const nodeEnv = process.env.BENCH_NODE_ENV ?? 'production';
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_pages';
const port = Number(process.env.BENCH_PAGES_PORT ?? 5301);
const origin = `http://127.0.0.1:${port}`;
const wanted = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const signed = process.env.BENCH_SIGNED ?? 'both';
const encoding = process.env.BENCH_ENCODING ?? 'gzip, deflate, br';

const loadAtStart = loadAverage();

ensureDatabase(postgresUrl);
const signer = createTokenSigner('bench-pages', origin);
const shop = await startServer('servers/shop.ts', {
  DATABASE_URL: postgresUrl,
  PORT: String(port),
  PUBLIC_URL: origin,
  NODE_ENV: nodeEnv,
  SHOP_ENV: 'demo',
  // The embedded provider signs with the bench's key, so the bench can hand the shop a token as a sign-in would.
  IDENTITY_JWKS: signer.jwks,
});

async function json<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

// A basin's page (variants, essential items, carousels), and a guest basket holding it.
const listing = await json<{ products: { slug: string; sku: string }[] }>('/api/catalogue/Listings/Categories', { slug: 'basins', size: 1 });
const product = listing.products[0];
if (!product) throw new Error('No basin to measure');
const basket = await json<{ basketId: string }>('/api/basket/basket', { sku: product.sku, quantity: 1 });

/** Signs shopper@demo.test in the way the page does: a token from the provider (its key), handed to /auth/session. */
async function sessionCookie(): Promise<string> {
  const userId = psql(postgresUrl, "select id from identity_users where email = 'shopper@demo.test'");
  const response = await fetch(`${origin}/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ accessToken: signer.tokenFor(userId, ['shopper']) }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('shop_session='));
  if (response.status !== 204 || !cookie) throw new Error(`POST /auth/session: ${response.status} ${await response.text()}`);
  // The session itself, and the hint the page's sign-in leaves for every tab.
  return `${cookie.split(';')[0]}; shop_signed_in=1`;
}

interface Page {
  name: string;
  path: string;
  cookie?: string;
}

const pages: Page[] = [];
const guestBasket = `shop_basket=${basket.basketId}`;
const publicPages = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/c/basins' },
  { name: 'search', path: '/search?q=basin' },
  { name: 'product', path: `/p/${product.slug}` },
];
if (signed !== 'in') {
  pages.push(...publicPages, { name: 'basket', path: '/basket', cookie: guestBasket }, { name: 'checkout', path: '/checkout', cookie: guestBasket });
}
if (signed !== 'out') {
  const session = await sessionCookie();
  const withSession = [...publicPages, { name: 'basket', path: '/basket' }, { name: 'checkout', path: '/checkout' }, { name: 'account', path: '/account' }];
  pages.push(...withSession.map((page) => ({ name: `${page.name}, signed in`, path: page.path, cookie: session })));
}
const measured = pages.filter((page) => !wanted || wanted.includes(page.name.split(',')[0]!));

// Each page answers 200 before anything is measured.
for (const page of measured) {
  const response = await fetch(`${origin}${page.path}`, { headers: page.cookie ? { cookie: page.cookie } : {}, redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${page.name} (${page.path}): ${response.status}`);
}

const withCookie = (page: Page) => (request: autocannon.Request) => ({
  ...request,
  headers: { ...request.headers, 'accept-encoding': encoding, ...(page.cookie ? { cookie: page.cookie } : {}) },
});

/** One page as it goes over the wire with the bench's encoding: its bytes, and whether the shop sent a kept copy. */
const onTheWire = (page: Page) =>
  new Promise<{ sentBytes: number; kept: string }>((resolve, reject) => {
    const request = http.get(
      `${origin}${page.path}`,
      { headers: { 'accept-encoding': encoding, ...(page.cookie ? { cookie: page.cookie } : {}) } },
      (response) => {
        let sentBytes = 0;
        response.on('data', (chunk: Buffer) => (sentBytes += chunk.length));
        response.on('end', () => resolve({ sentBytes, kept: String(response.headers['x-page-cache'] ?? 'no') }));
      },
    );
    request.on('error', reject);
  });

interface PageRound {
  flat: LoadResult;
  paced: LoadResult;
  cpuMsPerPage: number;
  htmlBytes: number;
  sentBytes: number;
  kept: string;
}

async function measure(page: Page, server: RunningServer): Promise<PageRound> {
  const url = `${origin}${page.path}`;
  const { flat, cpuMs: cpuMsPerPage } = await cpuPerAnswer(`${page.name} flat out`, url, server, { seconds, setupRequest: withCookie(page) });
  const paced = await load(`${page.name} @ ${rate}/s`, url, { seconds, overallRate: rate, connections: 10, setupRequest: withCookie(page) });
  const response = await fetch(url, { headers: page.cookie ? { cookie: page.cookie } : {} });
  const htmlBytes = (await response.arrayBuffer()).byteLength;
  return { flat, paced, cpuMsPerPage, htmlBytes, ...(await onTheWire(page)) };
}

const runs = new Map<string, PageRound[]>(measured.map((page) => [page.name, []]));
for (let round = 0; round < rounds; round++) {
  for (const page of measured) runs.get(page.name)!.push(await measure(page, shop));
}
await shop.stop();

const middle = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows = measured.map((page) => {
  const pageRuns = runs.get(page.name)!;
  return {
    name: page.name,
    flat: median(pageRuns.map((run) => run.flat)),
    paced: median(
      pageRuns.map((run) => run.paced),
      'p99',
    ),
    cpuMsPerPage: middle(pageRuns.map((run) => run.cpuMsPerPage)),
    cpuPerRound: pageRuns.map((run) => run.cpuMsPerPage.toFixed(1)).join(' / '),
    htmlKb: pageRuns[0]!.htmlBytes / 1024,
    sentKb: pageRuns[0]!.sentBytes / 1024,
    kept: pageRuns[0]!.kept,
    // Pages the CPU figures are divided by, over every round.
    counted: pageRuns.reduce((sum, run) => sum + run.flat.total, 0),
  };
});
const table = [
  `${'page'.padEnd(26)} ${'CPU ms/page'.padStart(11)} ${'pages/s'.padStart(8)} ${`p50 @${rate}/s`.padStart(11)} ${`p99 @${rate}/s`.padStart(11)} ` +
    `${'HTML kB'.padStart(8)} ${'sent kB'.padStart(8)} ${'kept'.padStart(5)} ${'counted'.padStart(8)}  CPU per round`,
  ...rows.map(
    (row) =>
      `${row.name.padEnd(26)} ${row.cpuMsPerPage.toFixed(1).padStart(11)} ${String(row.flat.requestsPerSecond).padStart(8)} ` +
      `${String(row.paced.p50).padStart(11)} ${String(row.paced.p99).padStart(11)} ${row.htmlKb.toFixed(1).padStart(8)} ` +
      `${row.sentKb.toFixed(1).padStart(8)} ${row.kept.padStart(5)} ` +
      `${String(row.counted).padStart(8)}  ${row.cpuPerRound}`,
  ),
].join('\n');
report(
  `Pages (NODE_ENV=${nodeEnv}, median of ${rounds} rounds)`,
  rows.flatMap((row) => [row.flat, row.paced]),
  {
    'CPU per page and rates': `\n${table}`,
    'accept-encoding': encoding,
    'guest pages kept (PAGE_CACHE_SECONDS)': process.env.PAGE_CACHE_SECONDS ?? 'default',
    'load average (1, 5, 15 min) at start': loadAtStart,
    'load average at end': loadAverage(),
    cores: os.availableParallelism(),
    'CPU ms per page': rows.map((row) => `${row.name} ${row.cpuMsPerPage.toFixed(2)}`).join('; '),
  },
);
