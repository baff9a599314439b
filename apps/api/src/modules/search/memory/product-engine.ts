import type { Autocomplete, CategoryListingRequest, Listing, ProductCard, SearchListing, SearchRequest } from '@shop/contracts';
import { answerWeight, LruCache, SeenOnce, type CacheOptions, type CacheStats } from '../../../platform/cache.ts';
import type { IndexContext, ProductSearch, ProductSource, PromotionScope } from '../search.port.ts';
import { refineListing, type FacetDefinition, type ListingInput } from './listing-facets.ts';
import { listingKey } from './listing-key.ts';
import { productSnapshots, type CatalogueSnapshot } from './listing-index.ts';
import { FALLBACK_IMAGE_URL } from './card-facts.ts';
import { searchTerms } from './search-query.ts';
import type { CodeMatch } from './product-codes.ts';
import { matchNames, preferWhatWasAsked } from './suggestion-index.ts';
import type { SynonymLookup, SynonymTable } from '../search-synonyms.ts';

type Synonyms = Pick<SynonymLookup, 'expand' | 'rewrite'>;

/** The cards of `ids` (each in the snapshot), from the snapshot: no database read (decision 0042). */
const snapshotCards = (snapshot: CatalogueSnapshot, ids: readonly number[]): ProductCard[] =>
  ids.map((id) => snapshot.cards.cardOf(snapshot.index.rowOfId.get(id)!));

/** A page of `rows` with its facets, from the snapshot alone. */
function buildListing(
  title: string,
  snapshot: CatalogueSnapshot,
  rows: ArrayLike<number>,
  attributeFacets: FacetDefinition[],
  input: ListingInput,
  ranked = false,
): Listing {
  const result = refineListing(snapshot.index, rows, attributeFacets, input, ranked);
  return {
    title,
    products: snapshotCards(snapshot, result.ids),
    facets: result.facets,
    pagination: { from: (input.pageNumber - 1) * input.size, size: input.size, total: result.total, sortType: input.sort },
  };
}

/** A cap on entries too, so a flood of tiny answers (empty searches) cannot make the map itself huge. */
const MAX_KEPT_ANSWERS = 50_000;

/** The figures of what the memory engine keeps of its answers. */
export interface KeptAnswers {
  stats(): CacheStats;
  matchStats(): CacheStats;
}

/**
 * A cache per snapshot, so what was kept from one goes with it, made on first use with the options
 * of that moment (budgets are set from configuration after start); `stats` are the newest one's
 * (the engine reports them: health call, start-up log).
 */
function cachePerSnapshot<K, V>(options: () => CacheOptions<V>) {
  const caches = new WeakMap<CatalogueSnapshot, LruCache<K, V>>();
  let latest: LruCache<K, V> | null = null;
  const stats = () => (latest ?? new LruCache<K, V>(options())).stats();
  return {
    of(snapshot: CatalogueSnapshot): LruCache<K, V> {
      let cache = caches.get(snapshot);
      if (!cache) caches.set(snapshot, (cache = latest = new LruCache<K, V>(options())));
      return cache;
    },
    stats,
  };
}

/** At most this many matches are ranked, faceted and paged: enough for any shopper. */
const SEARCH_LIMIT = 1000;
/** Word matches looked at before a few are suggested: enough to find those that are what was asked for. */
const ASKED_FOR_POOL = 60;
const AUTOCOMPLETE_SIZE = { products: 6, categories: 5, brands: 4 };

/** Rows matching by words, best first, as search and suggestions both rank them. */
function wordMatches(snapshot: CatalogueSnapshot, terms: string[], limit: number, { expand, rewrite }: Synonyms): number[] {
  const rewrites = rewrite(terms);
  // A pool larger than a suggestion box, so the products that are what was asked for can be put first.
  const rows = snapshot.suggestions.match(terms, Math.max(limit, ASKED_FOR_POOL), expand, rewrites);
  return preferWhatWasAsked(rows, terms, (row) => snapshot.suggestionFacts[row]!.headWord, expand, limit, rewrites);
}

/**
 * Products whose code starts with what is typed come first, in code order, named with that code
 * (a trade customer typing "PL00010" wants PL000100 to PL000109); then those matching by words.
 */
