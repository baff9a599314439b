import {
  LISTING_TYPES,
  PAGE_TYPES,
  SITEMAP_PAGE_SIZE,
  type Carousels,
  type CarouselsRequest,
  type EssentialItems,
  type UserContentCarousel,
} from '@shop/contracts';
import type {
  Autocomplete,
  CategoryListingRequest,
  Listing,
  Navigation,
  Price,
  ProductCard,
  ProductDeliveryOptions,
  ProductDeliveryOptionsRequest,
  ProductSummary,
  Promotions,
  SearchListing,
  SearchRequest,
  SitemapProducts,
  TradePrices,
} from '@shop/contracts';
import { answerWeight, DEFAULT_ANSWER_CACHE_BYTES, LruCache, SeenOnce, watchCache, type CacheOptions, type CacheStats } from '../../platform/cache.ts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import type { Availability, AvailabilityOptions, InventoryService } from '../inventory/index.ts';
import * as repository from './catalogue.repository.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { refineListing, type FacetDefinition, type ListingInput } from './listing-facets.ts';
import { getProductDeliveryOptions } from './product-delivery.ts';
import { findSellableOfferings, type SellableOffering } from './sellable-offerings.ts';
import { listingKey } from './listing-key.ts';
import type { Returnability } from './returnability.ts';
import {
  findProductIdsBy,
  findReviewedProduct,
  listReviewableProducts,
  setQuestionsCount,
  setReviewFigures,
  setReviewFiguresOf,
  type ReviewedProduct,
  type ReviewFigures,
} from './review-figures.ts';
import { catalogueSnapshot, type CatalogueSnapshot } from './listing-index.ts';
import { FALLBACK_IMAGE_URL } from './card-facts.ts';
import { searchTerms } from './search-query.ts';
import { inFamilyOrder } from './specification-order.ts';
import type { CodeMatch } from './product-codes.ts';
import { matchNames, preferWhatWasAsked } from './suggestion-index.ts';
import * as history from './price-history.ts';
import type { PriceChange } from './price-history.ts';
import type { PriceStep } from './reference-price.ts';
import { recountPopularity } from './popularity.ts';
import type { CatalogueDeps } from './catalogue.deps.ts';

/** The deps the service's functions work with: what it was given, and its own kept answers. */
type Deps = CatalogueDeps & { answers: AnswerCache };

type DbContext = Pick<ServiceContext, 'db'>;
type ListingContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * Products and their offerings, listings, search and suggestions, and a product's delivery options;
 * what the basket, wishlists and checkout need to sell a sku.
 */
