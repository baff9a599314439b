/**
 * `npm run bench:range-import`: the range import (docs/catalogue-files.md, decision 0093) at
 * `BENCH_ROWS` (100,000) variants on PostgreSQL (`BENCH_DATABASE_URL`, default
 * `postgres://postgres@127.0.0.1:5432/bench_range_import`, made afresh with the demo shop and
 * dropped at the end unless `BENCH_KEEP=1`), through the calls staff make (check, apply, follow).
 *
 * Two instances share the database: the API (`servers/api.ts`, every job, so it is the one that
 * applies imports) and the whole shop (`servers/shop.ts`, API and storefront, no jobs).
 *
 * 1. A file of new products (four sizes each, in the seed's sub-categories and families), a price
 *    change of every variant the demo has and five refused rows (`range-file.ts`): the dry run and
 *    the apply, each's wall time, rows per second, the API process's CPU and peak resident memory
 *    and the CPU of the database's PostgreSQL backends; the counts held against the file's.
 * 2. The same file again: the dry run finds nothing to change, and applying it changes nothing.
 * 3. A file renaming each product step 1 made and adding a fifth size to it: the changes to products
 *    the shop has, applied together (decision 0154); then the same file again changes nothing.
 * 4. A price changed through the product editor on the API, timed until the shop's product API
 *    answer shows it (goal ≤ 5 s; change notices, platform/change-notices.ts).
 * 5. The shop's CPU per page (`cpuPerAnswer`, as `bench:pages` measures it) for a basin's product page, the basins' category
 *    page and search results for "basin", idle and while the API applies a file moving the price of every variant step 1 made.
 */
import type autocannon from 'autocannon';
import {
  afterStartUpLoads,
  cpuMeter,
  cpuPerAnswer,
  createTokenSigner,
  freshDatabase,
  loadAverage,
  peakRss,
  psql,
  report,
  startServer,
  type RunningServer,
} from './lib.ts';
import { detailsChangeFile, newRangeFile, priceChangeFile, type ExistingVariant, type SubCategory } from './range-file.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_range_import';
const shopPort = Number(process.env.BENCH_PAGES_PORT ?? 5311);
const origin = `http://127.0.0.1:${shopPort}`;
const PUBLIC_URL = 'http://bench.range-import.test';
const PRICE_GOAL_MS = 5_000;

const loadAtStart = loadAverage();
freshDatabase(postgresUrl);
const signer = createTokenSigner('bench-range-import', PUBLIC_URL);
// With the overload guard at its production limit (BENCH_OVERLOAD_MS, default 500): staff follow the import as their page does,
// and a refresh turned away as "The shop is busy" while the job applies it stops the bench.
const overloadMs = process.env.BENCH_OVERLOAD_MS ?? '500';
const api = await startServer('servers/api.ts', {
  DATABASE_URL: postgresUrl,
  PUBLIC_URL,
  IDENTITY_JWKS: signer.jwks,
  OVERLOAD_EVENT_LOOP_DELAY_MS: overloadMs,
});
const servers: RunningServer[] = [api];
/** The servers stopped and the database dropped (unless BENCH_KEEP=1), however the bench ends. */
async function cleanUp(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  if (process.env.BENCH_KEEP !== '1')
    psql(postgresUrl.replace(/\/[^/]*$/, '/postgres'), `drop database if exists "${new URL(postgresUrl).pathname.slice(1)}" with (force)`);
}
process.on('uncaughtException', (error) => {
  process.stderr.write(`${error.stack ?? String(error)}\n`);
  void cleanUp().finally(() => process.exit(1));
});
// React's production build, as `npm start` draws pages (servers/shop.ts leaves NODE_ENV to its caller, as bench:pages chooses it).
const shop = await startServer('servers/shop.ts', {
  DATABASE_URL: postgresUrl,
  PORT: String(shopPort),
  PUBLIC_URL: origin,
  NODE_ENV: 'production',
  SHOP_ENV: 'demo',
  JOBS: 'none',
});
servers.push(shop);

const staffId = psql(postgresUrl, "select id from identity_users where email = 'staff@demo.test'");
const authorization = `Bearer ${signer.tokenFor(staffId, ['shopper', 'catalogue-manager'])}`;

