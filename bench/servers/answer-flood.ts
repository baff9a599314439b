/**
 * Run by `npm run bench:answer-flood` (../answer-flood.ts) in a Node of its own, started with a
 * heap limit as the shop starts (HEAP_LIMIT_MB) and `--expose-gc`: floods the catalogue with
 * queries it has never seen and prints, as one line of JSON, the process's memory after a warm-up
 * and after each part of the flood, each read after a full collection so it is what is kept, not
 * garbage awaiting collection.
 */
import fs from 'node:fs';
import { applyMigrations, buildApi, loadApiConfig, openDatabase, runSeeds } from '@shop/api';

const ANSWER_BUDGET_MB = 8;
const PARTS = 4;
const PER_PART = Number(process.env.FLOOD_PER_PART ?? 800);

const CATEGORIES = ['toilets', 'basins', 'baths', 'showers', 'taps', 'radiators', 'towel-rails', 'tiles'];
const WORDS = ['basin', 'tap', 'toilet', 'shower', 'bath', 'radiator', 'mixer', 'chrome', 'white', 'valve', 'tray', 'rail', 'close', 'wall', 'black'];

const collect = globalThis.gc;
if (!collect) throw new Error('start this with --expose-gc');

// A seeded PGlite template when given (a file made by the API tests' global setup), else seeded here.
const templateFile = process.env.PGLITE_TEMPLATE;
const database = await openDatabase({ template: templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined });
await applyMigrations(database);
const config = loadApiConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  CATALOGUE_ANSWER_CACHE_MB: String(ANSWER_BUDGET_MB),
  RATE_LIMIT_PER_MINUTE: '100000000',
});
const app = await buildApi({ config, database, logger: false });
if (!templateFile) await runSeeds(database, app.composed.seeds, () => {});
let sent = 0;
/** Each query a combination not sent before (then once again): words or a category, a price bound, a sort, a page size and a page. */
async function unique(): Promise<void> {
  sent += 1;
  const n = sent;
  const common = { sort: 1 + (n % 4), size: 1 + (n % 97), pageNumber: 1 + (n % 3), price: { lte: 2000 + ((n * 7919) % 150_000) } };
  const search = n % 2 === 0;
  const body = search
    ? { ...common, query: `${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / WORDS.length) % WORDS.length]}` }
    : { ...common, slug: CATEGORIES[n % CATEGORIES.length] };
  // Each asked twice, so each is kept (an answer asked once is not): the budget, not the doorkeeper, must hold memory level.
  for (let time = 0; time < 2; time++) {
    const response = await app.inject({ method: 'POST', url: `/api/catalogue/${search ? 'Search' : 'Listings/Categories'}`, payload: body });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  }
}

function measure() {
  collect!();
  collect!();
  const memory = process.memoryUsage();
  return { rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external + memory.arrayBuffers };
}

try {
  // Warm-up: the snapshot loaded, the database's own caches filled, the code compiled.
  for (let index = 0; index < PER_PART; index++) await unique();
  const idle = measure();
  const parts = [];
  for (let part = 0; part < PARTS; part++) {
    for (let index = 0; index < PER_PART; index++) await unique();
    parts.push(measure());
  }
  const cache = app.platform.caches.reports().catalogueAnswers!;
  process.stdout.write(`${JSON.stringify({ budgetBytes: ANSWER_BUDGET_MB * 1024 * 1024, sent, idle, parts, cache })}\n`);
} finally {
  await app.close();
  await database.close();
}
