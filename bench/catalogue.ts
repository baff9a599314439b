/**
 * `npm run bench:catalogue`: the catalogue at 100,000 products (issue 4's speed goals), on
 * PostgreSQL and then PGlite. Each database is seeded once with the generator's large catalogue
 * (PostgreSQL: the `bench_catalogue` database, kept between runs; PGlite: a temporary directory),
 * the full API runs in its own process, and autocannon drives it at each goal's fixed rate with a
 * varied mix of inputs (many slugs, query prefixes, categories, facet selections, sorts, pages).
 * Rounds alternate between the scenarios and the median round is reported with each goal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePostgresDatabase, gatherInputs, listingBody, pick, zipf, type Inputs } from './catalogue-inputs.ts';
import { goalVerdicts, load, median, report, startServer, type LoadResult, type RunningServer } from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_catalogue';

interface Goal {
  name: string;
  rate: number;
  p99: number;
  run(api: string, inputs: Inputs): Promise<LoadResult>;
}

const goals: Goal[] = [
  {
    name: 'autocomplete (500 req/s)',
    rate: 500,
    p99: 10,
    run: (api, inputs) =>
      load('GET Search/Autocomplete', `${api}/catalogue/Search/Autocomplete`, {
        overallRate: 500,
        setupRequest: (request) => ({ ...request, path: `/api/catalogue/Search/Autocomplete?query=${encodeURIComponent(zipf(inputs.queries))}` }),
      }),
  },
  {
    name: 'category listing (300 req/s)',
    rate: 300,
    p99: 25,
    run: (api, inputs) =>
      load('POST Listings/Categories(/Refine)', `${api}/catalogue/Listings/Categories`, {
        overallRate: 300,
        method: 'POST',
        setupRequest: (request) => ({ ...request, method: 'POST', headers: { 'content-type': 'application/json' }, ...listingBody(inputs) }),
      }),
  },
  {
    name: 'product summary (1,000 req/s)',
    rate: 1000,
    p99: 15,
    run: (api, inputs) =>
      load('GET Products/Summaries', `${api}/catalogue/Products/Summaries`, {
        overallRate: 1000,
        setupRequest: (request) => ({ ...request, path: `/api/catalogue/Products/Summaries?slug=${encodeURIComponent(pick(inputs.slugs))}` }),
      }),
  },
];

async function bench(kind: 'postgres' | 'pglite'): Promise<void> {
  let server: RunningServer;
  let dataDir: string | null = null;
  const started = Date.now();
  if (kind === 'postgres') {
    await ensurePostgresDatabase(postgresUrl, productCount);
    server = await startServer('./servers/catalogue-api.ts', { BENCH_DATABASE_URL: postgresUrl, BENCH_PRODUCTS: String(productCount) });
  } else {
    dataDir = process.env.BENCH_PGLITE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-pglite-'));
    server = await startServer('./servers/catalogue-api.ts', { DATA_DIR: dataDir, BENCH_PRODUCTS: String(productCount) });
  }
  const api = `http://127.0.0.1:${server.port}/api`;
  try {
    const inputs = await gatherInputs(api);
    const ready = Date.now();
    const runs = goals.map(() => [] as LoadResult[]);
    for (let round = 0; round < rounds; round++) {
      for (const [index, goal] of goals.entries()) runs[index]!.push(await goal.run(api, inputs));
    }
    const results = runs.map((run) => median(run, 'p99'));
    report(`Catalogue at ${productCount.toLocaleString('en-GB')} products on ${kind} (median of ${rounds} rounds)`, results, {
      ...goalVerdicts(goals, results, runs),
      inputs: `${inputs.categories.length} categories, ${inputs.slugs.length} product slugs, ${inputs.queries.length} autocomplete queries`,
      'start-up, seeding and gathering inputs': `${Math.round((ready - started) / 1000)} s`,
      'load average at the end': os
        .loadavg()
        .map((average) => average.toFixed(1))
        .join(' '),
    });
  } finally {
    await server.stop();
    if (dataDir && !process.env.BENCH_PGLITE_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const target of targets) await bench(target === 'pglite' ? 'pglite' : 'postgres');
