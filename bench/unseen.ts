/**
 * `npm run bench:unseen`: the catalogue under queries it has never seen (issue 22), on PostgreSQL at
 * 100,000 products (the `bench_catalogue` database `bench:catalogue` seeds and keeps). Every request
 * is a new combination (words, filters, price bounds, sort, page), so the answers kept in memory
 * rarely help: the figures are those of the work behind a first answer. The hit rate the API
 * reports over each run says how rarely. Then a flood of 100,000 unique queries, flat out, and the
 * server's resident memory before and after against its answer budget.
 */
import os from 'node:os';
import { ensurePostgresDatabase, gatherInputs, next, pick, type Inputs } from './catalogue-inputs.ts';
import { afterStartUpLoads, goalVerdicts, load, median, report, startServer, type LoadResult } from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const floodSize = Number(process.env.BENCH_FLOOD ?? 100_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_catalogue';
const answerBudgetMb = Number(process.env.CATALOGUE_ANSWER_CACHE_MB ?? 64);

interface CacheFigures {
  hits: number;
  misses: number;
  bytes: number;
  entries: number;
  evictions: number;
}

/** A search never sent before: one or two words or prefixes, maybe a filter, a sort and a page. */
function uniqueSearch(inputs: Inputs): string {
  const words = next() < 0.5 ? pick(inputs.queries) : `${pick(inputs.queries)} ${pick(inputs.queries)}`;
  return JSON.stringify({
    query: words,
    sort: pick([1, 2, 3, 4]),
    pageNumber: pick([1, 1, 1, 2, 3]),
    size: 24,
    price: { lte: 5000 + Math.floor(next() * 200_000) },
  });
}

/** A category listing with filters never combined before: facets, a price range, a sort and a page. */
function uniqueListing(inputs: Inputs): string {
  const category = pick(inputs.categories);
  const facets: Record<string, string[]> = {};
  for (let n = 0; n < pick([1, 2, 3]); n++) {
    const facet = pick(category.facets);
    if (facet?.options.length) facets[facet.identifier] = [...new Set([...(facets[facet.identifier] ?? []), pick(facet.options)])];
  }
  const gte = Math.floor(next() * 50_000);
  return JSON.stringify({
    slug: category.slug,
    facets,
    price: { gte, lte: gte + Math.floor(next() * 300_000) },
    sort: pick([1, 2, 3, 4]),
    pageNumber: pick([1, 1, 2, 3]),
    size: 24,
  });
}

const goals = [
  { name: 'unique searches (300 req/s)', path: '/api/catalogue/Search/Refine', rate: 300, p99: 15, body: uniqueSearch },
  { name: 'unique listing filters (300 req/s)', path: '/api/catalogue/Listings/Categories/Refine', rate: 300, p99: 20, body: uniqueListing },
];

async function answerCache(api: string): Promise<CacheFigures> {
  const health = (await (await fetch(`${api}/health`)).json()) as { caches: Record<string, CacheFigures> };
  return health.caches.catalogueAnswers!;
}

const hitRate = (before: CacheFigures, after: CacheFigures) => {
  const lookups = after.hits + after.misses - before.hits - before.misses;
  return lookups === 0 ? 'no lookups' : `${Math.round(((after.hits - before.hits) / lookups) * 1000) / 10}%`;
};
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

await ensurePostgresDatabase(postgresUrl, productCount);
const server = await startServer('./servers/catalogue-api.ts', {
  BENCH_DATABASE_URL: postgresUrl,
  BENCH_PRODUCTS: String(productCount),
  CATALOGUE_ANSWER_CACHE_MB: String(answerBudgetMb),
});
const api = `http://127.0.0.1:${server.port}/api`;
try {
  const inputs = await gatherInputs(api);
  await afterStartUpLoads(api);
  const idleRss = server.rssBytes();
  const runs = goals.map(() => [] as LoadResult[]);
  const rates = goals.map(() => [] as string[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, goal] of goals.entries()) {
      const before = await answerCache(api);
      runs[index]!.push(
        await load(goal.name, `${api.slice(0, -4)}${goal.path}`, {
          overallRate: goal.rate,
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            method: 'POST',
            path: goal.path,
            headers: { 'content-type': 'application/json' },
            body: goal.body(inputs),
          }),
        }),
      );
      await settle();
      rates[index]!.push(hitRate(before, await answerCache(api)));
    }
  }
  const results = runs.map((run) => median(run, 'p99'));

  // The flood: unique searches and listings, half each, flat out.
  const beforeFlood = await answerCache(api);
  const started = Date.now();
  let sent = 0;
  const flood = await load('flood of unique queries', `${api}/catalogue/Search/Refine`, {
    connections: 20,
    amount: floodSize,
    method: 'POST',
    setupRequest: (request) => {
      sent += 1;
      const listing = sent % 2 === 0;
      const path = listing ? goals[1]!.path : goals[0]!.path;
      return { ...request, method: 'POST', path, headers: { 'content-type': 'application/json' }, body: (listing ? uniqueListing : uniqueSearch)(inputs) };
    },
  });
  await settle();
  const floodRss = server.rssBytes();
  const afterFlood = await answerCache(api);
  const ceiling = 1.3 * idleRss + answerBudgetMb * 1024 * 1024;
  report(`The catalogue at ${productCount.toLocaleString('en-GB')} products on PostgreSQL, queries never seen before (median of ${rounds} rounds)`, results, {
    ...goalVerdicts(goals, results, runs),
    'answer cache hit rate per round': goals.map((goal, index) => `${goal.name.split(' (')[0]} ${rates[index]!.join(' / ')}`).join('; '),
    flood:
      `${flood.total.toLocaleString('en-GB')} unique queries in ${Math.round((Date.now() - started) / 1000)} s ` +
      `(${flood.requestsPerSecond} req/s, p99 ${flood.p99} ms), hit rate ${hitRate(beforeFlood, afterFlood)}, ` +
      `${afterFlood.evictions - beforeFlood.evictions} answers evicted`,
    'resident memory':
      `idle ${megabytes(idleRss)}, after the flood ${megabytes(floodRss)}; ` +
      `ceiling 1.3 × idle + ${answerBudgetMb} MB = ${megabytes(ceiling)}: ${floodRss <= ceiling ? 'met' : 'NOT met'}`,
    'answers kept after the flood': `${afterFlood.entries} answers, ${megabytes(afterFlood.bytes)} of ${answerBudgetMb} MB`,
    'load average at the end': os
      .loadavg()
      .map((average) => average.toFixed(1))
      .join(' '),
  });
} finally {
  await server.stop();
}
