/**
 * What patching a price or stock change into the listing snapshot costs (decision 0080), beside
 * what building its index and cards costs, on BENCH_PRODUCTS (100,000) generated products in
 * memory: no database, so it runs in seconds on any machine and measures the event loop's hold
 * alone (the database's part is `snapshot-rebuild.ts`'s).
 *
 * 1. Build: the listing index and the cards, as a rebuild makes them (it yields between slices):
 *    wall time and the longest hold of the loop.
 * 2. Patches: BENCH_PATCHES single-product changes (a price edit; every third a stock status
 *    moved too), each timed from start to end (synchronous: the loop is held that long), and
 *    batches of 50 products (a second of orders heard at once).
 * 3. New products (decision 0138), through the whole snapshot as an instance keeps it (index,
 *    cards, codes, word index, category rows), its rows read from memory: the snapshot loaded as a
 *    rebuild loads it, then BENCH_NEW_BATCHES batches of 200 new products (an import's batch), then
 *    50 single new products (staff adding one), each timed with its CPU.
 * 4. Renames (decision 0149): 50 products renamed one at a time, each patched in with its words
 *    filed again in the word index (before, each rebuilt the snapshot: part 3's load).
 *
 * `npm run snapshot-patch -w @shop/bench`; prints one JSON line per part.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildCardFacts, type CardProduct } from '../apps/api/src/modules/search/memory/card-facts.ts';
import { buildListingIndex, type ListingProduct } from '../apps/api/src/modules/search/memory/listing-facets.ts';
import { patchListingIndex } from '../apps/api/src/modules/search/memory/listing-patch.ts';
import { productSnapshots } from '../apps/api/src/modules/search/memory/listing-index.ts';
import type { IndexedProduct, ProductSource } from '../apps/api/src/modules/search/search.port.ts';
import { seededRandom } from './lib.ts';

const size = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const patches = Number(process.env.BENCH_PATCHES ?? 500);
const random = seededRandom(76);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const BRANDS = Array.from({ length: 120 }, (_, n) => `Brand ${n}`);
const FINISHES = ['Chrome', 'Brushed Brass', 'Matt Black', 'Gunmetal', 'White', 'Brushed Nickel'];
const STOCK = ['in_stock', 'low_stock', 'out_of_stock', 'made_to_order'];
const nextDay = { classes: ['parcel'], needsStock: true };

type Product = ListingProduct & CardProduct;
const WORDS = ['Hexham', 'Lucca', 'Thame', 'Column', 'Slim', 'Quartz', 'Nordic', 'Pillar', 'Oval', 'Zephyr', 'Arden', 'Calder'];
const THINGS = ['Basin', 'Tap', 'Radiator', 'Toilet', 'Mixer', 'Valve', 'Shower', 'Tray'];
const productOf = (n: number): IndexedProduct => {
  const price = 500 + Math.floor(random() * 200_000);
  const discount = random() < 0.2 ? 5 + Math.floor(random() * 40) : 0;
  return {
    id: n + 1,
    slug: `product-${n + 1}`,
    sku: `PL${String(n + 1).padStart(6, '0')}`,
    imageUrl: null,
    categoryId: 1 + (n % 60),
    brandSlug: `brand-${n % 120}`,
    brandName: pick(BRANDS),
    priceIncVat: price,
    priceExVat: Math.round(price / 1.2),
    wasPriceIncVat: discount ? Math.round(price / (1 - discount / 100)) : null,
    wasPriceExVat: null,
    discountPercentage: discount,
    ratingTenths: Math.floor(random() * 50),
    reviewsCount: Math.floor(random() * 200),
    questionsCount: 0,
    popularity: Math.floor(random() * 10_000),
    deliveryClass: pick(['parcel', 'parcel', 'large', 'pallet']),
    isBundle: false,
    stockStatus: pick(STOCK),
    stockEta: null,
    badges: random() < 0.05 ? ['new'] : [],
    skus: [`PL${String(n + 1).padStart(6, '0')}`],
    facets: [
      ['finish', pick(FINISHES)],
      ['width_mm', `${400 + 100 * Math.floor(random() * 10)}mm`],
    ],
    // Names of a few words from a small vocabulary, and now and then one of their own (a range's new model name).
    name: `${pick(WORDS)}${random() < 0.2 ? ` Model${n + 1}` : ''} ${pick(THINGS)}`,
    searchText: '',
  };
};
const products: Product[] = Array.from({ length: size }, (_, n) => productOf(n));

const loop = monitorEventLoopDelay({ resolution: 1 });
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
const round = (value: number) => Math.round(value * 1000) / 1000;

loop.enable();
const started = performance.now();
let index = await buildListingIndex(products, nextDay);
const cards = await buildCardFacts(
  products,
  (id) => index.rowOfId.get(id),
  index.size,
  () => ({ slug: 'category', name: 'Category' }),
);
const buildMs = performance.now() - started;
loop.disable();
process.stdout.write(`${JSON.stringify({ part: 'build index and cards', products: size, wallMs: Math.round(buildMs), longestLoopHoldMs: ms(loop.max) })}\n`);

/** One change patched in, as an instance hearing its notice does once the rows are read: index, then cards. */
const patch = (changed: Product[]): [wallMs: number, cpuMs: number] => {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const next = patchListingIndex(index, changed, nextDay);
  if (!next) throw new Error('a price or stock change could not be patched');
  index = next;
  for (const product of changed) cards.patch(index.rowOfId.get(product.id)!, product);
  const used = process.cpuUsage(cpu);
  return [performance.now() - t, (used.user + used.system) / 1000];
};
const change = (n: number): Product => {
  const product = pick(products);
  product.priceIncVat = Math.max(100, product.priceIncVat + Math.floor((random() - 0.5) * 10_000));
  if (n % 3 === 0) product.stockStatus = pick(STOCK);
  return product;
};
/** Wall time is what the loop was held (a busy machine's other work included); CPU time is the patch's own. */
const summary = (times: [number, number][]) => {
  const of = (k: 0 | 1) => times.map((time) => time[k]).toSorted((a, b) => a - b);
  const [wall, cpu] = [of(0), of(1)];
  const at = (sorted: number[], q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!);
  return {
    holdP50Ms: at(wall, 0.5),
    holdP99Ms: at(wall, 0.99),
    holdMaxMs: round(wall.at(-1)!),
    cpuP50Ms: at(cpu, 0.5),
    cpuP99Ms: at(cpu, 0.99),
  };
};
loop.reset();
loop.enable();
const single: [number, number][] = [];
for (let n = 0; n < patches; n++) {
  single.push(patch([change(n)]));
  // The loop turns between notices, as it does between a server's requests.
  await new Promise((resolve) => setImmediate(resolve));
}
loop.disable();
process.stdout.write(`${JSON.stringify({ part: 'one product patched', patches, ...summary(single), longestLoopHoldMs: ms(loop.max) })}\n`);
const batches: [number, number][] = [];
for (let n = 0; n < 50; n++) {
  batches.push(patch(Array.from({ length: 50 }, (_, k) => change(n * 50 + k))));
  await new Promise((resolve) => setImmediate(resolve));
}
process.stdout.write(`${JSON.stringify({ part: '50 products patched at once', batches: 50, ...summary(batches) })}\n`);