export interface CatalogueService {
  /** The kept answers' figures (hits, size, evictions). */
  answerCacheStats(): CacheStats;
  /** The department tree: top-level categories in shop order, each with its sub-categories. */
  getNavigation(ctx: ListingContext): Promise<Navigation>;
  getProductSummary(ctx: DbContext, slug: string): Promise<ProductSummary>;
  getProductSummaryBySku(ctx: DbContext, sku: string): Promise<ProductSummary>;
  /** A category and its sub-categories' products, faceted by the department's configuration. */
  listCategory(ctx: ListingContext, input: CategoryListingRequest): Promise<Listing>;
  /** A search; a whole product or variant code names one product (`exactMatch`). */
  search(ctx: ListingContext, input: SearchRequest): Promise<SearchListing>;
  /** Products, categories and brands for what a shopper has typed so far. */
  autocomplete(ctx: ListingContext, query: string): Promise<Autocomplete>;
  /** A promotion listing, with its preset facet selections always applied. */
  listPromotion(ctx: ListingContext, input: CategoryListingRequest): Promise<Listing>;
  /** The promotion and new-products listings running now. */
  getPromotions(ctx: ListingContext): Promise<Promotions>;
  getSitemapProducts(ctx: DbContext, pageNumber: number): Promise<SitemapProducts>;
  getEssentialItems(ctx: DbContext, sku: string, bundleId: number | null): Promise<EssentialItems>;
  getUserContentCarousel(ctx: DbContext, productId: number): Promise<UserContentCarousel>;
  /** Carousels per page type: what a shopper on that page is likely to want next. */
  getCarousels(ctx: DbContext, input: CarouselsRequest): Promise<Carousels>;
  /** A trade customer's prices for the skus on screen, as the basket and checkout price them. */
  getTradePrices(ctx: CallerContext, skus: readonly string[]): Promise<TradePrices>;
  /** A sku's delivery options for a quantity, to a postcode when one is given (else mainland GB). */
  getProductDeliveryOptions(ctx: ListingContext, input: ProductDeliveryOptionsRequest): Promise<ProductDeliveryOptions>;
  /**
   * What the basket, wishlists and checkout need to sell skus (stored retail price and VAT rate,
   * pack, delivery class, what can be sold), for those that exist; `heldBy` names the basket asking.
   */
  findSellableOfferings(ctx: DbContext, skus: readonly string[], options?: AvailabilityOptions): Promise<Map<string, SellableOffering>>;
  /**
   * Whether each sku's product can come back as unwanted (docs/domain.md §8.1), for the help
   * centre's return rules; a sku the catalogue no longer has is left out.
   */
  returnabilityOf(ctx: DbContext, skus: readonly string[]): Promise<Map<string, Returnability>>;
  /** Reviews (issue 21): a product by slug or sku, with its first sku; null when none. */
  findReviewedProduct(ctx: DbContext, by: { slug: string } | { sku: string }): Promise<ReviewedProduct | null>;
  /** Reviews' staff search: the products of a brand (by name) and/or category (by slug, with its sub-categories). */
  findProductIdsBy(ctx: DbContext, by: { brand?: string; category?: string }): Promise<number[]>;
  /** Reviews set a product's rating, review count (and question count) from their summaries, in the caller's transaction. */
  setReviewFigures(ctx: DbContext, productId: number, figures: ReviewFigures): Promise<void>;
  /** Questions set a product's count of published questions, in the caller's transaction. */
  setQuestionsCount(ctx: DbContext, productId: number, questionsCount: number): Promise<void>;
  /** The demo reviews seed: every product with its first sku, and figures for many products at once. */
  listReviewableProducts(ctx: DbContext): Promise<{ id: number; sku: string; name: string; family: string }[]>;
  setReviewFiguresOf(ctx: DbContext, figures: ReadonlyMap<number, Required<ReviewFigures>>): Promise<void>;
  /**
   * Sets a sku's retail price (inc VAT, in pence) from now, recording it in the price history in the
   * same transaction; its was-price is what the history allows (docs/domain.md §1).
   */
  changePrice(ctx: ListingContext, sku: string, priceIncVat: number): Promise<PriceChange>;
  /** Each sku's price history, oldest first. */
  priceHistory(ctx: DbContext, skus: readonly string[]): Promise<Map<string, PriceStep[]>>;
  /** Works was-prices out again from the history as of now (reductions age out); returns how many changed. */
  refreshReferencePrices(ctx: ListingContext): Promise<number>;
  /** Sets popularity and the best-seller badges from the last 90 days' order lines; returns how many products changed. */
  recountPopularity(ctx: ListingContext): Promise<number>;
}

// The tree changes only when staff edit categories, yet every page shows it: keep it for a short
// while per database (a process has one; tests open a few), so instances agree within
// NAVIGATION_TTL_MS without any shared cache.
const NAVIGATION_TTL_MS = 30_000;
const navigationTrees = new LruCache<object, Promise<Navigation>>({ maxEntries: 4, ttlMs: NAVIGATION_TTL_MS });

function getNavigation(ctx: ListingContext): Promise<Navigation> {
  return navigationTrees.getOrLoad(ctx.db, () => loadNavigation(ctx.db), ctx.clock.now().getTime());
}

async function loadNavigation(db: ServiceContext['db']): Promise<Navigation> {
  const rows = await repository.listCategories(db);
  const childrenOf = new Map<number, { slug: string; name: string }[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = childrenOf.get(row.parentId) ?? [];
    list.push({ slug: row.slug, name: row.name });
    childrenOf.set(row.parentId, list);
  }
  return {
    categories: rows
      .filter((row) => row.parentId === null)
      .map((row) => ({
        slug: row.slug,
        name: row.name,
        description: row.description,
        children: childrenOf.get(row.id) ?? [],
      })),
  };
}