/** A staff call to the catalogue on the API instance, as the staff pages make it. */
async function staff<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const url = `http://127.0.0.1:${api.port}/api/catalogue${path}`;
  const response = await fetch(
    url,
    body === undefined
      ? { method, headers: { authorization } }
      : { method, headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface ImportReport {
  id: string;
  status: 'checked' | 'queued' | 'applying' | 'applied';
  lines: number;
  changing: number;
  unchanged: number;
  refused: number;
  refusedWhileApplying: number;
  products: number;
  productsDone: number;
  refusals: { line: number; column: string | null; reason: string }[];
}

function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const perSecond = (count: number, ms: number) => Math.round((count * 1000) / Math.max(1, ms));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a step cost the API process and the database: wall time, CPU (app and PostgreSQL backends), peak resident memory. */
async function measured<T>(step: () => Promise<T>): Promise<{ value: T; wallMs: number; appCpuMs: number; postgresCpuMs: number; peakRssBytes: number }> {
  const rss = peakRss(api);
  const cpu = cpuMeter(api, postgresUrl);
  const started = performance.now();
  const value = await step();
  const wallMs = performance.now() - started;
  const used = cpu.stop(1);
  return { value, wallMs, appCpuMs: used.appMs, postgresCpuMs: used.postgresMs ?? 0, peakRssBytes: rss.stop() };
}

const check = (fileName: string, csv: string) => staff<ImportReport>('POST', '/Staff/Imports', { fileName, content: Buffer.from(csv).toString('base64') });

/** Applies a checked import and follows it as its page does, until the job has applied it; `whileApplying` runs once it has begun. */
async function apply(id: string, whileApplying?: () => Promise<void>): Promise<ImportReport> {
  await staff('POST', `/Staff/Imports/${id}/Apply`);
  let told = performance.now();
  for (;;) {
    const now = await staff<ImportReport>('GET', `/Staff/Imports/${id}`);
    if (now.status === 'applied') return now;
    if (performance.now() - told > 30_000) {
      process.stdout.write(
        `  ${now.productsDone.toLocaleString('en-GB')} of ${now.products.toLocaleString('en-GB')} products applied; API RSS ${mb(api.rssBytes())}\n`,
      );
      told = performance.now();
    }
    if (whileApplying && now.status === 'applying' && now.productsDone > 0) {
      await whileApplying();
      whileApplying = undefined;
      continue;
    }
    await sleep(250);
  }
}

const figures = (step: Awaited<ReturnType<typeof measured>>, count: number) =>
  `${(step.wallMs / 1000).toFixed(1)} s, ${perSecond(count, step.wallMs).toLocaleString('en-GB')} rows/s; ` +
  `API CPU ${Math.round(step.appCpuMs).toLocaleString('en-GB')} ms, ` +
  `PostgreSQL backends ${Math.round(step.postgresCpuMs).toLocaleString('en-GB')} ms; API peak RSS ${mb(step.peakRssBytes)}`;

// The file: the seed's sub-categories with the family their products are of, its brands, and a price change of each variant it has.
const subCategories: SubCategory[] = psql(
  postgresUrl,
  'select c.name, min(p.family) from categories c join products p on p.category_id = c.id where c.parent_id is not null group by c.name order by c.name',
)
  .split('\n')
  .map((line) => ({ name: line.split('|')[0]!, family: line.split('|')[1]! }));
const choices = await staff<{ brands: { name: string }[] }>('GET', '/Staff/ProductChoices');
const existing: ExistingVariant[] = [];
for (let after: number | null = 0; after !== null;) {
  const page: { rows: { sku: string; price_inc_vat_pence: number; price_starts_at: string | null }[]; next: number | null } = await staff(
    'GET',
    `/Staff/Range?after=${after}&limit=2000`,
  );
  // A variant with a price scheduled is left out: an unscheduled price meeting its period is refused (decision 0108).
  existing.push(...page.rows.filter((row) => row.price_starts_at === null).map((row) => ({ sku: row.sku, priceIncVat: row.price_inc_vat_pence })));
  after = page.next;
}
const file = newRangeFile(
  rows,
  subCategories,
  choices.brands.map((brand) => brand.name),
  existing,
);
const rssIdle = api.rssBytes();
process.stdout.write(
  `File: ${file.rows.toLocaleString('en-GB')} rows, ${mb(file.csv.length)} (${file.created.toLocaleString('en-GB')} new variants of ` +
    `${file.products.toLocaleString('en-GB')} products, ${file.changed} price changes, ${file.refused} refused); API idle RSS ${mb(rssIdle)}\n`,
);

// 1. Dry run and apply.
const dryRun = await measured(() => check('bench-range.csv', file.csv));
if (dryRun.value.refused !== file.refused) process.stderr.write(`Refused:\n${dryRun.value.refusals.map((refusal) => JSON.stringify(refusal)).join('\n')}\n`);
expectEqual(
  'dry run: lines, changing, unchanged, refused',
  [dryRun.value.lines, dryRun.value.changing, dryRun.value.unchanged, dryRun.value.refused],
  [file.rows, file.created + file.changed, 0, file.refused],
);
process.stdout.write(`Dry run: ${figures(dryRun, file.rows)}\n`);
const applied = await measured(() => apply(dryRun.value.id));
expectEqual('applied: products done, refused while applying', [applied.value.productsDone, applied.value.refusedWhileApplying], [applied.value.products, 0]);
const made = Number(psql(postgresUrl, "select count(*) from offerings where sku like 'BRI-%' and sku not like 'BRI-BAD-%'"));
expectEqual('variants made', made, file.created);
const changedPrices = existing.slice(0, file.changed).map((variant) => `('${variant.sku}', ${variant.priceIncVat + 1})`);
const pricesMoved =
  file.changed === 0
    ? 0
    : Number(
        psql(
          postgresUrl,
          `select count(*) from offerings o join prices p on p.offering_id = o.id join (values ${changedPrices.join(',')}) v(sku, price)
             on v.sku = o.sku and p.price_inc_vat = v.price`,
        ),
      );
expectEqual('prices changed', pricesMoved, file.changed);
process.stdout.write(`Applied (from the Apply call, the job's wait of up to 5 s included): ${figures(applied, file.created + file.changed)}\n`);

// 2. The same file again changes nothing.
const again = await check('bench-range.csv', file.csv);
expectEqual('the same file again: changing, unchanged, refused', [again.changing, again.unchanged, again.refused], [0, file.rows - file.refused, file.refused]);
const appliedAgain = await apply(again.id);
expectEqual('the same file applied again: products', [appliedAgain.products, appliedAgain.productsDone], [0, 0]);
expectEqual('variants after the same file again', Number(psql(postgresUrl, "select count(*) from offerings where sku like 'BRI-%'")), file.created);

// 3. A file changing each product step 1 made (decision 0154): its name, and a fifth size added.
const details = detailsChangeFile(file.products);
const detailsCheck = await measured(() => check('bench-details.csv', details.csv));
expectEqual('details file: changing, refused', [detailsCheck.value.changing, detailsCheck.value.refused], [details.rows, 0]);
const detailsApply = await measured(() => apply(detailsCheck.value.id));
expectEqual(
  'details file applied: products done, refused while applying',
  [detailsApply.value.productsDone, detailsApply.value.refusedWhileApplying],
  [details.products, 0],
);
expectEqual(
  'details file applied: sizes added, products renamed',
  [
    Number(psql(postgresUrl, "select count(*) from offerings where sku like 'BRI-%-1200'")),
    Number(psql(postgresUrl, "select count(*) from products where slug like 'bench-range-%' and name like '% Mark 2'")),
  ],
  [details.products, details.products],
);
const detailsAgain = await check('bench-details.csv', details.csv);
expectEqual('the details file again: changing, unchanged', [detailsAgain.changing, detailsAgain.unchanged], [0, details.rows]);
process.stdout.write(`Details file applied: ${figures(detailsApply, details.rows)}\n`);

// 4. A price changed on the API, until the shop's product answer shows it.
const productId = Number(psql(postgresUrl, `select id from products where slug = '${file.sample.slug}'`));
const shopPrice = async () => {
  const response = await fetch(`${origin}/api/catalogue/Products/Summaries?slug=${file.sample.slug}`);
  if (!response.ok) return null;
  const summary = (await response.json()) as { offerings: { sku: string; price: { priceIncTax: number } }[] };
  return summary.offerings.find((offering) => offering.sku === file.sample.sku)?.price.priceIncTax ?? null;
};
/** Asks every 10 ms until `seen` holds or `limitMs` has passed; the time it took, or null. */
async function within(limitMs: number, seen: () => Promise<boolean>): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await seen()) return performance.now() - started;
    await sleep(10);
  }
  return null;
}
const shown = await within(120_000, async () => (await shopPrice()) !== null);
if (shown === null) throw new Error(`The shop does not show ${file.sample.slug} two minutes after the import`);
const priceTimes: { fromCallMs: number; fromAnswerMs: number }[] = [];
for (let change = 1; change <= 5; change++) {
  const { version } = await staff<{ version: number }>('GET', `/Staff/Products/${productId}`);
  const price = file.sample.priceIncVat + 100 * change;
  const sent = performance.now();
  await staff('POST', `/Staff/Products/${productId}/Prices`, { version, sku: file.sample.sku, priceIncVat: price, vatRateCode: 'standard' });
  const answered = performance.now();
  if ((await within(30_000, async () => (await shopPrice()) === price)) === null)
    throw new Error(`The shop did not show ${file.sample.sku} at ${price} within 30 s`);
  priceTimes.push({ fromCallMs: performance.now() - sent, fromAnswerMs: performance.now() - answered });
}
const slowestPrice = Math.max(...priceTimes.map((time) => time.fromCallMs));
process.stdout.write(`Price shown on the other instance: ${priceTimes.map((time) => `${Math.round(time.fromCallMs)} ms`).join(', ')} from the staff call\n`);

