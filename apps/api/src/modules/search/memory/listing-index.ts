import type { Clock, ServiceContext } from '../../../platform/context.ts';
import { RATES } from '../../delivery/index.ts';
import type { IdRange, IndexedCategory, IndexedProduct, ProductSource } from '../search.port.ts';
import { buildCardFacts, type CardFacts } from './card-facts.ts';
import { yieldToRequests } from './build-slices.ts';
import { buildListingIndex, type FacetDefinition, type ListingIndex } from './listing-facets.ts';
import { appendListingRows } from './listing-append.ts';
import { patchListingIndex } from './listing-patch.ts';
import { buildCodeIndex, type CodeIndex } from './product-codes.ts';
import { buildSuggestionIndex, headWord, type NamedEntry, type SuggestionIndex } from './suggestion-index.ts';

/**
 * Listings and suggestions are answered from an in-memory snapshot of every product's listing
 * facts, the category tree and the facet configuration, one per database: loading a department's
 * thousands of products per request is far too slow at 100k products, while counting and sorting
 * them in memory takes a few milliseconds. One load serves every caller (single flight).
 *
 * A snapshot is checked against the catalogue's change counter (`catalogue_changes`, moved on by
 * triggers) once it is REFRESH_AFTER_MS old: unchanged, it stays, with the answers kept from it;
 * changed, a new one loads in the background while the old is served. A load reads the counter
 * first, so a change committed during it is seen at the next check. The counter is a sequence, so
 * a writer moves it before it commits: a load that found a writer under way when it read the
 * counter is confirmed by the next check loading again, unless the load before it read the same
 * counter; one that found none is confirmed at once (a rebuild saved: it costs the thread that
 * answers tens of milliseconds). Past LISTING_SNAPSHOT_TTL_MS unchecked (no traffic), a caller waits for
 * the check. A change notice (platform/change-notices.ts: any instance's committed change) has the
 * next caller check it as if it were near its end (served while a new one loads), but never sooner
 * than CHANGE_REBUILD_GAP_MS after the snapshot was loaded, so each instance rebuilds at most that
 * often (decision 0075 measures what a rebuild costs). A price or stock status changed, a new
 * product, a new variant of one, and a product renamed or otherwise edited in place, are not
 * counted: the notice names the products, which are read again and patched into the snapshot served
 * (`patchSoon`, decisions 0080, 0138 and 0149), within milliseconds and with no rebuild.
 */
export const LISTING_SNAPSHOT_TTL_MS = 60_000;
const REFRESH_AFTER_MS = 45_000;
/** The least time between two loads brought on by change notices. */
export const CHANGE_REBUILD_GAP_MS = 10_000;
/** However quiet the counter, a snapshot is rebuilt this often (a safety net, not a freshness rule). */
const REBUILD_AFTER_MS = 30 * 60_000;

export interface CatalogueSnapshot {
  index: ListingIndex;
  categoryBySlug: Map<string, CategoryRow>;
  categoryById: Map<number, CategoryRow>;
  /** A category's own attribute facets, or its department's for a sub-category. */
  facetsOf(category: CategoryRow | null): FacetDefinition[];
  /** Index rows of a category and its sub-categories' products. */
  rowsOf(category: CategoryRow): Int32Array;
  /** Index rows of every product, and of those badged new. */
  allRows(): Int32Array;
  newRows(): Int32Array;
  /** Each category's own rows (not its sub-categories'), in row order. */
  categoryRows: Map<number, number[]>;
  /** Autocomplete's word index over the same rows, and what a suggestion shows of each row. */
  suggestions: SuggestionIndex;
  suggestionFacts: SuggestionFacts[];
  /** Every listed product's card, by row. */
  cards: CardFacts;
  /** Product and variant codes (PL000109, PL000109-1) to their rows, for search and suggestions. */
  codes: CodeIndex;
  /** Categories (departments first, in shop order) and brands (by name), for suggestions. */
  categories: CategoryRow[];
  brands: NamedEntry[];
}

export interface SuggestionFacts {
  slug: string;
  sku: string;
  name: string;
  /** What the product is, the last word of its name: searches list these first when they are what was asked for. */
  headWord: string;
  imageUrl: string | null;
  /** Its skus end to end: a notice about it that changes them (a new variant) sets its codes again. */
  skuList: string;
}