const toPrice = (row: {
  priceIncVat: number;
  priceExVat: number;
  wasPriceIncVat: number | null;
  wasPriceExVat: number | null;
  discountPercentage: number | null;
}): Price => ({
  currencyCode: 'GBP',
  priceIncTax: row.priceIncVat,
  priceExcTax: row.priceExVat,
  wasPriceIncTax: row.wasPriceIncVat,
  wasPriceExcTax: row.wasPriceExVat,
  isOnPromotion: (row.discountPercentage ?? 0) > 0,
  discountPercentage: row.discountPercentage ?? 0,
});
const toStock = ({ status, eta }: Availability) => ({ status, eta });
/** A sku's stock as inventory has it: every card and product page asks it, in one read per answer. */
type StockOf = (sku: string) => Availability;
async function stockOf(inventory: InventoryService, ctx: DbContext, skus: readonly string[]): Promise<StockOf> {
  const stock = await inventory.availabilityOf(ctx, skus);
  return (sku) => stock.get(sku)!;
}

function toCard(row: repository.CardRow, stock: StockOf): ProductCard {
  const { product } = row;
  return {
    id: product.id,
    sku: row.sku,
    slug: product.slug,
    productName: product.name,
    averageRating: product.ratingTenths / 10,
    reviewsCount: product.reviewsCount,
    questionsCount: product.questionsCount,
    image: { url: row.imageUrl ?? FALLBACK_IMAGE_URL, altText: product.name },
    stockStatus: toStock(stock(row.sku)),
    price: toPrice(row.price),
    badges: row.badges,
    brand: row.brand,
    defaultCategory: row.category,
    deliveryClass: product.deliveryClass,
    isBundle: product.isBundle,
    variationListingLabel: row.offeringCount > 1 ? `Available in ${row.offeringCount} options` : null,
    // Cards are shared by every shopper (and cached): trade prices come from getTradePrices.
    tradePrices: null,
  };
}

async function listCards({ inventory }: CatalogueDeps, ctx: DbContext, ids: readonly number[]): Promise<ProductCard[]> {
  const rows = await repository.listCards(ctx.db, ids);
  const stock = await stockOf(
    inventory,
    ctx,
    rows.map((row) => row.sku),
  );
  return rows.map((row) => toCard(row, stock));
}

/** The cards of `ids` (each in the snapshot), from the snapshot: no database read (decision 0042). */
const snapshotCards = (snapshot: CatalogueSnapshot, ids: readonly number[]): ProductCard[] =>
  ids.map((id) => snapshot.cards.cardOf(snapshot.index.rowOfId.get(id)!));

type SummaryRow = NonNullable<Awaited<ReturnType<typeof repository.findProductSummary>>>;

async function toSummary({ inventory }: CatalogueDeps, ctx: DbContext, row: SummaryRow): Promise<ProductSummary> {
  const stock = await stockOf(inventory, ctx, [row.sku, ...row.offerings.map((offering) => offering.sku)]);
  return {
    ...toCard(row, stock),
    description: row.product.description,
    guaranteeYears: row.product.guaranteeYears,
    isWeee: row.product.isWeee,
    specifications: inFamilyOrder(row.product.specifications, row.departmentSlug ?? '', row.category.slug),
    images: row.images,
    offerings: row.offerings.map((offering) => ({
      sku: offering.sku,
      label: offering.label,
      isDefault: offering.isDefault,
      widthMm: offering.widthMm,
      finish: offering.finish,
      handing: offering.handing,
      packQty: offering.packQty,
      price: toPrice(offering),
      stockStatus: toStock(stock(offering.sku)),
    })),
    bundleComponents: row.bundleComponents,
  };
}

async function getProductSummary(deps: CatalogueDeps, ctx: DbContext, slug: string): Promise<ProductSummary> {
  const row = await repository.findProductSummary(ctx.db, { slug });
  if (!row) throw CatalogueErrors.productNotFound(slug);
  return toSummary(deps, ctx, row);
}

async function getProductSummaryBySku(deps: CatalogueDeps, ctx: DbContext, sku: string): Promise<ProductSummary> {
  const row = await repository.findProductSummary(ctx.db, { sku });
  if (!row) throw CatalogueErrors.skuNotFound(sku);
  return toSummary(deps, ctx, row);
}

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

/** Where a service's answers are kept: `kept` answers from the snapshot's cache, loading on a miss. */
export interface AnswerCache {
  kept<T>(snapshot: CatalogueSnapshot, key: string, load: () => Promise<T>): Promise<T>;
  stats(): CacheStats;
}