// 5. The shop's pages, idle and while the API applies a file moving every new variant's price.
const basins = await fetch(`${origin}/api/catalogue/Listings/Categories`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ slug: 'basins', size: 1 }),
});
const basin = ((await basins.json()) as { products: { slug: string }[] }).products[0];
if (!basin) throw new Error('No basin to measure');
/** A product page (kept, forgotten by its own products' changes: decision 0160), two listings and the home page (checked: decision 0162). */
const pages = [
  { name: 'product page', url: `${origin}/p/${basin.slug}` },
  { name: 'category page', url: `${origin}/c/basins` },
  { name: 'search results page', url: `${origin}/search?q=basin` },
  { name: 'home page', url: `${origin}/` },
];
type Page = (typeof pages)[number];
const withEncoding = (request: autocannon.Request) => ({ ...request, headers: { ...request.headers, 'accept-encoding': 'gzip, deflate, br' } });
const pageCpu = async (page: Page, label: string, forSeconds = seconds) =>
  (await cpuPerAnswer(`${page.name} ${label}`, page.url, shop, { seconds: forSeconds, setupRequest: withEncoding })).cpuMs;
// The shop's start-up loads done (the staff review index, the catalogue read again after the imports), as the other page benches wait.
await afterStartUpLoads(`${origin}/api`);
// And the shop done reacting to the imports' change notices (the catalogue read again): under 5% of a core for a second, or 2 minutes.
for (const giveUpAt = Date.now() + 120_000; Date.now() < giveUpAt;) {
  const before = shop.cpuMicros();
  await sleep(1000);
  if (shop.cpuMicros() - before < 50_000) break;
}
const idle = new Map<Page, number[]>(pages.map((page) => [page, []]));
for (let round = 0; round < rounds; round++) for (const page of pages) idle.get(page)!.push(await pageCpu(page, 'idle'));
const during = new Map<Page, { cpuMs: number; whileApplying: boolean }[]>(pages.map((page) => [page, []]));
const countedOf = (page: Page) =>
  during
    .get(page)!
    .filter((round) => round.whileApplying)
    .map((round) => round.cpuMs);
