import type { Autocomplete, CategoryListingRequest, Listing, SearchListing, SearchRequest } from '@shop/contracts';
import { RATES } from '../../delivery/index.ts';
import type { ConfiguredFacet, IndexContext, IndexedCategory, IndexedProduct, ProductSearch, ProductSource } from '../search.port.ts';
import { buildCardFacts, FALLBACK_IMAGE_URL } from '../memory/card-facts.ts';
import {
  buildListingIndex,
  DELIVERY_LABELS,
  optionIdentifier,
  refineListing,
  type FacetDefinition,
  type ListingInput,
  type ListingProduct,
} from '../memory/listing-facets.ts';
import { codeKey, productCodeOf } from '../memory/product-codes.ts';
import { searchTerms } from '../memory/search-query.ts';
import { headWord, matchNames, nearlySpells, preferWhatWasAsked, typosAllowed } from '../memory/suggestion-index.ts';
import * as repository from './postgres-search.repository.ts';
import { allTermsQuery, anyPhrasingQuery, termQuery, wordsQuery } from './word-query.ts';
import type { SynonymLookup, SynonymTable } from '../search-synonyms.ts';

/** As the memory engine: matches ranked, faceted and paged; the pool suggestions are chosen from; how many of each are suggested. */
const SEARCH_LIMIT = 1000;
const ASKED_FOR_POOL = 60;
const AUTOCOMPLETE_SIZE = { products: 6, categories: 5, brands: 4 };
/** Words looked at as the typos a term may be: more than the words like any one term in a catalogue's text. */
const TYPO_CANDIDATES = 5000;

type Db = IndexContext['db'];

interface CodeMatch {
  productId: number;
  /** The code as the shop writes it, and the variant it names (null for a product's own code). */
  code: string;
  sku: string | null;
}

/** Every code has a digit: a plain word ("basin") is never taken for one. */
const looksLikeCode = (key: string) => /\p{N}/u.test(key);

/**
 * Up to `limit` products with a product or variant code starting with `text` (compared by letters
 * and digits), in code order, each with its first such code; a key two codes share names neither
 * (`memory/product-codes.ts`).
 */
async function codesStartingWith(db: Db, text: string, limit: number): Promise<CodeMatch[]> {
  const prefix = codeKey(text);
  if (!looksLikeCode(prefix)) return [];
  // A margin: the database orders products by their skus' keys, a product's own code sorts just before them.
  const rows = await repository.offeringsWithCodesStarting(db, prefix, limit * 2 + 10);
  const skusOf = new Map<number, string[]>();
  for (const { productId, sku } of rows) skusOf.set(productId, [...(skusOf.get(productId) ?? []), sku]);
  const codes: (CodeMatch & { key: string })[] = [];
  for (const [productId, skus] of skusOf) {
    const own = productCodeOf(skus);
    if (own !== null) codes.push({ productId, code: own, sku: null, key: codeKey(own) });
    for (const sku of skus) codes.push({ productId, code: sku, sku, key: codeKey(sku) });
  }
  const keyCounts = new Map<string, number>();
  for (const { key } of codes) keyCounts.set(key, (keyCounts.get(key) ?? 0) + 1);
  const found: CodeMatch[] = [];
  const seen = new Set<number>();
  // A stable sort: a product's own code stays before its skus when their keys tie.
  for (const { productId, code, sku, key } of codes.toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    if (found.length === limit) break;
    if (!key.startsWith(prefix) || seen.has(productId) || keyCounts.get(key)! > 1) continue;
    seen.add(productId);
    found.push({ productId, code, sku });
  }
  return found;
}

/** The product (and variant) a whole code names; null when none does, or two would. */
async function exactCode(db: Db, text: string): Promise<CodeMatch | null> {
  const key = codeKey(text);
  const [first] = await codesStartingWith(db, key, 100);
  return first && codeKey(first.code) === key ? first : null;
}