interface Entry {
  /** When the snapshot was loaded, and when it was last found current. */
  builtAt: number;
  checkedAt: number;
  value: Promise<CatalogueSnapshot>;
  /** The change counter read before the load, and whether the load saw every change it counts. */
  version: string;
  confirmed: boolean;
  check: Promise<CatalogueSnapshot> | null;
  /** When a change notice has the snapshot checked (no sooner than CHANGE_REBUILD_GAP_MS after its load), if one was heard. */
  dueAt: number | null;
  /** A change was heard while `check` ran: the snapshot it loads may have read the rows before it. */
  heardDuringCheck: boolean;
  /** Products changed (a price or stock status), not yet patched in, and the patch under way if one is. */
  toPatch: Set<number>;
  patching: Promise<void> | null;
  /** Products patched in while `check` ran: the snapshot it loads may have read their rows before the change. */
  patchedDuringCheck: Set<number>;
  /** A change a patch could not make is waiting for the snapshot's reload: until then the snapshot served does not show it. */
  reloadAsked: boolean;
}
type Db = ServiceContext['db'];
type CategoryRow = IndexedCategory;

/** A snapshot is kept per database handle: the handle, the clock, and where the rows come from. */
interface SnapshotContext {
  db: Db;
  clock: Clock;
  source: ProductSource;
  snapshots: WeakMap<Db, Entry>;
}

/** The snapshots of one source's catalogue, one per database handle. */
export type ProductSnapshots = (ctx: Pick<ServiceContext, 'db' | 'clock'>) => Promise<CatalogueSnapshot>;

/** Snapshots of `source`'s catalogue, as fresh as the rules above keep them; `changed` has the next caller check it. */
export function productSnapshots(source: ProductSource): {
  snapshotOf: ProductSnapshots;
  changed: (ctx: Pick<ServiceContext, 'db' | 'clock'>) => void;
  /** Products whose price or stock status changed (null: any may have): patched into the snapshot served, or a rebuild. */
  productsChanged: (ctx: Pick<ServiceContext, 'db' | 'clock'>, ids: readonly number[] | null) => void;
  /** Resolves once every change heard so far is patched in (tests, the benchmark). */
  patched: (ctx: Pick<ServiceContext, 'db' | 'clock'>) => Promise<void>;
  /** Once every change heard so far is patched in: whether the snapshot served then holds them all (no load of a new one due). */
  caughtUp: (ctx: Pick<ServiceContext, 'db' | 'clock'>) => Promise<boolean>;
  /** The snapshot served now, numbered in the order they were first asked about (0: none yet); `ProductSearch.servedVersion`. */
  servedVersion: (ctx: Pick<ServiceContext, 'db'>) => number;
  ageMs: (ctx: Pick<ServiceContext, 'db' | 'clock'>) => number | null;
} {
  const snapshots = new WeakMap<Db, Entry>();
  // Each snapshot served is a promise of its own (a patch or a load puts a new one in `Entry.value`): numbered when first seen.
  const numbers = new WeakMap<Promise<CatalogueSnapshot>, number>();
  let numbered = 0;
  return {
    snapshotOf: ({ db, clock }) => catalogueSnapshot({ db, clock, source, snapshots }),
    changed: (ctx) => checkSoon(snapshots, ctx),
    productsChanged: ({ db, clock }, ids) => patchSoon({ db, clock, source, snapshots }, ids),
    patched: async ({ db }) => {
      for (let entry = snapshots.get(db); entry?.patching; entry = snapshots.get(db)) await entry.patching;
    },
    caughtUp: async ({ db }) => {
      for (let entry = snapshots.get(db); entry?.patching; entry = snapshots.get(db)) await entry.patching;
      const entry = snapshots.get(db);
      // None loaded: the first answer loads one from the rows as they are now.
      return !entry || !entry.reloadAsked;
    },
    servedVersion: ({ db }) => {
      const served = snapshots.get(db)?.value;
      if (!served) return 0;
      let number = numbers.get(served);
      if (number === undefined) numbers.set(served, (number = ++numbered));
      return number;
    },
    ageMs: ({ db, clock }) => {
      const entry = snapshots.get(db);
      return entry ? clock.now().getTime() - entry.checkedAt : null;
    },
  };
}

/**
 * Makes the next caller check the snapshot against the change counter (a published change), still
 * serving it meanwhile; the check falls due no sooner than CHANGE_REBUILD_GAP_MS after the load.
 */
function checkSoon(snapshots: WeakMap<Db, Entry>, { db, clock }: Pick<ServiceContext, 'db' | 'clock'>): void {
  const entry = snapshots.get(db);
  if (!entry) return;
  if (entry.check) entry.heardDuringCheck = true;
  const due = Math.max(clock.now().getTime(), entry.builtAt + CHANGE_REBUILD_GAP_MS);
  entry.dueAt = Math.min(entry.dueAt ?? due, due);
}