function suggest(snapshot: CatalogueSnapshot, terms: string[], synonyms: Synonyms): Autocomplete {
  const byCode = snapshot.codes.startingWith(terms.join(''), AUTOCOMPLETE_SIZE.products);
  const coded = new Set(byCode.map((match) => match.row));
  const byWords = wordMatches(snapshot, terms, AUTOCOMPLETE_SIZE.products, synonyms).filter((row) => !coded.has(row));
  const product = (row: number, code?: CodeMatch) => {
    const facts = snapshot.suggestionFacts[row]!;
    return {
      slug: facts.slug,
      sku: code?.sku ?? facts.sku,
      productName: code ? `${facts.name} (${code.code})` : facts.name,
      imageUrl: facts.imageUrl ?? FALLBACK_IMAGE_URL,
      priceIncTax: snapshot.index.prices[row]!,
    };
  };
  return {
    products: [...byCode.map((match) => product(match.row, match)), ...byWords.map((row) => product(row))].slice(0, AUTOCOMPLETE_SIZE.products),
    categories: matchNames(snapshot.categories, terms, AUTOCOMPLETE_SIZE.categories).map(({ slug, name }) => ({ slug, name })),
    brands: matchNames(snapshot.brands, terms, AUTOCOMPLETE_SIZE.brands),
  };
}

/**
 * The in-memory product engine: listings, search and suggestions answered from a snapshot of every
 * product (listing-index.ts), with the answers kept per snapshot within `answerBudget()` bytes
 * (read when a snapshot's cache is made: the budget is set from configuration after start).
 * Searches and suggestions widen their words by staff's `synonyms`; their kept answers are keyed
 * by its reading, so none from before a change of the groups is given after it.
 */