/** Words a typo in `term` may have meant (within the typos its length allows, or, `asPrefix`, their starts). */
async function typoWords(db: Db, term: string, asPrefix: boolean): Promise<string[]> {
  if (typosAllowed(term.length) === 0) return [];
  const candidates = await repository.wordsLike(db, term, TYPO_CANDIDATES);
  return candidates.filter((word) => nearlySpells(term, word, asPrefix));
}

/**
 * Up to `limit` product ids matching every term, as the memory engine ranks them: every term in the
 * name first, then in the searchable text, best sellers first; when nothing matches as typed, typos
 * forgiven in the terms that match no word at all, whole words first (so "basn" finds basins before
 * baskets), then the starts of words for the one being typed; then those that are what was asked for first.
 */
async function wordMatches(db: Db, terms: string[], limit: number, { expand, rewrite }: SynonymLookup): Promise<number[]> {
  if (terms.length === 0) return [];
  const pool = Math.max(limit, ASKED_FOR_POOL);
  const rewrites = rewrite(terms);
  const termsQuery = (phrasing: readonly string[]) => phrasing.map((term, index) => termQuery(term, index === phrasing.length - 1, expand));
  const exact = termsQuery(terms);
  const last = terms.length - 1;
  // The query's synonym phrasings are alternatives in the one tsquery (`synonym-phrases.ts`).
  let found = await repository.productsMatching(db, anyPhrasingQuery([exact, ...rewrites.map(termsQuery)]), pool);
  if (found.length === 0) {
    const known = await Promise.all(exact.map((query) => repository.anyProductMatches(db, query)));
    // Every word matches something, just not together: a typo would not change that.
    if (!known.every(Boolean)) {
      const forgiving = async (asPrefix: boolean) => {
        const parts = await Promise.all(
          terms.map(async (term, index) => (known[index] ? exact[index]! : wordsQuery(await typoWords(db, term, asPrefix && index === last)))),
        );
        return parts.every((part) => part !== null) ? repository.productsMatching(db, allTermsQuery(parts), pool) : [];
      };
      found = await forgiving(false);
      if (found.length === 0) found = await forgiving(true);
    }
  }
  return preferWhatWasAsked(
    found.map((_, position) => position),
    terms,
    (position) => headWord(found[position]!.name),
    expand,
    limit,
    rewrites,
  ).map((position) => found[position]!.id);
}

/**
 * Stand-ins that carry the options a listing asks for but its own products may lack: the memory
 * engine numbers every option in the catalogue, so a chosen option with nothing to show stays
 * listed, ticked, with a count of none. They are indexed but never counted or shown (negative ids,
 * outside the listing's rows), and carry only values the catalogue has.
 */
async function optionCarriers(db: Db, source: ProductSource, input: ListingInput): Promise<ListingProduct[]> {
  const chosen = Object.entries(input.facets).filter(([, options]) => options.length > 0);
  if (chosen.length === 0) return [];
  const picked = new Map(chosen);
  const isChosen = (facet: string, value: string) => picked.get(facet)?.includes(optionIdentifier(value)) ?? false;
  const [brands, pairs] = await Promise.all([source.brands(db), repository.facetValues(db, [...picked.keys()])]);
  const brandNames = brands.map((brand) => brand.name);
  const chosenBrands = brandNames.filter((name) => isChosen('brand', name));
  const carrier = (id: number, facts: Partial<ListingProduct>): ListingProduct => ({
    id,
    categoryId: 0,
    brandName: brandNames[0] ?? '',
    priceIncVat: 0,
    discountPercentage: 0,
    ratingTenths: 0,
    popularity: 0,
    deliveryClass: RATES.next_day.classes[0] ?? 'parcel',
    stockStatus: null,
    badges: [],
    facets: [],
    ...facts,
  });
  // One carries every yes-or-no facet and the chosen attribute values; one more per chosen brand and delivery class.
  const carriers = [
    carrier(-1, {
      stockStatus: 'in_stock',
      discountPercentage: 1,
      badges: ['new'],
      ratingTenths: 50,
      facets: pairs.filter(([facet, value]) => isChosen(facet, value)),
    }),
    ...chosenBrands.map((brandName, at) => carrier(-2 - at, { brandName })),
  ];
  if (picked.has('delivery_class')) {
    for (const deliveryClass of Object.keys(DELIVERY_LABELS)) carriers.push(carrier(-carriers.length - 1, { deliveryClass }));
  }
  return carriers;
}

