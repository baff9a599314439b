import { describe, expect, it } from 'vitest';
import type { IndexedCategory, IndexedProduct, ProductSource } from '../search.port.ts';
import { refineListing, type ListingInput } from './listing-facets.ts';
import { productSnapshots, type CatalogueSnapshot } from './listing-index.ts';

/** A small deterministic random source, so a failing case can be run again. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!, below: (n: number) => Math.floor(next() * n) };
}

const CATEGORIES: IndexedCategory[] = [
  { id: 1, slug: 'bathroom', name: 'Bathroom', parentId: null, position: 0 },
  { id: 2, slug: 'heating', name: 'Heating', parentId: null, position: 1 },
  { id: 3, slug: 'basins', name: 'Basins', parentId: 1, position: 0 },
  { id: 4, slug: 'taps', name: 'Taps', parentId: 1, position: 1 },
  { id: 5, slug: 'radiators', name: 'Radiators', parentId: 2, position: 0 },
];
const BRANDS = ['Arden', 'Bristan', 'Calder', 'Vito'];
const THINGS = ['Basin', 'Tap', 'Radiator', 'Toilet', 'Mixer', 'Valve'];
const WORDS = ['Lucca', 'Hexham', 'Slim', 'Column', 'Thame', 'Oval', 'Quartz', 'Zephyr', 'Nordic', 'Pillar'];
const FINISHES = ['Chrome', 'Matt Black', 'Brushed Brass', 'White', 'Anthracite'];

/** A product as the catalogue's source gives one: every field the snapshot reads, spread so orders and facets tie and differ. */
function productOf(id: number, random: ReturnType<typeof randomOf>, fresh = false): IndexedProduct {
  const categoryId = random.pick([3, 3, 4, 5, 1]);
  const brandName = random.pick(BRANDS);
  // New products bring words and finishes never seen before, as an import's do.
  const name = `${random.pick(WORDS)}${fresh && random.next() < 0.5 ? `x${id}` : ''} ${random.pick(THINGS)}`;
  const finish = fresh && random.next() < 0.3 ? `Finish ${id % 3}` : random.pick(FINISHES);
  const code = `PL${String(id).padStart(6, '0')}`;
  const skus = Array.from({ length: 1 + random.below(3) }, (_, k) => `${code}-${k + 1}`);
  const priceIncVat = 500 + random.below(40) * 2_500;
  const discountPercentage = random.next() < 0.3 ? random.pick([5, 10, 20]) : 0;
  const stockStatus = random.pick(['in_stock', 'low_stock', 'out_of_stock', null]);
  return {
    id,
    slug: `product-${id}`,
    name,
    searchText: `${name} ${brandName} ${CATEGORIES.find((category) => category.id === categoryId)!.name} ${finish.toLowerCase()}`,
    sku: skus[0]!,
    skus,
    imageUrl: random.next() < 0.5 ? `/images/${id}.jpg` : null,
    categoryId,
    brandSlug: brandName.toLowerCase(),
    brandName,
    priceIncVat,
    priceExVat: Math.round(priceIncVat / 1.2),
    wasPriceIncVat: discountPercentage > 0 ? priceIncVat * 2 : null,
    wasPriceExVat: discountPercentage > 0 ? Math.round((priceIncVat * 2) / 1.2) : null,
    discountPercentage,
    ratingTenths: 30 + random.below(20),
    reviewsCount: random.below(50),
    questionsCount: random.below(5),
    popularity: random.below(12),
    deliveryClass: random.pick(['parcel', 'large', 'pallet']),
    isBundle: random.next() < 0.1,
    badges: random.next() < 0.2 ? ['new'] : random.next() < 0.1 ? ['best_seller'] : [],
    stockStatus,
    stockEta: stockStatus === 'out_of_stock' ? '2026-12-10' : null,
    facets: [
      ['finish', finish],
      ['material', random.pick(['Ceramic', 'Brass', 'Steel'])],
    ],
  };
}