/** The catalogue as a source gives it, from memory (ids are positions + 1). */
const catalogue: IndexedProduct[] = products.map((product) => ({
  ...(product as IndexedProduct),
  searchText: `${product.name} ${product.brandName} Category`,
}));
const source: ProductSource = {
  version: async () => '1',
  writeUnderWay: async () => false,
  maxProductId: async () => catalogue.length,
  products: async (_db, { fromId, toId }) => catalogue.slice(fromId - 1, toId - 1),
  productsWithIds: async (_db, ids) => ids.map((id) => catalogue[id - 1]!),
  categories: async () =>
    Array.from({ length: 60 }, (_, n) => ({ id: n + 1, slug: `category-${n + 1}`, name: `Category ${n + 1}`, parentId: null, position: n })),
  facets: async () => [],
  brands: async () => BRANDS.map((name) => ({ slug: name.toLowerCase().replace(' ', '-'), name })),
};
const snapshots = productSnapshots(source);
const db = {} as never;
const clock = { now: () => new Date() };
loop.reset();
loop.enable();
let cpuBefore = process.cpuUsage();
let wallBefore = performance.now();
await snapshots.snapshotOf({ db, clock });
let used = process.cpuUsage(cpuBefore);
loop.disable();
const loaded = {
  part: 'whole snapshot loaded (a rebuild, rows from memory)',
  products: catalogue.length,
  wallMs: Math.round(performance.now() - wallBefore),
  cpuMs: Math.round((used.user + used.system) / 1000),
  longestLoopHoldMs: ms(loop.max),
};
process.stdout.write(`${JSON.stringify(loaded)}\n`);
/** New products made and patched in as their notices are heard: the time until the snapshot served has them. */
const addNew = async (count: number): Promise<[number, number]> => {
  const ids = Array.from({ length: count }, () => {
    const product = productOf(catalogue.length);
    catalogue.push({ ...product, searchText: `${product.name} ${product.brandName} Category` });
    return product.id;
  });
  cpuBefore = process.cpuUsage();
  wallBefore = performance.now();
  snapshots.productsChanged({ db, clock }, ids);
  await snapshots.patched({ db, clock });
  used = process.cpuUsage(cpuBefore);
  return [performance.now() - wallBefore, (used.user + used.system) / 1000];
};
const newBatches: [number, number][] = [];
for (let n = 0; n < Number(process.env.BENCH_NEW_BATCHES ?? 20); n++) {
  newBatches.push(await addNew(200));
  await new Promise((resolve) => setImmediate(resolve));
}
const grown = await snapshots.snapshotOf({ db, clock });
if (grown.index.size !== catalogue.length) throw new Error('new products were not patched in');
process.stdout.write(`${JSON.stringify({ part: '200 new products patched in (an import batch)', batches: newBatches.length, ...summary(newBatches) })}\n`);
const newSingles: [number, number][] = [];
for (let n = 0; n < 50; n++) {
  newSingles.push(await addNew(1));
  await new Promise((resolve) => setImmediate(resolve));
}
process.stdout.write(
  `${JSON.stringify({ part: 'one new product patched in', patches: newSingles.length, ...summary(newSingles), products: catalogue.length })}\n`,
);

/** Products renamed (decision 0149): each read again and patched in, its words filed again in the word index; before, each rebuilt the snapshot. */
const renames: [number, number][] = [];
for (let n = 0; n < 50; n++) {
  const product = catalogue[Math.floor(random() * catalogue.length)]!;
  const name = `${pick(WORDS)} Renamed${n} ${pick(THINGS)}`;
  catalogue[product.id - 1] = { ...product, name, searchText: product.searchText.replace(product.name, name) };
  cpuBefore = process.cpuUsage();
  wallBefore = performance.now();
  snapshots.productsChanged({ db, clock }, [product.id]);
  await snapshots.patched({ db, clock });
  used = process.cpuUsage(cpuBefore);
  renames.push([performance.now() - wallBefore, (used.user + used.system) / 1000]);
  await new Promise((resolve) => setImmediate(resolve));
}
const renamed = await snapshots.snapshotOf({ db, clock });
if (renamed.suggestions.match(['renamed49'], 5, (term) => [term]).length !== 1) throw new Error('a renamed product was not patched in');
process.stdout.write(
  `${JSON.stringify({ part: 'one product renamed, patched in', patches: renames.length, ...summary(renames), products: catalogue.length })}\n`,
);