/** More products than this changed at once (an import, a price list) are read by a rebuild, not patched in. */
export const PATCH_LIMIT = 500;

/**
 * Patches the products `ids` into the snapshot served (decision 0080): their rows are read again
 * and set into its index and cards, and the snapshot is replaced by one that shares all but the
 * facet pairs, so the answers kept from the old one go with it. Changes heard while a patch runs
 * are patched after it, together. Null (the listening connection came back: any product may have
 * changed), too many products, or a change a patch cannot make (a product gone or moved) has the
 * snapshot rebuilt instead, as a structural change does.
 */
function patchSoon(ctx: SnapshotContext, ids: readonly number[] | null): void {
  const entry = ctx.snapshots.get(ctx.db);
  if (!entry) return;
  if (ids === null || entry.toPatch.size + ids.length > PATCH_LIMIT) {
    rebuildSoon(ctx, entry);
    return;
  }
  for (const id of ids) entry.toPatch.add(id);
  entry.patching ??= (async () => {
    try {
      while (entry.toPatch.size > 0) {
        const batch = [...entry.toPatch];
        entry.toPatch.clear();
        if (entry.check) for (const id of batch) entry.patchedDuringCheck.add(id);
        const snapshot = await entry.value;
        const products = await ctx.source.productsWithIds(ctx.db, batch);
        // One the snapshot lists but the shop no longer does (withdrawn) rebuilds; one it never
        // listed and still does not (a product whose price is not added yet) is nothing to show.
        const listed = new Set(products.map((product) => product.id));
        const gone = batch.some((id) => !listed.has(id) && snapshot.index.rowOfId.has(id));
        const next = gone ? null : patchSnapshot(snapshot, products);
        if (!next) {
          rebuildSoon(ctx, entry);
          return;
        }
        entry.value = Promise.resolve(next);
      }
    } catch {
      // The rows could not be read: a rebuild reads them all again.
      rebuildSoon(ctx, entry);
    } finally {
      entry.toPatch.clear();
      entry.patching = null;
    }
  })();
}

/** The next check loads a new snapshot whatever the change counter says (still spaced by CHANGE_REBUILD_GAP_MS). */
function rebuildSoon(ctx: SnapshotContext, entry: Entry): void {
  entry.confirmed = false;
  entry.reloadAsked = true;
  entry.toPatch.clear();
  checkSoon(ctx.snapshots, ctx);
}

/**
 * `snapshot` with `products` set into it; null when a patch cannot make the change. A product it
 * lists has its price, stock, facets and card set (decision 0080), its codes when its skus changed
 * (a variant added), and its words when its name or searched text did (decision 0149); a new one (decision 0138) is added after the last row, to the index,
 * cards, codes, word index and its category's rows.
 */
function patchSnapshot(snapshot: CatalogueSnapshot, products: IndexedProduct[]): CatalogueSnapshot | null {
  const { rowOfId } = snapshot.index;
  const known = products.filter((product) => rowOfId.has(product.id));
  const added = products.filter((product) => !rowOfId.has(product.id)).toSorted((a, b) => a.id - b.id);
  // Checked before anything is changed, so a refused patch leaves the snapshot served whole.
  const recoded = known.filter((product) => snapshot.suggestionFacts[rowOfId.get(product.id)!]!.skuList !== skuListOf(product));
  const lastId = snapshot.index.size === 0 ? 0 : snapshot.index.ids[snapshot.index.size - 1]!;
  if (added.length > 0 && added[0]!.id <= lastId) return null;
  if (added.some((product) => !snapshot.categoryById.has(product.categoryId))) return null;
  let index = snapshot.index;
  if (known.length > 0) {
    const patched = patchListingIndex(index, known, RATES.next_day);
    if (!patched) return null;
    index = patched;
  }
  if (added.length > 0) index = appendListingRows(index, added, RATES.next_day)!;
  const rowOf = (product: IndexedProduct) => index.rowOfId.get(product.id)!;
  for (const product of products) setProduct(snapshot, rowOf(product), product);
  // A listed product keeps its row through a patch, so its codes are set again at the same row.
  const coded = [...recoded, ...added].map((product) => ({ row: rowOf(product), skus: product.skus }));
  const codes = coded.length === 0 ? snapshot.codes : snapshot.codes.withProducts(coded, new Set(recoded.map(rowOf)));
  // A product renamed, or given another brand, has its words filed again; a new one's are added.
  const suggestions = snapshot.suggestions.withProducts(
    products.map((product) => ({ ...product, row: rowOf(product) })),
    index.sortRows[1],
  );
  if (added.length === 0) return { ...snapshot, index, codes, suggestions };
  return { ...snapshot, index, ...rowSets(index, snapshot.categoryById, snapshot.categoryRows, added.map(rowOf)), suggestions, codes };
}

