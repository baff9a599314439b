/**
 * `npm run basket -w @shop/bench` (or `npx node basket.ts` here): POST …/additem, one unit of an
 * in-stock sku into one of many baskets, at a fixed 200 requests/s (requests spaced evenly, `paced.ts`), on
 * PostgreSQL and on PGlite in alternating rounds; medians reported. Goal: p99 ≤ 20 ms on PostgreSQL.
 * PostgreSQL: `BENCH_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/bench_basket, created
 * and seeded with the demo catalogue on first use); PGlite: in memory, seeded at start.
 */
import { pacedLoad } from './paced.ts';
import { cpuMeter, cpuText, ensureDatabase, load, median, report, startServer, type CpuPerRequest, type LoadResult, type RunningServer } from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rate = Number(process.env.BENCH_RATE ?? 200);
const BASKETS = 500;
const SKUS = 20;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_basket';

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Skus with plenty of free stock (from the in-stock listing), many guest baskets holding one of them, and product slugs. */
async function prepare(server: RunningServer): Promise<{ baskets: string[]; skus: string[]; slugs: string[] }> {
  const base = `http://127.0.0.1:${server.port}/api`;
  const skus: string[] = [];
  const slugs: string[] = [];
  for (let page = 1; skus.length < SKUS && page < 20; page++) {
    const listing = await json<{ products: { sku: string; slug: string; stockStatus?: { status: string; stockLevel?: number } }[] }>(
      `${base}/catalogue/Listings/Categories`,
      {
        method: 'POST',
        body: JSON.stringify({ slug: 'plumbing-fittings', pageNumber: page, size: 48 }),
      },
    );
    if (listing.products.length === 0) break;
    for (const product of listing.products) {
      slugs.push(product.slug);
      if (product.stockStatus?.status === 'in_stock' && (product.stockStatus.stockLevel ?? 100) >= 60) skus.push(product.sku);
    }
  }
  if (skus.length === 0) throw new Error('No in-stock skus with enough stock to add');
  const baskets: string[] = [];
  for (let i = 0; i < BASKETS; i++) {
    const basket = await json<{ basketId: string }>(`${base}/basket/basket`, {
      method: 'POST',
      body: JSON.stringify({ sku: skus[i % skus.length], quantity: 1 }),
    });
    baskets.push(basket.basketId);
  }
  return { baskets, skus: skus.slice(0, SKUS), slugs };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** Adds to baskets at the rate, with the CPU per request of the server (and of PostgreSQL's backends, given its URL). */
async function addToBasket(
  name: string,
  server: RunningServer,
  data: Prepared,
  duration: number,
  databaseUrl?: string,
): Promise<LoadResult & { cpu: CpuPerRequest }> {
  let n = 0;
  const meter = cpuMeter(server, databaseUrl);
  const result = await pacedLoad(name, `http://127.0.0.1:${server.port}`, {
    rate,
    seconds: duration,
    connections: 20,
    // Every request a different basket; each basket sees a sku at most once per pass.
    next: () => {
      const i = n++;
      const basketId = data.baskets[i % data.baskets.length]!;
      const sku = data.skus[Math.floor(i / data.baskets.length) % data.skus.length]!;
      return {
        method: 'POST',
        path: `/api/basket/basket/${basketId}/additem`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sku, quantity: 1 }),
      };
    },
  });
  return { ...result, cpu: meter.stop(result.total) };
}

/**
 * Adds flat out at 10 connections, each to the next basket as above: the CPU per add when the server is kept busy. At 200/s the
 * server and the generator sleep between requests, and each answer's write pays the kernel for waking the generator's core
 * (the `writev` of the reply was a quarter of the server's CPU profile at 200/s); a busy shop's adds do not, so the capacity
 * figure is this one (decision 0152).
 */
async function addFlatOut(name: string, server: RunningServer, data: Prepared, duration: number, databaseUrl?: string) {
  let n = 0;
  let meter: ReturnType<typeof cpuMeter> | null = null;
  const result = await load(name, `http://127.0.0.1:${server.port}/api/basket/basket/x/additem`, {
    seconds: duration,
    connections: 10,
    method: 'POST',
    body: '{}',
    setupRequest: (request) => {
      const i = n++;
      const basketId = data.baskets[i % data.baskets.length]!;
      const sku = data.skus[Math.floor(i / data.baskets.length) % data.skus.length]!;
      return { ...request, path: `/api/basket/basket/${basketId}/additem`, body: JSON.stringify({ sku, quantity: 1 }) };
    },
    beforeMeasure: () => (meter = cpuMeter(server, databaseUrl)),
  });
  return { ...result, cpu: meter!.stop(result.total) };
}