/**
 * Answers from one snapshot, kept as long as it lives: shoppers ask for the same few thousand
 * pages (popular categories, first pages, common filters) and type the same few thousand prefixes,
 * and a listing may be cached for the snapshot's 60 s anyway (its `cacheSeconds`). The cards in a
 * kept answer are as fresh as the snapshot's counts (docs/decisions/0005). Listings, searches and
 * suggestions share one budget in bytes (CATALOGUE_ANSWER_CACHE_MB): anyone can send queries never
 * seen before, so the least recently used answers go rather than memory growing with them. While a
 * new snapshot takes over, the old one's answers live until its last request ends.
 */
function createAnswerCache(budgetBytes: number): AnswerCache {
  // An answer is kept the second time it is asked for: most queries never seen before are never asked again (decision 0040).
  const askedBefore = new SeenOnce();
  // An answer is weighed once it has come; until then the entry cap bounds what is loading.
  const keptAnswers = cachePerSnapshot<string, Promise<unknown>>('catalogueAnswers', () => ({
    maxEntries: MAX_KEPT_ANSWERS,
    maxBytes: budgetBytes,
    sizeOf: () => 0,
  }));
  return {
    kept<T>(snapshot: CatalogueSnapshot, key: string, load: () => Promise<T>): Promise<T> {
      const weigh = (answer: T) => answerWeight(key, answer);
      return (keptAnswers.of(snapshot) as LruCache<string, Promise<T>>).getOrLoad(key, load, undefined, weigh, (asked) => askedBefore.again(asked));
    },
    stats: () => keptAnswers.stats(),
  };
}

/**
 * A cache per snapshot, so what was kept from one goes with it, made on first use with the options
 * of that moment (budgets are set from configuration after start); the newest one's figures are
 * reported under `name` (health call, start-up log).
 */
function cachePerSnapshot<K, V>(name: string, options: () => CacheOptions<V>) {
  const caches = new WeakMap<CatalogueSnapshot, LruCache<K, V>>();
  let latest: LruCache<K, V> | null = null;
  const stats = () => (latest ?? new LruCache<K, V>(options())).stats();
  watchCache(name, stats);
  return {
    of(snapshot: CatalogueSnapshot): LruCache<K, V> {
      let cache = caches.get(snapshot);
      if (!cache) caches.set(snapshot, (cache = latest = new LruCache<K, V>(options())));
      return cache;
    },
    stats,
  };
}

async function listCategory(deps: Deps, ctx: ListingContext, input: CategoryListingRequest): Promise<Listing> {
  const snapshot = await catalogueSnapshot(ctx, deps.inventory);
  const category = snapshot.categoryBySlug.get(input.slug);
  if (!category) throw CatalogueErrors.categoryNotFound(input.slug);
  return deps.answers.kept(snapshot, `category:${category.id}:${listingKey(input, snapshot.index)}`, async () =>
    buildListing(category.name, snapshot, snapshot.rowsOf(category), snapshot.facetsOf(category), input),
  );
}

/**
 * A trade customer's prices for the skus on screen, priced by the pricing module as the basket and
 * checkout price them, so all three agree. Asked for apart from the (public, cached) cards.
 */
async function getTradePrices({ pricing, inventory }: CatalogueDeps, ctx: CallerContext, skus: readonly string[]): Promise<TradePrices> {
  const list = await pricing.priceListFor(ctx);
  // The endpoint admits the trade role only; pricing decides who is trade-priced.
  const tradeBand = list.pricing.tradePriced ? list.pricing.tradeBand : null;
  if (!tradeBand) throw CatalogueErrors.notTradePriced();
  const offerings = await findSellableOfferings(inventory, ctx, skus);
  return {
    prices: [...new Set(skus)].flatMap((sku) => {
      const offering = offerings.get(sku);
      if (!offering) return [];
      const price = pricing.unitPrice(offering, list);
      const discounted = price.exVat < offering.priceExVat;
      return [
        {
          sku,
          priceIncTax: price.incVat,
          priceExcTax: price.exVat,
          tradeBand,
          tradeBandName: list.pricing.tradeBandName ?? tradeBand,
          tradeDiscountBasisPoints: discounted ? list.pricing.tradeDiscountBasisPoints : 0,
        },
      ];
    }),
  };
}