/**
 * The PostgreSQL product engine (decision 0059): which products a listing, search or suggestion
 * shows, and in what order, is asked of the database each time (full text and trigram indexes);
 * what it shows of them, with stock, comes from the catalogue's source for those products only, and
 * they are faceted, sorted and paged by the memory engine's own code. Nothing is kept between
 * requests, so there is nothing to rebuild or bring up to date: an answer reads the rows as they
 * are when it is asked.
 */
export function postgresProductSearch(source: ProductSource, synonyms: SynonymTable): ProductSearch {
  /** What a listing needs of the catalogue's tree and facet configuration (a few hundred rows). */
  async function shape(db: Db) {
    const [categories, facetRows] = await Promise.all([source.categories(db), source.facets(db)]);
    return { categories, categoryById: new Map(categories.map((category) => [category.id, category])), facetRows };
  }

  /** A category's own attribute facets, or its department's for a sub-category; every facet once across departments. */
  function facetsOf(facetRows: ConfiguredFacet[], category: IndexedCategory | null): FacetDefinition[] {
    const rows = category
      ? facetRows.filter((row) => row.categoryId === (category.parentId ?? category.id))
      : [...new Map(facetRows.map((row) => [row.identifier, row])).values()];
    return rows.map(({ identifier, displayName }) => ({ identifier, displayName }));
  }

  /** A category and its sub-categories' products. */
  function idsOf(db: Db, categories: IndexedCategory[], category: IndexedCategory): Promise<number[]> {
    const children = categories.filter((child) => child.parentId === category.id).map((child) => child.id);
    return repository.productIdsInCategories(db, [category.id, ...children]);
  }

  /** A page of `ids` (best first when `ranked`) with its facets, from those products' listing facts. */
  async function listing(
    db: Db,
    title: string,
    ids: readonly number[],
    attributeFacets: FacetDefinition[],
    input: ListingInput,
    ranked = false,
    read?: { products: IndexedProduct[]; categoryById: Map<number, IndexedCategory> },
  ): Promise<Listing> {
    const products =
      read?.products ??
      (await source.productsWithIds(
        db,
        ids.toSorted((a, b) => a - b),
      ));
    const categoryById = read?.categoryById ?? (await shape(db)).categoryById;
    const index = await buildListingIndex([...products, ...(await optionCarriers(db, source, input))], RATES.next_day);
    const rows = Int32Array.from(ids.filter((id) => index.rowOfId.has(id)).map((id) => index.rowOfId.get(id)!));
    // Only the listing's own products have cards (the carriers' rows are never on a page).
    const result = refineListing(index, rows, attributeFacets, input, ranked);
    const cards = await buildCardFacts(
      products,
      (id) => index.rowOfId.get(id),
      index.size,
      (id) => categoryById.get(id),
    );
    return {
      title,
      products: result.ids.map((id) => cards.cardOf(index.rowOfId.get(id)!)),
      facets: result.facets,
      pagination: { from: (input.pageNumber - 1) * input.size, size: input.size, total: result.total, sortType: input.sort },
    };
  }

  return {
    // Nothing to load or bring up to date: every answer reads the tables.
    build: async () => {},
    snapshotAgeMs: () => null,
    update: () => {},
    caughtUp: async () => true,

    async listCategory({ db }, input: CategoryListingRequest) {
      const { categories, facetRows } = await shape(db);
      const category = categories.find((candidate) => candidate.slug === input.slug);
      if (!category) return null;
      return listing(db, category.name, await idsOf(db, categories, category), facetsOf(facetRows, category), input);
    },

    async listPromotion({ db }, scope, input) {
      const { categories, categoryById, facetRows } = await shape(db);
      const category = scope.categoryId === null ? null : (categoryById.get(scope.categoryId) ?? null);
      const ids = scope.newProducts
        ? await repository.listedProductIds(db, true)
        : category
          ? await idsOf(db, categories, category)
          : await repository.listedProductIds(db, false);
      return listing(db, scope.title, ids, facetsOf(facetRows, category), input);
    },

    /** As the memory engine's: a whole code is the one result; otherwise codes starting so, then word matches (decision 0039). */
    async search({ db }, input: SearchRequest): Promise<SearchListing> {
      const terms = searchTerms(input.query);
      const title = `Results for "${input.query.slice(0, 100)}"`;
      const { facetRows, categoryById } = await shape(db);
      const code = await exactCode(db, input.query);
      if (code) {
        const products = await source.productsWithIds(db, [code.productId]);
        const found = await listing(db, title, [code.productId], facetsOf(facetRows, null), input, false, { products, categoryById });
        return { ...found, exactMatch: { slug: products[0]!.slug, sku: code.sku } };
      }
      let ids: number[] = [];
      if (terms.length > 0) {
        const [byCode, byWords] = await Promise.all([
          codesStartingWith(db, terms.join(''), SEARCH_LIMIT),
          wordMatches(db, terms, SEARCH_LIMIT, await synonyms.current(db)),
        ]);
        const coded = new Set(byCode.map((match) => match.productId));
        ids = [...coded, ...byWords.filter((id) => !coded.has(id))].slice(0, SEARCH_LIMIT);
      }
      // Relevance is the order found: the first is the best.
      return { ...(await listing(db, title, ids, facetsOf(facetRows, null), input, true, undefined)), exactMatch: null };
    },

    /** Products whose code starts with what is typed first (named with that code), then those matching by words; categories and brands by name. */
    async autocomplete({ db }, query: string): Promise<Autocomplete> {
      const terms = searchTerms(query);
      if (terms.join('').length < 2) return { products: [], categories: [], brands: [] };
      const [byCode, byWords, categories, brands] = await Promise.all([
        codesStartingWith(db, terms.join(''), AUTOCOMPLETE_SIZE.products),
        synonyms.current(db).then((lookup) => wordMatches(db, terms, AUTOCOMPLETE_SIZE.products, lookup)),
        source.categories(db),
        source.brands(db),
      ]);
      const coded = new Set(byCode.map((match) => match.productId));
      const chosen = [...byCode, ...byWords.filter((id) => !coded.has(id)).map((productId) => ({ productId, code: null, sku: null }))].slice(
        0,
        AUTOCOMPLETE_SIZE.products,
      );
      const facts = new Map(
        (
          await source.productsWithIds(
            db,
            chosen.map((match) => match.productId).toSorted((a, b) => a - b),
          )
        ).map((row) => [row.id, row]),
      );
      // Departments first, in shop order, as the memory engine lists them.
      const inShopOrder = categories.toSorted((a, b) => Number(a.parentId !== null) - Number(b.parentId !== null) || a.position - b.position || a.id - b.id);
      return {
        products: chosen.flatMap(({ productId, code, sku }) => {
          const product = facts.get(productId);
          if (!product) return [];
          return [
            {
              slug: product.slug,
              sku: sku ?? product.sku,
              productName: code ? `${product.name} (${code})` : product.name,
              imageUrl: product.imageUrl ?? FALLBACK_IMAGE_URL,
              priceIncTax: product.priceIncVat,
            },
          ];
        }),
        categories: matchNames(inShopOrder, terms, AUTOCOMPLETE_SIZE.categories).map(({ slug, name }) => ({ slug, name })),
        brands: matchNames(brands, terms, AUTOCOMPLETE_SIZE.brands),
      };
    },

    /** Nothing is kept: every answer reads the rows (decision 0061). */
    kept: (_ctx, _key, load) => load(),
  };
}