export function memoryProductSearch(source: ProductSource, answerBudget: () => number, synonyms: SynonymTable): ProductSearch & { answers: KeptAnswers } {
  const { snapshotOf, changed, productsChanged, caughtUp, servedVersion, ageMs } = productSnapshots(source);
  /** An answer is kept the second time it is asked for: most queries never seen before are never asked again (decision 0040). */
  const askedBefore = new SeenOnce();
  /**
   * Answers from one snapshot, kept as long as it lives: shoppers ask for the same few thousand
   * pages (popular categories, first pages, common filters) and type the same few thousand prefixes,
   * and a listing may be cached for the snapshot's 60 s anyway (its `cacheSeconds`). The cards in a
   * kept answer are as fresh as the snapshot's counts (docs/decisions/0005). Listings, searches and
   * suggestions share one budget in bytes (CATALOGUE_ANSWER_CACHE_MB): anyone can send queries never
   * seen before, so the least recently used answers go rather than memory growing with them. While a
   * new snapshot takes over, the old one's answers live until its last request ends.
   */
  // An answer is weighed once it has come; until then the entry cap bounds what is loading.
  const keptAnswers = cachePerSnapshot<string, Promise<unknown>>(() => ({
    maxEntries: MAX_KEPT_ANSWERS,
    maxBytes: answerBudget(),
    sizeOf: () => 0,
  }));
  /**
   * Rows found for the words, kept per snapshot: searches never seen before mostly ask for words
   * asked before, with other filters, sorts or pages. A few KB each, within 4 MB.
   */
  // Kept as typed arrays: off the heap the collector scans, 4 bytes a row.
  const keptMatches = cachePerSnapshot<string, Int32Array>(() => ({
    maxEntries: MAX_KEPT_ANSWERS,
    maxBytes: 4 * 1024 * 1024,
    sizeOf: (rows) => 128 + rows.byteLength,
  }));

  function kept<T>(snapshot: CatalogueSnapshot, key: string, load: () => Promise<T>): Promise<T> {
    const weigh = (answer: T) => answerWeight(key, answer);
    return (keptAnswers.of(snapshot) as LruCache<string, Promise<T>>).getOrLoad(key, load, undefined, weigh, (asked) => askedBefore.again(asked));
  }

  /** Up to SEARCH_LIMIT rows, best first: code matches, then word matches as suggestions rank them. */
  function searchRows(snapshot: CatalogueSnapshot, terms: string[], lookup: SynonymLookup): Int32Array {
    if (terms.length === 0) return new Int32Array(0);
    const matches = keptMatches.of(snapshot);
    const key = `${lookup.generation}:${terms.join(' ')}`;
    let rows = matches.get(key);
    if (!rows) {
      const byCode = snapshot.codes.startingWith(terms.join(''), SEARCH_LIMIT).map((match) => match.row);
      const byWords = wordMatches(snapshot, terms, SEARCH_LIMIT, lookup);
      if (byCode.length === 0) rows = Int32Array.from(byWords);
      else {
        const coded = new Set(byCode);
        rows = Int32Array.from([...byCode, ...byWords.filter((row) => !coded.has(row))].slice(0, SEARCH_LIMIT));
      }
      matches.set(key, rows);
    }
    return rows;
  }

  return {
    build: async (ctx) => void (await snapshotOf(ctx)),
    snapshotAgeMs: ageMs,
    update: (ctx, change) => (change.productIds === undefined ? changed(ctx) : productsChanged(ctx, change.productIds)),
    caughtUp,
    servedVersion,

    async listCategory(ctx: IndexContext, input: CategoryListingRequest): Promise<Listing | null> {
      const snapshot = await snapshotOf(ctx);
      const category = snapshot.categoryBySlug.get(input.slug);
      if (!category) return null;
      return kept(snapshot, `category:${category.id}:${listingKey(input, snapshot.index)}`, async () =>
        buildListing(category.name, snapshot, snapshot.rowsOf(category), snapshot.facetsOf(category), input),
      );
    },

    async listPromotion(ctx: IndexContext, scope: PromotionScope, input: CategoryListingRequest): Promise<Listing> {
      const snapshot = await snapshotOf(ctx);
      const category = scope.categoryId === null ? null : (snapshot.categoryById.get(scope.categoryId) ?? null);
      const rows = scope.newProducts ? snapshot.newRows() : category ? snapshot.rowsOf(category) : snapshot.allRows();
      return kept(snapshot, `promotion:${scope.slug}:${listingKey(input, snapshot.index)}`, async () =>
        buildListing(scope.title, snapshot, rows, snapshot.facetsOf(category), input),
      );
    },

    /**
     * A search. A whole product or variant code (PL000109, PL000109-1, in any case, with or without
     * the dash) names one product: it is the one result, and `exactMatch` says where to go. Otherwise
     * the results come from the snapshot's word index, the one suggestions use (prefixes, trade
     * synonyms, plurals, typos), so the results page agrees with the suggestions shown a moment before:
     * products whose code starts with the query, then those with every word in their name, then in
     * their other searchable text, best sellers first within each (decision 0039).
     */
    async search(ctx: IndexContext, input: SearchRequest): Promise<SearchListing> {
      const terms = searchTerms(input.query);
      const title = `Results for "${input.query.slice(0, 100)}"`;
      const [snapshot, lookup] = await Promise.all([snapshotOf(ctx), synonyms.current(ctx.db)]);
      return kept(snapshot, `search:${lookup.generation}:${terms.join(' ')}:${input.query.slice(0, 100)}:${listingKey(input, snapshot.index)}`, async () => {
        const code = snapshot.codes.exact(input.query);
        if (code) {
          const listing = buildListing(title, snapshot, [code.row], snapshot.facetsOf(null), input);
          return { ...listing, exactMatch: { slug: snapshot.suggestionFacts[code.row]!.slug, sku: code.sku } };
        }
        // Relevance is the order found: the first row is the best.
        const listing = buildListing(title, snapshot, searchRows(snapshot, terms, lookup), snapshot.facetsOf(null), input, true);
        return { ...listing, exactMatch: null };
      });
    },

    /** Products, categories and brands for what a shopper has typed so far. */
    async autocomplete(ctx: IndexContext, query: string): Promise<Autocomplete> {
      const terms = searchTerms(query);
      if (terms.join('').length < 2) return { products: [], categories: [], brands: [] };
      const [snapshot, lookup] = await Promise.all([snapshotOf(ctx), synonyms.current(ctx.db)]);
      return kept(snapshot, `suggest:${lookup.generation}:${terms.join(' ')}`, async () => suggest(snapshot, terms, lookup));
    },

    async kept<T extends object>(ctx: IndexContext, key: string, load: () => Promise<T>): Promise<T> {
      return kept(await snapshotOf(ctx), `kept:${key}`, load);
    },

    answers: { stats: keptAnswers.stats, matchStats: keptMatches.stats },
  };
}
