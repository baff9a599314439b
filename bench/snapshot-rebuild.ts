/**
 * What a catalogue change costs an API instance (decisions 0075, 0080): the listing snapshot it
 * rebuilds when a structural change notice comes, or the products it patches in for a price or
 * stock change, measured on a seeded catalogue of BENCH_PRODUCTS (made by
 * `servers/catalogue-api.ts` on BENCH_DATABASE_URL). Three parts:
 *
 * 1. One rebuild alone (a product's popularity moved): wall time, CPU time, and the longest the
 *    event loop was held (a request waits that long at worst), with no other work.
 * 2. One price edit alone: from its commit until a listing shows it, the CPU, and the longest hold.
 * 3. Under writes: for BENCH_SECONDS, 50 stock changes a second (an order each; every tenth moves
 *    the sku's status between in stock and low stock, as a shelf running down does) and a staff price
 *    edit every second, sent from another connection, while listings are asked for 20 times a
 *    second: the notices heard, the share of one core taken, the longest hold of the loop and the
 *    listings' p99.
 *
 * `npm run snapshot-rebuild -w @shop/bench`; prints one JSON line per part. Run against a build
 * before decision 0080, every change but the status moves is heard as `catalogue` and rebuilds.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { applyMigrations, buildApi, loadApiConfig, openDatabase } from '@shop/api';
import { CategoryListingRequestSchema } from '@shop/contracts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL names a database seeded by servers/catalogue-api.ts');
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const config = loadApiConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true',
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  SEARCH_ENGINE: 'memory',
});
const database = await openDatabase({ url, poolSize: 5 });
await applyMigrations(database);
const app = await buildApi({ config, database });
await app.ready();
const ctx = { db: database.db, clock: app.platform.clock };
const { catalogue } = app.composed.services;
const listing = (slug: string) => catalogue.listCategory(ctx, CategoryListingRequestSchema.parse({ slug }));
const loop = monitorEventLoopDelay({ resolution: 1 });
// The longest garbage collection pause, beside the loop's longest hold: a hold with no pause to match it was the rebuild's own work.
let longestGc = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
}).observe({ entryTypes: ['gc'] });
const ms = (ns: number) => Math.round(ns / 1e4) / 100;

// The first load (start-up), then one rebuild alone.
await listing('toilets');
const slugs = (
  (await database.db.execute(sql`select slug from categories where parent_id is null order by position`)) as unknown as { rows: { slug: string }[] }
).rows.map((row) => row.slug);
const rebuildsBefore = app.platform.changes.heard().catalogue;
loop.reset();
loop.enable();
longestGc = 0;
const cpu = process.cpuUsage();
const started = performance.now();
await database.db.execute(sql`update products set popularity = popularity where id = 1`);
// Heard, then due CHANGE_REBUILD_GAP_MS after the load: listings are asked for until a new snapshot answers.
const first = await listing('toilets');
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const next = await listing('toilets');
  if (next !== first) break;
}
const used = process.cpuUsage(cpu);
loop.disable();
const rebuildHoldMs = ms(loop.max);
process.stdout.write(
  `${JSON.stringify({
    part: 'one rebuild',
    products: Number(((await database.db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] }).rows[0]!.n),
    noticesHeard: app.platform.changes.heard().catalogue - rebuildsBefore,
    wallMsIncludingGap: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
    longestLoopHoldMs: ms(loop.max),
    longestGcMs: Math.round(longestGc),
  })}\n`,
);

// One price edit alone, from another connection: until a listing of the whole shop sorted by price shows it.
const writer = new pg.Client({ connectionString: url });
await writer.connect();
{
  const byPrice = (sort: 2 | 3) => catalogue.listCategory(ctx, CategoryListingRequestSchema.parse({ slug: slugs[0], sort, size: 1 }));
  // The department's dearest product.
  const { sku } = (await byPrice(3))!.products[0]!;
  await byPrice(2);
  loop.reset();
  loop.enable();
  longestGc = 0;
  const cpuEdit = process.cpuUsage();
  const edited = performance.now();
  // Cheaper than anything in the shop: first in its department's cheapest-first listing once seen.
  await writer.query(
    `update prices set price_inc_vat = 1, price_ex_vat = 1, was_price_inc_vat = null, was_price_ex_vat = null
      where offering_id = (select id from offerings where sku = $1)`,
    [sku],
  );
  let seenAfter = -1;
  const catalogueHeard = app.platform.changes.heard().catalogue;
  while (performance.now() - edited < 60_000) {
    const cheapestFirst = await byPrice(2);
    if (cheapestFirst?.products[0]?.price.priceIncTax === 1) {
      seenAfter = performance.now() - edited;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const usedEdit = process.cpuUsage(cpuEdit);
  loop.disable();
  process.stdout.write(
    `${JSON.stringify({
      part: 'one price edit',
      seenAfterMs: Math.round(seenAfter),
      rebuilt: app.platform.changes.heard().catalogue > catalogueHeard || seenAfter > 5_000,
      cpuMs: Math.round((usedEdit.user + usedEdit.system) / 1000),
      longestLoopHoldMs: ms(loop.max),
      longestGcMs: Math.round(longestGc),
      rebuildHoldMs,
    })}\n`,
  );
}

// Under writes: 50 orders' stock changes a second and a price edit a second, from another connection.
const skus = (await writer.query<{ sku: string }>('select sku from stock_levels order by sku limit 500')).rows.map((row) => row.sku);
const priced = (await writer.query<{ offering_id: number }>('select offering_id from prices order by offering_id limit 60')).rows.map((row) => row.offering_id);
const load = { writing: true };
let orders = 0;
let edits = 0;
let statusMoves = 0;
const stockWrites = (async () => {
  const next = performance.now();
  while (load.writing) {
    if (orders % 10 === 9) {
      await writer.query(
        `update stock_levels set status = case when status = 'in_stock' then 'low_stock' else 'in_stock' end
          where sku = $1 and status in ('in_stock', 'low_stock')`,
        [skus[orders % skus.length]],
      );
      statusMoves += 1;
    } else await writer.query('update stock_levels set on_hand = on_hand + 1 where sku = $1', [skus[orders % skus.length]]);
    orders += 1;
    const wait = next + orders * 20 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
})();
const priceWriter = new pg.Client({ connectionString: url });
await priceWriter.connect();
const priceEdits = (async () => {
  while (load.writing) {
    await priceWriter.query('update prices set price_inc_vat = price_inc_vat + 1 where offering_id = $1', [priced[edits % priced.length]]);
    edits += 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
})();
const times: number[] = [];
let snapshots = 0;
let last: unknown = null;
loop.reset();
loop.enable();
longestGc = 0;
const cpuUnderLoad = process.cpuUsage();
const heardBefore = app.platform.changes.heard();
const until = performance.now() + seconds * 1000;
let asked = 0;
while (performance.now() < until) {
  const t = performance.now();
  const answer = await listing(slugs[asked % slugs.length]!);
  times.push(performance.now() - t);
  if (asked % slugs.length === 0) {
    if (last !== null && answer !== last) snapshots += 1;
    last = answer;
  }
  asked += 1;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const usedUnderLoad = process.cpuUsage(cpuUnderLoad);
loop.disable();
load.writing = false;
await Promise.all([stockWrites, priceEdits]);
times.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    part: 'under writes',
    seconds,
    stockChanges: orders,
    statusMoves,
    priceEdits: edits,
    // `products` is absent before decision 0080: every change was heard as `catalogue`.
    noticesHeard: Object.fromEntries(
      Object.entries(app.platform.changes.heard())
        .map(([topic, count]) => [topic, count - (heardBefore[topic as keyof typeof heardBefore] ?? 0)])
        .filter(([topic]) => topic === 'catalogue' || topic === 'products'),
    ),
    snapshotsSeen: snapshots,
    cpuShareOfOneCore: Math.round(((usedUnderLoad.user + usedUnderLoad.system) / 1000 / (seconds * 1000)) * 100) / 100,
    longestLoopHoldMs: ms(loop.max),
    longestGcMs: Math.round(longestGc),
    listingP50Ms: Math.round(times[Math.floor(times.length * 0.5)]! * 10) / 10,
    listingP99Ms: Math.round(times[Math.floor(times.length * 0.99)]! * 10) / 10,
  })}\n`,
);
await writer.end();
await priceWriter.end();
await app.close();
await database.close();