/** A catalogue held in memory as the database would hold it: `listed` is what a load or a notice's read finds. */
function sourceOf(listed: () => IndexedProduct[]): ProductSource {
  return {
    version: async () => '1',
    writeUnderWay: async () => false,
    maxProductId: async () => Math.max(0, ...listed().map((product) => product.id)),
    products: async (_db, { fromId, toId }) => listed().filter((product) => product.id >= fromId && product.id < toId),
    productsWithIds: async (_db, ids) => listed().filter((product) => ids.includes(product.id)),
    categories: async () => CATEGORIES,
    facets: async () => [
      { categoryId: 1, identifier: 'material', displayName: 'Material' },
      { categoryId: 2, identifier: 'material', displayName: 'Material' },
    ],
    brands: async () => BRANDS.map((name) => ({ slug: name.toLowerCase(), name })),
  };
}

const clock = { now: () => new Date('2026-11-29T12:00:00Z') };
const expand = (term: string) => [term];
const input = (overrides: Partial<ListingInput>): ListingInput => ({ pageNumber: 1, size: 24, sort: 1, facets: {}, ...overrides });

/** What shoppers can see of a snapshot, by product id (rows may differ, ids may not). */
function answersOf(snapshot: CatalogueSnapshot, queries: { terms: string[][]; codes: string[] }) {
  const { index } = snapshot;
  const id = (row: number) => index.ids[row]!;
  const asked = [
    ...([1, 2, 3, 4] as const).flatMap((sort) => [input({ sort }), input({ sort, pageNumber: 2 }), input({ sort, size: 1000 })]),
    input({ facets: { in_stock: ['yes'], finish: ['chrome'] }, sort: 2 }),
    input({ facets: { brand: ['arden', 'vito'], material: ['ceramic'] }, sort: 3 }),
    input({ facets: { on_offer: ['yes'], new: ['yes'] }, sort: 4 }),
    input({ facets: { price: ['0-5000', '50000-100000'] }, price: { gte: 2_000 } }),
  ];
  const listings = (rows: ArrayLike<number>, category: IndexedCategory | null) =>
    asked.map((one) => ({ ...refineListing(index, rows, snapshot.facetsOf(category), one) }));
  return {
    size: index.size,
    priceRange: index.priceRange,
    orders: ([1, 2, 3, 4] as const).map((sort) => Array.from(index.sortRows[sort], id)),
    all: listings(snapshot.allRows(), null),
    fresh: listings(snapshot.newRows(), null),
    categories: CATEGORIES.map((category) => listings(snapshot.rowsOf(category), category)),
    cards: Array.from({ length: index.size }, (_, row) => snapshot.cards.cardOf(row)),
    facts: Array.from({ length: index.size }, (_, row) => snapshot.suggestionFacts[row]),
    suggestions: queries.terms.map((terms) => snapshot.suggestions.match(terms, 20, expand).map(id)),
    codes: queries.codes.map((code) => {
      const exact = snapshot.codes.exact(code);
      const starting = snapshot.codes.startingWith(code.slice(0, -2), 8);
      return [exact && { ...exact, row: id(exact.row) }, starting.map((match) => ({ ...match, row: id(match.row) }))];
    }),
  };
}

/** Fifty products listed, and their snapshot loaded. */
async function fiftyListed(seed: number) {
  const random = randomOf(seed);
  const all = Array.from({ length: 50 }, (_, k) => productOf(k + 1, random));
  const snapshots = productSnapshots(sourceOf(() => all));
  const db = {} as never;
  return { all, snapshots, db, before: await snapshots.snapshotOf({ db, clock }) };
}