/**
 * A product page's API call (`GET Products/Summaries` by slug, over the prepared slugs in turn),
 * flat out at 10 connections: requests/s and the CPU per request of the server and of PostgreSQL.
 */
async function productDetail(name: string, server: RunningServer, data: Prepared, duration: number, databaseUrl?: string) {
  let n = 0;
  let meter: ReturnType<typeof cpuMeter> | null = null;
  const result = await load(name, `http://127.0.0.1:${server.port}/api/catalogue/Products/Summaries`, {
    seconds: duration,
    connections: 10,
    setupRequest: (request) => ({ ...request, path: `/api/catalogue/Products/Summaries?slug=${encodeURIComponent(data.slugs[n++ % data.slugs.length]!)}` }),
    beforeMeasure: () => (meter = cpuMeter(server, databaseUrl)),
  });
  return { ...result, cpu: meter!.stop(result.total) };
}

ensureDatabase(postgresUrl);
const postgres = await startServer('./servers/api.ts', { DATABASE_URL: postgresUrl });
const pglite = await startServer('./servers/api.ts', { DATABASE_URL: '' });
const targets = [
  { name: 'additem, PostgreSQL', server: postgres, data: await prepare(postgres) },
  { name: 'additem, PGlite', server: pglite, data: await prepare(pglite) },
];
const urlOf = (server: RunningServer) => (server === postgres ? postgresUrl : undefined);
const runs: Record<string, (LoadResult & { cpu: CpuPerRequest })[]> = {};
const details: Record<string, (LoadResult & { cpu: CpuPerRequest })[]> = {};
const flatOut: Record<string, (LoadResult & { cpu: CpuPerRequest })[]> = {};
for (const target of targets) await addToBasket(target.name, target.server, target.data, Math.min(3, seconds)); // warm-up
for (let round = 0; round < rounds; round++) {
  for (const target of targets) {
    (runs[target.name] ??= []).push(await addToBasket(target.name, target.server, target.data, seconds, urlOf(target.server)));
    const flat = `additem flat out, ${target.name.split(', ')[1]}`;
    (flatOut[flat] ??= []).push(await addFlatOut(flat, target.server, target.data, Math.max(2, Math.round(seconds / 2)), urlOf(target.server)));
    const detail = `product detail, ${target.name.split(', ')[1]}`;
    (details[detail] ??= []).push(await productDetail(detail, target.server, target.data, Math.max(2, Math.round(seconds / 2)), urlOf(target.server)));
  }
}
await Promise.all([postgres.stop(), pglite.stop()]);

/** The median round's CPU per request, by the total, with every round's. */
const total = (cpu: CpuPerRequest) => cpu.appMs + (cpu.postgresMs ?? 0);
const medianCpu = (list: { cpu: CpuPerRequest }[]) => list.toSorted((a, b) => total(a.cpu) - total(b.cpu))[Math.floor(list.length / 2)]!.cpu;
const cpuLine = (list: { cpu: CpuPerRequest }[]) => `${cpuText(medianCpu(list))} (rounds: ${list.map((run) => total(run.cpu).toFixed(2)).join(' / ')})`;
const [addOnPostgres, addFlatOnPostgres, detailOnPostgres] = [Object.values(runs)[0]!, Object.values(flatOut)[0]!, Object.values(details)[0]!].map((list) =>
  total(medianCpu(list)),
);

const results = targets.map((target) => median(runs[target.name]!, 'p99'));
report(`Add to basket at ${rate} requests per second (median of ${rounds} rounds)`, results, {
  rounds: targets.map((target) => `${target.name} p99 per round: ${runs[target.name]!.map((run) => `${run.p99} ms`).join(', ')}`).join('; '),
  'CPU per request, median round': [...Object.entries(runs), ...Object.entries(flatOut), ...Object.entries(details)]
    .map(([name, list]) => `${name}: ${cpuLine(list)}`)
    .join('; '),
  'flat out, median round (req/s)': [...Object.entries(flatOut), ...Object.entries(details)]
    .map(([name, list]) => `${name}: ${median(list).requestsPerSecond}`)
    .join('; '),
  goal: `PostgreSQL p99 ≤ 20 ms: ${results[0]!.p99 <= 20 ? 'met' : 'NOT met'}`,
  'issue 36 goals, on PostgreSQL': [
    `add to basket ≤ 1.0 ms CPU in all, flat out: ${addFlatOnPostgres! <= 1 ? 'met' : 'NOT met'} (at ${rate}/s: ${addOnPostgres!.toFixed(2)} ms)`,
    `product detail ≤ 0.2 ms CPU: ${detailOnPostgres! <= 0.2 ? 'met' : 'NOT met'}`,
  ].join('; '),
  load: `load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
});
