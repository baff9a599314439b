import type { Clock } from '../../platform/context.ts';
import type { Database } from '../../db/client.ts';
import * as repository from './catalogue.repository.ts';
import type { CategoryRow } from './catalogue.repository.ts';
import { buildListingIndex, type FacetDefinition, type ListingIndex, type NextDayRate } from './listing-facets.ts';

/**
 * Listings are answered from an in-memory snapshot of every product's listing facts, the category
 * tree and the facet configuration, one per database: loading a department's thousands of products
 * per request is far too slow at 100k products, while counting and sorting them in memory takes a
 * few milliseconds. The snapshot lives as long as a listing response may be cached (the endpoints'
 * `cacheSeconds`), so instances agree within that window without a shared cache. One load serves
 * every caller (single flight), and a fresh one starts in the background before the old expires, so
 * under steady traffic no request waits for a load.
 */
export const LISTING_SNAPSHOT_TTL_MS = 60_000;
const REFRESH_AFTER_MS = 45_000;

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
}

interface Entry {
  loadedAt: number;
  value: Promise<CatalogueSnapshot>;
  refreshing: boolean;
}
const snapshots = new WeakMap<Database, Entry>();

export function catalogueSnapshot(ctx: { db: Database; clock: Clock; nextDayRate: NextDayRate }): Promise<CatalogueSnapshot> {
  const { db, nextDayRate } = ctx;
  const now = ctx.clock.now().getTime();
  const entry = snapshots.get(db);
  if (entry && now - entry.loadedAt < LISTING_SNAPSHOT_TTL_MS) {
    if (now - entry.loadedAt >= REFRESH_AFTER_MS && !entry.refreshing) {
      entry.refreshing = true;
      const next = loadSnapshot(db, nextDayRate);
      next.then(
        () => {
          if (snapshots.get(db) === entry) snapshots.set(db, { loadedAt: now, value: next, refreshing: false });
        },
        () => {
          entry.refreshing = false;
        },
      );
    }
    return entry.value;
  }
  const fresh: Entry = { loadedAt: now, value: loadSnapshot(db, nextDayRate), refreshing: false };
  snapshots.set(db, fresh);
  fresh.value.catch(() => {
    if (snapshots.get(db) === fresh) snapshots.delete(db);
  });
  return fresh.value;
}

async function loadSnapshot(db: Database, nextDayRate: NextDayRate): Promise<CatalogueSnapshot> {
  const [products, categories, facetRows] = await Promise.all([repository.listListingProducts(db), repository.listCategories(db), repository.listFacetConfiguration(db)]);
  const index = await buildListingIndex(products, nextDayRate);
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const childrenOf = new Map<number, number[]>();
  for (const category of categories) {
    if (category.parentId !== null) childrenOf.set(category.parentId, [...(childrenOf.get(category.parentId) ?? []), category.id]);
  }
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
  const memo = new Map<string, Int32Array>();
  const remember = (key: string, rows: () => number[]) => {
    let value = memo.get(key);
    if (!value) memo.set(key, (value = Int32Array.from(rows())));
    return value;
  };
  const toFacets = (rows: FacetDefinition[]) => rows.map(({ identifier, displayName }) => ({ identifier, displayName }));
  return {
    index,
    categoryBySlug: new Map(categories.map((category) => [category.slug, category])),
    categoryById,
    facetsOf: (category) => toFacets(category ? (facetsByCategory.get(category.parentId ?? category.id) ?? []) : allFacets),
    rowsOf: (category) =>
      remember(`category:${category.id}`, () => [category.id, ...(childrenOf.get(category.id) ?? [])].flatMap((id) => rowsByCategory.get(id) ?? [])),
    allRows: () => remember('all', () => Array.from({ length: index.size }, (_, row) => row)),
    newRows: () => remember('new', () => Array.from({ length: index.size }, (_, row) => row).filter((row) => index.newFlags[row] === 1)),
  };
}