/** At most this many matches are ranked, faceted and paged: enough for any shopper. */
const SEARCH_LIMIT = 1000;
/** Word matches looked at before a few are suggested: enough to find those that are what was asked for. */
const ASKED_FOR_POOL = 60;

/**
 * A search. A whole product or variant code (PL000109, PL000109-1, in any case, with or without
 * the dash) names one product: it is the one result, and `exactMatch` says where to go. Otherwise
 * the results come from the snapshot's word index, the one suggestions use (prefixes, trade
 * synonyms, plurals, typos), so the results page agrees with the suggestions shown a moment before:
 * products whose code starts with the query, then those with every word in their name, then in
 * their other searchable text, best sellers first within each (decision 0039).
 */
async function search(deps: Deps, ctx: ListingContext, input: SearchRequest): Promise<SearchListing> {
  const terms = searchTerms(input.query);
  const title = `Results for "${input.query.slice(0, 100)}"`;
  const snapshot = await catalogueSnapshot(ctx, deps.inventory);
  return deps.answers.kept(snapshot, `search:${terms.join(' ')}:${input.query.slice(0, 100)}:${listingKey(input, snapshot.index)}`, async () => {
    const code = snapshot.codes.exact(input.query);
    if (code) {
      const listing = buildListing(title, snapshot, [code.row], snapshot.facetsOf(null), input);
      return { ...listing, exactMatch: { slug: snapshot.suggestionFacts[code.row]!.slug, sku: code.sku } };
    }
    // Relevance is the order found: the first row is the best.
    const listing = buildListing(title, snapshot, searchRows(snapshot, terms), snapshot.facetsOf(null), input, true);
    return { ...listing, exactMatch: null };
  });
}

/**
 * Rows found for the words, kept per snapshot: searches never seen before mostly ask for words
 * asked before, with other filters, sorts or pages. A few KB each, within 4 MB.
 */
// Kept as typed arrays: off the heap the collector scans, 4 bytes a row.
const keptMatches = cachePerSnapshot<string, Int32Array>('catalogueSearchMatches', () => ({
  maxEntries: MAX_KEPT_ANSWERS,
  maxBytes: 4 * 1024 * 1024,
  sizeOf: (rows) => 128 + rows.byteLength,
}));

/** Up to SEARCH_LIMIT rows, best first: code matches, then word matches as suggestions rank them. */
function searchRows(snapshot: CatalogueSnapshot, terms: string[]): Int32Array {
  if (terms.length === 0) return new Int32Array(0);
  const matches = keptMatches.of(snapshot);
  const key = terms.join(' ');
  let rows = matches.get(key);
  if (!rows) {
    const byCode = snapshot.codes.startingWith(terms.join(''), SEARCH_LIMIT).map((match) => match.row);
    const byWords = wordMatches(snapshot, terms, SEARCH_LIMIT);
    if (byCode.length === 0) rows = Int32Array.from(byWords);
    else {
      const coded = new Set(byCode);
      rows = Int32Array.from([...byCode, ...byWords.filter((row) => !coded.has(row))].slice(0, SEARCH_LIMIT));
    }
    matches.set(key, rows);
  }
  return rows;
}

/** Rows matching by words, best first, as search and suggestions both rank them. */
function wordMatches(snapshot: CatalogueSnapshot, terms: string[], limit: number): number[] {
  // A pool larger than a suggestion box, so the products that are what was asked for can be put first.
  const rows = snapshot.suggestions.match(terms, Math.max(limit, ASKED_FOR_POOL));
  return preferWhatWasAsked(rows, terms, (row) => snapshot.suggestionFacts[row]!.headWord, limit);
}

const AUTOCOMPLETE_SIZE = { products: 6, categories: 5, brands: 4 };

/** From the in-memory snapshot. */
async function autocomplete({ inventory, answers }: Deps, ctx: ListingContext, query: string): Promise<Autocomplete> {
  const terms = searchTerms(query);
  if (terms.join('').length < 2) return { products: [], categories: [], brands: [] };
  const snapshot = await catalogueSnapshot(ctx, inventory);
  return answers.kept(snapshot, `suggest:${terms.join(' ')}`, async () => suggest(snapshot, terms));
}