/** Sets a product's card and suggestion facts at its row (the lists are shared with the snapshot before, which only reads rows it has). */
function setProduct(snapshot: CatalogueSnapshot, row: number, product: IndexedProduct): void {
  snapshot.cards.patch(row, product);
  snapshot.suggestionFacts[row] = suggestionFactsOf(product);
}

const suggestionFactsOf = ({ slug, sku, name, imageUrl, skus }: IndexedProduct): SuggestionFacts => ({
  slug,
  sku,
  name,
  headWord: headWord(name),
  imageUrl,
  skuList: skuListOf({ skus }),
});
const skuListOf = ({ skus }: Pick<IndexedProduct, 'skus'>) => skus.join('\u001e');

/**
 * A snapshot's lists of rows (a category's with its sub-categories', every row, the new ones),
 * each worked out on first use. `categoryRows` is each category's own rows; `added`, rows after
 * them to add to their categories' (copied, so the snapshot before keeps its own).
 */
function rowSets(
  index: ListingIndex,
  categoryById: Map<number, CategoryRow>,
  categoryRows: Map<number, number[]>,
  added: readonly number[] = [],
): Pick<CatalogueSnapshot, 'rowsOf' | 'allRows' | 'newRows' | 'categoryRows'> {
  const rowsByCategory = new Map(categoryRows);
  for (const row of added) {
    const categoryId = index.categoryIds[row]!;
    rowsByCategory.set(categoryId, [...(rowsByCategory.get(categoryId) ?? []), row]);
  }
  const childrenOf = new Map<number, number[]>();
  for (const category of categoryById.values()) {
    if (category.parentId !== null) childrenOf.set(category.parentId, [...(childrenOf.get(category.parentId) ?? []), category.id]);
  }
  const memo = new Map<string, Int32Array>();
  const remember = (key: string, rows: () => number[]) => {
    let value = memo.get(key);
    if (!value) memo.set(key, (value = Int32Array.from(rows())));
    return value;
  };
  return {
    categoryRows: rowsByCategory,
    rowsOf: (category) =>
      remember(`category:${category.id}`, () => [category.id, ...(childrenOf.get(category.id) ?? [])].flatMap((id) => rowsByCategory.get(id) ?? [])),
    allRows: () => remember('all', () => Array.from({ length: index.size }, (_, row) => row)),
    newRows: () => remember('new', () => Array.from({ length: index.size }, (_, row) => row).filter((row) => index.newFlags[row] === 1)),
  };
}

/** The snapshot of `ctx.db`'s catalogue, as fresh as the rules above keep it. */
function catalogueSnapshot(ctx: SnapshotContext): Promise<CatalogueSnapshot> {
  const now = ctx.clock.now().getTime();
  const entry = ctx.snapshots.get(ctx.db);
  if (!entry) return load(ctx, now, null).value;
  const age = now - entry.checkedAt;
  if (age < REFRESH_AFTER_MS && (entry.dueAt === null || now < entry.dueAt)) return entry.value;
  const check = checkSnapshot(ctx, entry, now);
  if (age >= LISTING_SNAPSHOT_TTL_MS) return check;
  // Near the end of its life the snapshot is still served while it is checked (and reloaded); a
  // failed check is tried again by the next caller.
  check.catch(() => {});
  return entry.value;
}

function load(ctx: SnapshotContext, now: number, previous: Entry | null, version?: Promise<string>): Entry {
  const { db, source, snapshots } = ctx;
  // The writers are looked for after the counter is read, and before the tables are.
  const read = (version ?? source.version(db)).then(async (value) => ({ value, writing: await source.writeUnderWay(db) }));
  const entry: Entry = {
    builtAt: now,
    checkedAt: now,
    value: read.then(() => loadSnapshot(ctx)),
    version: '',
    confirmed: false,
    check: null,
    dueAt: null,
    heardDuringCheck: false,
    toPatch: new Set(),
    patching: null,
    patchedDuringCheck: new Set(),
    reloadAsked: false,
  };
  read.then(
    ({ value, writing }) => {
      entry.version = value;
      entry.confirmed = !writing || previous?.version === value;
    },
    () => {},
  );
  if (!previous) {
    snapshots.set(db, entry);
    entry.value.catch(() => {
      if (snapshots.get(db) === entry) snapshots.delete(db);
    });
  }
  return entry;
}

