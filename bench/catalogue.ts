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
import { openDatabase } from '@shop/api';
import { load, median, report, seededRandom, startServer, type LoadResult, type RunningServer } from './lib.ts';

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

interface CategoryFacets {
  slug: string;
  facets: { identifier: string; options: string[] }[];
}
interface Inputs {
  categories: CategoryFacets[];
  slugs: string[];
  queries: string[];
}

// Every run (and both databases) sees the same sequence of inputs.
const next = seededRandom(4);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
/** Popular things first: index i is chosen in proportion to 1 / (i + 1). */
const zipf = <T>(list: readonly T[]): T => list[Math.min(list.length - 1, Math.floor(Math.exp(next() * Math.log(list.length + 1)) - 1))]!;

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** What shoppers would send: read from the running API, so it matches whatever was seeded. */
async function gatherInputs(api: string): Promise<Inputs> {
  const navigation = await json<{ categories: { slug: string; name: string; children: { slug: string; name: string }[] }[] }>(
    await fetch(`${api}/catalogue/Navigation`),
  );
  const slugs = new Set<string>();
  const categories: CategoryFacets[] = [];
  const words = new Set<string>();
  for (const department of navigation.categories) {
    for (const category of [department, ...department.children]) {
      for (const word of category.name.toLowerCase().match(/[a-z]+/g) ?? []) if (word.length > 2) words.add(word);
      const listing = await json<{
        products: { slug: string; productName: string; brand: { name: string } }[];
        facets: { identifier: string; options: { identifier: string }[] }[];
      }>(
        await fetch(`${api}/catalogue/Listings/Categories/Refine`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ slug: category.slug, size: 100, sort: pick([1, 2, 3, 4]), pageNumber: 1 + Math.floor(next() * 5) }),
        }),
      );
      categories.push({
        slug: category.slug,
        facets: listing.facets.map((facet) => ({ identifier: facet.identifier, options: facet.options.map((option) => option.identifier) })),
      });
      for (const product of listing.products) {
        slugs.add(product.slug);
        for (const word of product.productName.toLowerCase().match(/[a-z]+/g) ?? []) if (word.length > 2) words.add(word);
      }
    }
  }
  // Prefixes as typed, short ones (shared by many words) first; a few two-word queries and typos.
  const prefixes = new Set<string>();
  for (let length = 2; length <= 12; length++) for (const word of words) if (word.length >= length) prefixes.add(word.slice(0, length));
  const single = [...prefixes];
  const queries = [...single];
  for (let n = 0; n < single.length / 3; n++) queries.push(`${pick([...words])} ${pick(single)}`);
  for (let n = 0; n < single.length / 50; n++) {
    const word = pick([...words]);
    const at = 1 + Math.floor(next() * (word.length - 2));
    queries.push(word.slice(0, at) + word.slice(at + 1));
  }
  return { categories, slugs: [...slugs], queries };
}

function listingBody(inputs: Inputs): { path: string; body: string } {
  const category = zipf(inputs.categories);
  const facets: Record<string, string[]> = {};
  const selections = pick([0, 0, 0, 0, 0, 1, 1, 1, 2, 3]);
  for (let n = 0; n < selections; n++) {
    const facet = pick(category.facets);
    if (facet?.options.length) facets[facet.identifier] = [...new Set([...(facets[facet.identifier] ?? []), pick(facet.options)])];
  }
  const sort = pick([1, 1, 1, 2, 3, 4]);
  const pageNumber = pick([1, 1, 1, 1, 1, 1, 2, 2, 3, 5]);
  const refined = selections > 0 || sort !== 1 || pageNumber > 1;
  return {
    path: refined ? '/api/catalogue/Listings/Categories/Refine' : '/api/catalogue/Listings/Categories',
    body: JSON.stringify({ slug: category.slug, facets, sort, pageNumber, size: 24 }),
  };
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

/** Creates the PostgreSQL database on first use; a seeded one is reused as it is. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`BENCH_DATABASE_URL must name a plain database, not "${name}"`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const handle = await openDatabase({ url: maintenance.toString(), poolSize: 1 });
  try {
    await handle.exec(`create database ${name}`);
    process.stderr.write(`created database ${name}; seeding ${productCount} products takes several minutes\n`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // 42P04: it exists already
  } finally {
    await handle.close();
  }
}

async function bench(kind: 'postgres' | 'pglite'): Promise<void> {
  let server: RunningServer;
  let dataDir: string | null = null;
  const started = Date.now();
  if (kind === 'postgres') {
    await ensurePostgresDatabase(postgresUrl);
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
      ...Object.fromEntries(
        goals.map((goal, index) => {
          const result = results[index]!;
          const met = result.p99 <= goal.p99 && result.requestsPerSecond >= goal.rate * 0.95 && result.errors === 0 && result.non2xx === 0;
          return [goal.name, `p99 ${result.p99} ms (goal ≤ ${goal.p99} ms) at ${result.requestsPerSecond} req/s: ${met ? 'met' : 'NOT met'}`];
        }),
      ),
      'p99 per round (ms)': goals.map((goal, index) => `${goal.name.split(' (')[0]} ${runs[index]!.map((run) => run.p99).join(' / ')}`).join('; '),
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