describe('new products patched into the catalogue snapshot', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`answers listings, orders, facets, cards, suggestions and codes as a fresh build of the same products does (seed ${seed})`, async () => {
      const random = randomOf(seed);
      const first = 60 + random.below(200);
      const catalogue = Array.from({ length: first }, (_, k) => productOf(k + 1, random));
      // Some ids are skipped (drafts never priced), as a shop's are.
      let nextId = first + 1;
      let listed = catalogue.length;
      const all = [...catalogue];
      /** The words of names products had before they were renamed: searched for, they find what a fresh build finds. */
      const renamedFrom: string[] = [];
      const snapshots = productSnapshots(sourceOf(() => all.slice(0, listed)));
      const patchedDb = {} as never;
      await snapshots.snapshotOf({ db: patchedDb, clock });
      // Batches of new products, now and then with a price change of a product already listed in the same notice.
      for (let batch = 0; batch < 6; batch++) {
        const count = 1 + random.below(batch === 2 ? 200 : 40);
        const ids: number[] = [];
        for (let k = 0; k < count; k++) {
          nextId += random.next() < 0.1 ? 2 : 1;
          all.push(productOf(nextId, random, true));
          ids.push(nextId);
        }
        if (random.next() < 0.5) {
          const known = all[random.below(listed)]!;
          Object.assign(known, { priceIncVat: known.priceIncVat + 1_000, stockStatus: 'in_stock', imageUrl: '/images/changed.jpg' });
          ids.push(known.id);
        }
        if (random.next() < 0.5) {
          // A new variant of a product listed, in a finish it did not have: its codes and facets are set again.
          const varied = all[random.below(listed)]!;
          const code = varied.sku.replace(/-\d+$/, '');
          Object.assign(varied, {
            skus: [...varied.skus, `${code}-${varied.skus.length + 1}`],
            facets: [...varied.facets, ['finish', `Finish ${nextId % 4}`]],
          });
          ids.push(varied.id);
        }
        if (random.next() < 0.7) {
          // A product listed renamed (its words filed again, a word of its own now no row's), or given another brand.
          const renamed = all[random.below(listed)]!;
          const name = `${random.pick(WORDS)}${random.next() < 0.5 ? ` r${nextId}` : ''} ${random.pick(THINGS)}`;
          renamedFrom.push(...renamed.name.toLowerCase().split(' '));
          Object.assign(renamed, { name, searchText: renamed.searchText.replace(renamed.name, name) });
          ids.push(renamed.id);
        }
        if (random.next() < 0.3) {
          const rebranded = all[random.below(listed)]!;
          const brandName = random.pick(BRANDS.filter((brand) => brand !== rebranded.brandName));
          Object.assign(rebranded, { brandName, brandSlug: brandName.toLowerCase(), searchText: rebranded.searchText.replace(rebranded.brandName, brandName) });
          ids.push(rebranded.id);
        }
        listed = all.length;
        snapshots.productsChanged({ db: patchedDb, clock }, ids);
        await snapshots.patched({ db: patchedDb, clock });
      }
      const patched = await snapshots.snapshotOf({ db: patchedDb, clock });
      const rebuilt = await snapshots.snapshotOf({ db: {} as never, clock });
      expect(patched.index.size).toBe(all.length);
      const queries = {
        terms: [
          ...WORDS.map((word) => [word.toLowerCase()]),
          ...THINGS.map((thing) => [thing.toLowerCase().slice(0, 3)]),
          ['arden', 'ba'],
          ['finish'],
          [`x${nextId}`],
          ...Array.from({ length: 10 }, () => [`x${first + 1 + random.below(nextId - first)}`]),
          ['chrome', 'tap'],
          ...renamedFrom.map((word) => [word]),
          ...renamedFrom.map((word) => [word.slice(0, 3)]),
          ['arden', 'vito', 'calder', 'bristan'].map((brand) => brand.slice(0, 4)),
          [`r${nextId}`],
        ],
        codes: Array.from({ length: 30 }, () => random.pick(all).skus[0]!).concat(
          all.filter((product) => product.skus.length > 1).map((product) => product.skus.at(-1)!),
        ),
      };
      expect(answersOf(patched, queries)).toEqual(answersOf(rebuilt, queries));
    });
  }

  it('rebuilds rather than patch a product whose id is not after the last', async () => {
    const random = randomOf(9);
    const all = Array.from({ length: 50 }, (_, k) => productOf(k + 1, random));
    const hidden = all.splice(10, 1)[0]!;
    const snapshots = productSnapshots(sourceOf(() => all));
    const db = {} as never;
    const before = await snapshots.snapshotOf({ db, clock });
    // A product listed again between others: its row would not be in id order.
    all.splice(10, 0, hidden);
    snapshots.productsChanged({ db, clock }, [hidden.id]);
    // The change is not in what is served until the rebuild (pages are not kept meanwhile: decision 0155).
    expect(await snapshots.caughtUp({ db, clock })).toBe(false);
    expect(await snapshots.snapshotOf({ db, clock })).toBe(before);
    expect(before.index.rowOfId.has(hidden.id)).toBe(false);
  });

  it('patches a renamed product in rather than rebuild: found by its new name, no longer by its old one', async () => {
    const { all, snapshots, db, before } = await fiftyListed(10);
    const product = all[3]!;
    const found = (snapshot: CatalogueSnapshot, word: string) => snapshot.suggestions.match([word], 50, expand).map((row) => snapshot.index.ids[row]);
    Object.assign(product, { name: 'Ravensworth Basin', searchText: product.searchText.replace(product.name, 'Ravensworth Basin') });
    const price = product.priceIncVat;
    snapshots.productsChanged({ db, clock }, [product.id]);
    expect(await snapshots.caughtUp({ db, clock })).toBe(true);
    const after = await snapshots.snapshotOf({ db, clock });
    // A patch: the index's columns are the same, not a rebuild's new ones.
    expect(after).not.toBe(before);
    expect(after.index.prices).toBe(before.index.prices);
    expect(found(after, 'ravensworth')).toEqual([product.id]);
    expect(found(after, 'ravens')).toEqual([product.id]);
    expect(after.suggestionFacts[after.index.rowOfId.get(product.id)!]).toMatchObject({ name: 'Ravensworth Basin', headWord: 'basin' });
    expect(after.cards.cardOf(after.index.rowOfId.get(product.id)!)).toMatchObject({ productName: 'Ravensworth Basin', price: { priceIncTax: price } });
    // Renamed again: the word it had is no product's, so it finds nothing by it.
    Object.assign(product, { name: 'Ormesby Basin', searchText: product.searchText.replace('Ravensworth Basin', 'Ormesby Basin') });
    snapshots.productsChanged({ db, clock }, [product.id]);
    await snapshots.patched({ db, clock });
    const again = await snapshots.snapshotOf({ db, clock });
    expect(found(again, 'ravensworth')).toEqual([]);
    expect(found(again, 'ormesby')).toEqual([product.id]);
    expect(again.index.prices).toBe(before.index.prices);
  });

  it('patches a new variant of a product listed in rather than rebuild: its code is found, in its finish', async () => {
    const { all, snapshots, db, before } = await fiftyListed(11);
    const product = all[7]!;
    const sku = `${product.sku.replace(/-\d+$/, '')}-9`;
    Object.assign(product, { skus: [...product.skus, sku], facets: [...product.facets, ['finish', 'Polished Nickel']] });
    snapshots.productsChanged({ db, clock }, [product.id]);
    await snapshots.patched({ db, clock });
    const after = await snapshots.snapshotOf({ db, clock });
    expect(after).not.toBe(before);
    // The same lists (a patch), not a rebuild's new ones.
    expect(after.suggestions).toBe(before.suggestions);
    expect(before.codes.exact(sku)).toBeNull();
    expect(after.codes.exact(sku)).toEqual({ row: after.index.rowOfId.get(product.id), code: sku, sku });
    const listing = refineListing(after.index, after.allRows(), after.facetsOf(null), input({ facets: { finish: ['polished-nickel'] } }));
    expect(listing.ids).toEqual([product.id]);
  });
});