/** Keeps the snapshot if the catalogue has not changed since a confirmed load, else loads a new one; resolves to the one to serve. */
function checkSnapshot(ctx: SnapshotContext, entry: Entry, now: number): Promise<CatalogueSnapshot> {
  entry.check ??= (async () => {
    try {
      const version = ctx.source.version(ctx.db);
      if (entry.confirmed && (await version) === entry.version && now - entry.builtAt < REBUILD_AFTER_MS) {
        entry.checkedAt = now;
        entry.dueAt = null;
        if (entry.heardDuringCheck) checkSoon(ctx.snapshots, ctx);
        return entry.value;
      }
      const next = load(ctx, now, entry, version);
      const snapshot = await next.value;
      if (ctx.snapshots.get(ctx.db) === entry) {
        ctx.snapshots.set(ctx.db, next);
        if (entry.heardDuringCheck) checkSoon(ctx.snapshots, ctx);
        // Patched into the old one while the new one read its rows, perhaps before the change: read them again.
        const patchedDuring = [...entry.patchedDuringCheck, ...entry.toPatch];
        if (patchedDuring.length) {
          patchSoon(ctx, patchedDuring);
          return next.value;
        }
      }
      return snapshot;
    } finally {
      entry.check = null;
      entry.heardDuringCheck = false;
      entry.patchedDuringCheck.clear();
    }
  })();
  return entry.check;
}

/** Products whose suggestion facts are worked out between two yields to waiting requests. */
const FACTS_SLICE = 5000;

/** Product ids read per query while loading: each range is parsed and mapped between requests, never 100k rows at once. */
const LOAD_RANGE = 2000;

async function inRanges<T>(lastId: number, read: (range: IdRange) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let fromId = 1; fromId <= lastId; fromId += LOAD_RANGE) all.push(...(await read({ fromId, toId: fromId + LOAD_RANGE })));
  return all;
}

async function loadSnapshot(ctx: SnapshotContext): Promise<CatalogueSnapshot> {
  const { db, source } = ctx;
  const lastId = await source.maxProductId(db);
  const [products, categories, facetRows, brands] = await Promise.all([
    inRanges<IndexedProduct>(lastId, (range) => source.products(db, range)),
    source.categories(db),
    source.facets(db),
    source.brands(db),
  ]);
  // The next-day facet follows delivery's next-working-day rate.
  const index = await buildListingIndex(products, RATES.next_day);
  // The index's rows are the products' positions in this list.
  const suggestions = await buildSuggestionIndex(products, (id) => index.rowOfId.get(id), index.sortRows[1], index.size);
  const suggestionFacts: SuggestionFacts[] = [];
  for (const [position, product] of products.entries()) {
    if (position % FACTS_SLICE === FACTS_SLICE - 1) await yieldToRequests();
    suggestionFacts.push(suggestionFactsOf(product));
  }
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const cards = await buildCardFacts(
    products,
    (id) => index.rowOfId.get(id),
    index.size,
    (id) => categoryById.get(id),
  );
  const codes = await buildCodeIndex(
    products.flatMap(({ id, skus }) => {
      const row = index.rowOfId.get(id);
      return row === undefined ? [] : [{ row, skus }];
    }),
  );
  // Every facet once, for listings across departments (search, whole-shop promotions).
  const allFacets = [...new Map(facetRows.map((row) => [row.identifier, row])).values()];
  const facetsByCategory = new Map<number, FacetDefinition[]>();
  for (const row of facetRows) facetsByCategory.set(row.categoryId, [...(facetsByCategory.get(row.categoryId) ?? []), row]);
  const rowsByCategory = new Map<number, number[]>();
  for (let row = 0; row < index.size; row++) {
    const categoryId = index.categoryIds[row]!;
    const list = rowsByCategory.get(categoryId);
    if (list) list.push(row);
    else rowsByCategory.set(categoryId, [row]);
  }
  const toFacets = (rows: FacetDefinition[]) => rows.map(({ identifier, displayName }) => ({ identifier, displayName }));
  return {
    index,
    categoryBySlug: new Map(categories.map((category) => [category.slug, category])),
    categoryById,
    facetsOf: (category) => toFacets(category ? (facetsByCategory.get(category.parentId ?? category.id) ?? []) : allFacets),
    ...rowSets(index, categoryById, rowsByCategory),
    suggestions,
    suggestionFacts,
    cards,
    codes,
    categories: categories.toSorted((a, b) => Number(a.parentId !== null) - Number(b.parentId !== null) || a.position - b.position || a.id - b.id),
    brands,
  };
}
