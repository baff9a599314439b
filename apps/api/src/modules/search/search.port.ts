import type { Autocomplete, CategoryListingRequest, Listing, ReviewSearchFacetsPage, SearchListing, SearchRequest } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CardProduct } from './memory/card-facts.ts';
import type { FacetDefinition, ListingProduct } from './memory/listing-facets.ts';
import type { NamedEntry, SuggestionProduct } from './memory/suggestion-index.ts';
import type { IndexedReview, IndexQuery } from './memory/review-search-index.ts';

/**
 * The search port (decision 0059): what catalogue and reviews ask of an index, whichever engine
 * answers. Catalogue and reviews own their rows and hand search a source to read them from; search
 * owns the indexes built from those rows and every answer drawn from them. Two engines implement
 * it: in memory (`memory/`, the default) and PostgreSQL full text (`postgres/`), chosen by
 * SEARCH_ENGINE.
 */
export type SearchEngineName = 'memory' | 'postgres';

type Db = ServiceContext['db'];
export type IndexContext = Pick<ServiceContext, 'db' | 'clock'>;

/** The products with ids from `fromId` up to but not including `toId`. */
export interface IdRange {
  fromId: number;
  toId: number;
}

/** What the product index holds of a product: its listing facts, what a suggestion and a card show of it. */
export type IndexedProduct = ListingProduct &
  SuggestionProduct &
  CardProduct & {
    /** Every offering's that has a price (as the product page lists them), in the product's order. */
    skus: string[];
    /** The first image's, if it has any. */
    imageUrl: string | null;
  };

/** A category as the index lists and names it. */
export interface IndexedCategory {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
  position: number;
}

/** A category's attribute facet, in display order. */
export interface ConfiguredFacet extends FacetDefinition {
  categoryId: number;
}

/**
 * Where the product index reads the catalogue from (the catalogue's repository, with inventory's
 * stock): a change counter moved by every change shown, and the rows themselves.
 */
export interface ProductSource {
  /** The change counter's reading: equal readings mean nothing shown changed between them. */
  version(db: Db): Promise<string>;
  /** Whether a writer that may have moved the counter has not committed yet. */
  writeUnderWay(db: Db): Promise<boolean>;
  maxProductId(db: Db): Promise<number>;
  /** A range's products, in id order, with their default offering's stock status. */
  products(db: Db, range: IdRange): Promise<IndexedProduct[]>;
  /** The listed products that a listing shows (others are left out), in id order, with their default offering's stock status. */
  productsWithIds(db: Db, ids: readonly number[]): Promise<IndexedProduct[]>;
  categories(db: Db): Promise<IndexedCategory[]>;
  facets(db: Db): Promise<ConfiguredFacet[]>;
  brands(db: Db): Promise<NamedEntry[]>;
}

/** A promotion listing as the catalogue found it running: its rows are the new products, a category's, or every product. */
export interface PromotionScope {
  slug: string;
  title: string;
  newProducts: boolean;
  categoryId: number | null;
}

/** What the catalogue publishes when something a listing shows changed (a price, stock, a product's figures). */
export interface ProductChange {
  kind: 'product' | 'price' | 'stock' | 'reviews';
  /**
   * The products whose price or stock status changed (a `products` notice), patched into what an
   * engine keeps (decision 0080); null: any product's may have. Absent: something else changed.
   */
  productIds?: readonly number[] | null;
}