/** A round's length while a price file applies: short enough for some within it at 20,000 rows on a busy machine. */
const DURING_SECONDS = 1;
/** Each page's rounds while a price file of its own applies (each moving every new variant's price again): the dry run and apply figures. */
const priceFiles: [string, string][] = [];
for (const [index, page] of pages.entries()) {
  const prices = priceChangeFile(file.created, 5 + index);
  const priceCheck = await measured(() => check(`bench-prices-${index}.csv`, prices.csv));
  expectEqual('price file: changing, refused', [priceCheck.value.changing, priceCheck.value.refused], [prices.rows, 0]);
  const priceApply = await measured(() =>
    apply(priceCheck.value.id, async () => {
      // Short rounds, so some end while the file is still applying (one round's answers are counted only then), up to BENCH_ROUNDS of them.
      while (countedOf(page).length < rounds) {
        const cpuMs = await pageCpu(page, 'during an import', DURING_SECONDS);
        const now = await staff<ImportReport>('GET', `/Staff/Imports/${priceCheck.value.id}`);
        during.get(page)!.push({ cpuMs, whileApplying: now.status === 'applying' });
        if (now.status !== 'applying') break;
      }
    }),
  );
  expectEqual(
    'price file applied: products done, refused while applying',
    [priceApply.value.productsDone, priceApply.value.refusedWhileApplying],
    [priceApply.value.products, 0],
  );
  priceFiles.push(
    [`price file ${index + 1} dry run`, figures(priceCheck, prices.rows)],
    [`price file ${index + 1} applied (${page.name} measured meanwhile)`, figures(priceApply, prices.rows)],
  );
}
const middle = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const pageFigures = Object.fromEntries(
  pages.flatMap((page) => {
    const idleRounds = idle.get(page)!;
    const taken = during.get(page)!;
    const duringRounds = taken.map((round) => `${round.cpuMs.toFixed(2)}${round.whileApplying ? '' : ' after it ended'}`);
    // A small file may apply within one round: its notices are still being patched in then, so that round is the figure.
    const counted = countedOf(page).length > 0 ? countedOf(page) : taken.map((round) => round.cpuMs);
    return [
      [`${page.name} CPU ms per page, idle (rounds)`, `${middle(idleRounds).toFixed(2)} (${idleRounds.map((cpu) => cpu.toFixed(2)).join(' / ')})`],
      [`${page.name} CPU ms per page while the API applies the price file (rounds)`, `${middle(counted).toFixed(2)} (${duringRounds.join(' / ')})`],
    ];
  }),
);