/**
 * Products whose code starts with what is typed come first, in code order, named with that code
 * (a trade customer typing "PL00010" wants PL000100 to PL000109); then those matching by words.
 */
function suggest(snapshot: CatalogueSnapshot, terms: string[]): Autocomplete {
  const byCode = snapshot.codes.startingWith(terms.join(''), AUTOCOMPLETE_SIZE.products);
  const coded = new Set(byCode.map((match) => match.row));
  const byWords = wordMatches(snapshot, terms, AUTOCOMPLETE_SIZE.products).filter((row) => !coded.has(row));
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
 * A promotion listing: new products (type 100) or a configured listing (type 200) on a category
 * base, or the whole catalogue, with the listing's preset facet selections always applied.
 */
async function listPromotion(deps: Deps, ctx: ListingContext, input: CategoryListingRequest): Promise<Listing> {
  const [listing, snapshot] = await Promise.all([repository.findListing(ctx.db, input.slug), catalogueSnapshot(ctx, deps.inventory)]);
  const now = ctx.clock.now();
  if (!listing || (listing.startsAt && listing.startsAt > now) || (listing.endsAt && listing.endsAt <= now)) {
    throw CatalogueErrors.listingNotFound(input.slug);
  }
  const category = listing.categoryId === null ? null : (snapshot.categoryById.get(listing.categoryId) ?? null);
  const rows = listing.listingType === LISTING_TYPES.newProducts ? snapshot.newRows() : category ? snapshot.rowsOf(category) : snapshot.allRows();
  const request = { ...input, facets: { ...input.facets, ...listing.filters } };
  return deps.answers.kept(snapshot, `promotion:${input.slug}:${listingKey(request, snapshot.index)}`, async () =>
    buildListing(listing.title, snapshot, rows, snapshot.facetsOf(category), request),
  );
}

/** The promotion and new-products listings running now, for the home page and the sitemap. */
async function getPromotions(ctx: ListingContext): Promise<Promotions> {
  const rows = await repository.listRunningListings(ctx.db, ctx.clock.now());
  return {
    promotions: rows.map((row) => ({ ...row, category: row.category?.slug ? row.category : null, endsAt: row.endsAt?.toISOString() ?? null })),
  };
}

/** Product slugs for the sitemap, SITEMAP_PAGE_SIZE at a time; a page past the end is empty. */
async function getSitemapProducts(ctx: DbContext, pageNumber: number): Promise<SitemapProducts> {
  const { rows, total } = await repository.listProductSlugs(ctx.db, (pageNumber - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
  return {
    products: rows.map((row) => ({ slug: row.slug, lastModified: row.createdAt.toISOString() })),
    pageNumber,
    pageCount: Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE)),
  };
}

async function getEssentialItems(deps: CatalogueDeps, ctx: DbContext, sku: string, bundleId: number | null): Promise<EssentialItems> {
  const { db } = ctx;
  const productId = await repository.findProductId(db, { sku });
  if (productId === undefined) throw CatalogueErrors.skuNotFound(sku);
  if (bundleId !== null && !(await repository.findBundle(db, bundleId))) throw CatalogueErrors.bundleNotFound(bundleId);
  const rows = await repository.listEssentialItems(db, productId, bundleId);
  const cards = new Map((await listCards(deps, ctx, [...new Set(rows.map((row) => row.productId))])).map((card) => [card.id, card]));
  return {
    sku,
    bundleId,
    items: rows.flatMap(({ productId: itemProductId, ...row }) => {
      const product = cards.get(itemProductId);
      return product ? [{ ...row, product }] : [];
    }),
  };
}

const USER_CONTENT_LIMIT = 20;

async function getUserContentCarousel({ db }: DbContext, productId: number): Promise<UserContentCarousel> {
  if (!(await repository.productExists(db, productId))) throw CatalogueErrors.productNotFound(String(productId));
  const rows = await repository.listApprovedUserContent(db, productId, USER_CONTENT_LIMIT);
  return { productId, items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

const CAROUSEL_SIZE = 12;

/** Carousels per page type (spec §3): what a shopper on that page is likely to want next. */
async function getCarousels(deps: CatalogueDeps, ctx: DbContext, input: CarouselsRequest): Promise<Carousels> {
  const { db } = ctx;
  const carousels: Carousels['carousels'] = [];
  const add = async (identifier: string, title: string, ids: number[]) => {
    if (ids.length) carousels.push({ identifier, title, products: await listCards(deps, ctx, ids) });
  };
  const skus = [...new Set(input.recentlyViewedSkus)];
  const bySku = await repository.productIdsForSkus(db, skus);
  const recentlyViewed = [...new Set(skus.map((sku) => bySku.get(sku)).filter((id) => id !== undefined))].slice(0, CAROUSEL_SIZE);
  if (input.categorySlug) {
    const category = await repository.findCategory(db, input.categorySlug);
    if (!category) throw CatalogueErrors.categoryNotFound(input.categorySlug);
    const ids = await repository.categoryWithChildren(db, category);
    await add('category-best-sellers', `Best sellers in ${category.name}`, await repository.listTopProductIds(db, 'popularity', ids, CAROUSEL_SIZE));
  }
  if (input.pageType === PAGE_TYPES.homepage || input.pageType === PAGE_TYPES.cart || input.pageType === PAGE_TYPES.other || !input.categorySlug) {
    await add('best-sellers', 'Best sellers', await repository.listTopProductIds(db, 'popularity', null, CAROUSEL_SIZE));
  }
  if (input.pageType === PAGE_TYPES.homepage) {
    await add('new-in', 'New in', await repository.listTopProductIds(db, 'newest', null, CAROUSEL_SIZE));
  }
  await add('recently-viewed', 'Recently viewed', recentlyViewed);
  return { carousels };
}

async function changePrice(deps: CatalogueDeps, ctx: ListingContext, sku: string, priceIncVat: number): Promise<PriceChange> {
  if (!Number.isSafeInteger(priceIncVat) || priceIncVat <= 0) throw CatalogueErrors.badPrice();
  const rates = await deps.pricing.vatRates(ctx);
  const changed = await history.changePrice(ctx.db, sku, priceIncVat, (code) => rates.get(code)?.basisPoints, ctx.clock.now());
  if (!changed) throw CatalogueErrors.skuNotFound(sku);
  return changed;
}

export function createCatalogueService(given: CatalogueDeps): CatalogueService {
  const deps: Deps = { ...given, answers: createAnswerCache(given.answerBudgetBytes ?? DEFAULT_ANSWER_CACHE_BYTES) };
  return {
    answerCacheStats: () => deps.answers.stats(),
    getNavigation,
    getProductSummary: (ctx, slug) => getProductSummary(deps, ctx, slug),
    getProductSummaryBySku: (ctx, sku) => getProductSummaryBySku(deps, ctx, sku),
    listCategory: (ctx, input) => listCategory(deps, ctx, input),
    search: (ctx, input) => search(deps, ctx, input),
    autocomplete: (ctx, query) => autocomplete(deps, ctx, query),
    listPromotion: (ctx, input) => listPromotion(deps, ctx, input),
    getPromotions,
    getSitemapProducts,
    getEssentialItems: (ctx, sku, bundleId) => getEssentialItems(deps, ctx, sku, bundleId),
    getUserContentCarousel,
    getCarousels: (ctx, input) => getCarousels(deps, ctx, input),
    changePrice: (ctx, sku, priceIncVat) => changePrice(deps, ctx, sku, priceIncVat),
    priceHistory: (ctx, skus) => history.priceHistoryOf(ctx.db, skus),
    refreshReferencePrices: (ctx) => history.refreshReferencePrices(ctx.db, ctx.clock.now()),
    recountPopularity: (ctx) => recountPopularity(ctx.db, deps.unitsSoldSince ?? (async () => new Map()), ctx.clock.now()),
    getTradePrices: (ctx, skus) => getTradePrices(deps, ctx, skus),
    getProductDeliveryOptions: (ctx, input) => getProductDeliveryOptions(deps, ctx, input),
    findSellableOfferings: (ctx, skus, options) => findSellableOfferings(deps.inventory, ctx, skus, options),
    returnabilityOf: (ctx, skus) => repository.returnabilityOfSkus(ctx.db, skus),
    findReviewedProduct,
    findProductIdsBy,
    setReviewFigures,
    setQuestionsCount,
    listReviewableProducts,
    setReviewFiguresOf,
  };
}