/** Listings, search and suggestions over the catalogue's products. */
export interface ProductSearch {
  /** Loads the index ahead of the first query (the first query loads it otherwise). */
  build(ctx: IndexContext): Promise<void>;
  /** Since the snapshot in use was loaded or last found current (`/metrics`); null with none loaded, or an engine that keeps none. */
  snapshotAgeMs(ctx: IndexContext): number | null;
  /** Takes a published change: the next answers come from rows read after it. */
  update(ctx: IndexContext, change: ProductChange): void;
  /**
   * Once every product change taken so far is in what answers are drawn from: true when it all is (patched in), false when
   * some of it waits for a rebuild (a patch the engine refused, or a structural change still to be loaded).
   */
  caughtUp(ctx: IndexContext): Promise<boolean>;
  /**
   * Of an engine that answers from a snapshot: a number that moves on each time the snapshot answers come from is replaced
   * (a patch in, a rebuild loaded), so answers asked again under the same number are the ones given before (decision 0162).
   */
  servedVersion?(ctx: IndexContext): number;
  /** A category and its sub-categories' products, faceted by its department; null for an unknown slug. */
  listCategory(ctx: IndexContext, input: CategoryListingRequest): Promise<Listing | null>;
  listPromotion(ctx: IndexContext, scope: PromotionScope, input: CategoryListingRequest): Promise<Listing>;
  search(ctx: IndexContext, input: SearchRequest): Promise<SearchListing>;
  autocomplete(ctx: IndexContext, query: string): Promise<Autocomplete>;
  /**
   * An answer the caller works out from rows the change counter covers (a product page: the
   * product, its offerings, prices, images and stock as inventory has it), kept under `key` with
   * the listings' answers and as fresh as they are: until the snapshot it was worked out under is
   * replaced (decision 0067). An engine that keeps no snapshot works it out every time.
   */
  kept<T extends object>(ctx: IndexContext, key: string, load: () => Promise<T>): Promise<T>;
}

/** A review as staff search reads it, with its date to the microsecond (the next slice of a load starts after it). */
export type SourcedReview = IndexedReview & { createdKey: string };

/** Where the staff review index reads reviews from (the reviews module's tables). */
export interface ReviewSource {
  /** The last change number taken (every insert and update of a review takes one). */
  changeNumber(db: Db): Promise<number>;
  writeUnderWay(db: Db): Promise<boolean>;
  /** About how many reviews there are (for sizing). */
  estimatedCount(db: Db): Promise<number>;
  /** Up to `limit` reviews after `after` in (date, id) order, oldest first. */
  slice(db: Db, after: Pick<SourcedReview, 'createdKey' | 'id'> | null, limit: number): Promise<SourcedReview[]>;
  /** The reviews whose change numbers are in (from, to]. */
  changed(db: Db, from: number, to: number): Promise<SourcedReview[]>;
}

/** What reviews publish: a review written, moderated or voted on. */
export interface ReviewChange {
  kind: 'review';
}

export type ReviewQuery = IndexQuery;

/** A page of staff search: its review ids in order, how many pass the filters, and the facets' counts. */
export interface ReviewAnswer {
  ids: string[];
  total: number;
  facets: ReviewSearchFacetsPage['facets'];
}

/** Staff search of every review: counts by rating, status and source, and a page of ids. */
export interface ReviewSearch {
  /** Starts loading the index, so the first search need not wait for it. */
  build(ctx: Pick<ServiceContext, 'db'>): void;
  update(ctx: Pick<ServiceContext, 'db'>, change: ReviewChange): void;
  /** Sees every change committed before it was asked. */
  search(ctx: Pick<ServiceContext, 'db'>, query: ReviewQuery): Promise<ReviewAnswer>;
}

/** What an engine holds in memory, for the health call and the start-up log. */
export interface SearchMemoryReport {
  engine: SearchEngineName;
  /** Bytes kept by indexes and kept answers, and the answers' budget. */
  indexBytes: number;
  answerBytes: number;
  answerBudgetBytes: number;
}

/** One engine: the product and review indexes over their sources. */
export interface SearchEngine {
  products(source: ProductSource): ProductSearch;
  reviews(source: ReviewSource): ReviewSearch;
  /** Reports what it keeps under the platform's cache names (health call, start-up log). */
  watch(): void;
  memory(): Omit<SearchMemoryReport, 'engine'>;
}