await cleanUp();

report(`Range import of ${rows.toLocaleString('en-GB')} rows on PostgreSQL`, [], {
  file:
    `${file.rows} rows, ${mb(file.csv.length)}: ${file.created} new variants of ${file.products} products, ` +
    `${file.changed} price changes, ${file.refused} refused`,
  'dry run': figures(dryRun, file.rows),
  'applied (from the Apply call, the job wait of up to 5 s included)': figures(applied, file.created + file.changed),
  counts: `changing ${dryRun.value.changing}, refused ${dryRun.value.refused}, products ${applied.value.products}: as generated`,
  'the same file again': `0 changing, ${again.unchanged} unchanged, ${again.refused} refused; applied: 0 products`,
  'API idle RSS before the import': mb(rssIdle),
  'details file: a new name and a fifth size for each new product': `${details.rows} rows of ${details.products} products`,
  'details file applied': figures(detailsApply, details.rows),
  'the details file again': `0 changing, ${detailsAgain.unchanged} unchanged`,
  'price shown on the other instance, from the staff call (ms)': priceTimes.map((time) => Math.round(time.fromCallMs)).join(' / '),
  'price shown within 5 s': slowestPrice <= PRICE_GOAL_MS ? `met (slowest ${Math.round(slowestPrice)} ms)` : `MISSED (slowest ${Math.round(slowestPrice)} ms)`,
  ...Object.fromEntries(priceFiles),
  ...pageFigures,
  'load average (1, 5, 15 min) at start': loadAtStart,
  'load average at end': loadAverage(),
});
if (slowestPrice > PRICE_GOAL_MS) process.exitCode = 1;
