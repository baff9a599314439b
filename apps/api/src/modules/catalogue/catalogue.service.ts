import type {
  Autocomplete,
  RangeFeed,
  RangeFeedResult,
  RangeImport,
  RangePage,
  ChangeStaffPrice,
  StaffProduct,
  StaffProductPage,
  UpdateStaffProduct,
  Carousels,
  CarouselsRequest,
  CategoryListingRequest,
  EssentialItems,
  Listing,
  Navigation,
  ProductDeliveryOptions,
  ProductDeliveryOptionsRequest,
  ProductSummary,
  Promotions,
  SearchListing,
  SearchRequest,
  SitemapProducts,
  TradePrices,
  UserContentCarousel,
} from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { AvailabilityOptions } from '../inventory/index.ts';
import type { ProductChange } from '../search/index.ts';
import type { CatalogueDeps, DbContext, ListingContext } from './catalogue.deps.ts';
import { getPromotions, getSitemapProducts, listCategory, listPromotion, navigation } from './listings.ts';
import * as history from './price-history.ts';
import * as range from './range-import.ts';
import type { PriceChange } from './price-history.ts';
import { changePrice, getTradePrices } from './prices.ts';
import { getCarousels, getEssentialItems, getProductSummary, getProductSummaryBySku, getUserContentCarousel } from './product-pages.ts';
import { getProductDeliveryOptions } from './product-delivery.ts';
import type { PriceStep } from './reference-price.ts';
import type { ReviewedProduct, ReviewFigures } from './review-figures.ts';
import type { Returnability } from './returnability.ts';
import { findSellableOfferings, keptOfferings, type SellableOffering } from './sellable-offerings.ts';
import { variantsOf } from './repository/sellable-offerings.ts';
import { recountPopularity, type UnitsSoldSince } from './popularity.ts';
import { returnabilityOfSkus } from './repository/products.ts';
import {
  findProductIdsBy,
  findReviewedProduct,
  listReviewableProducts,
  setQuestionsCount,
  setReviewFigures,
  setReviewFiguresOf,
} from './repository/review-figures.ts';
import { catalogueSource } from './search-source.ts';
import * as editor from './product-editor.ts';

/**
 * Products and their offerings, listings, search and suggestions, and a product's delivery options;
 * what the basket, wishlists and checkout need to sell a sku.
 */
export interface CatalogueService {
  /** Loads the listings' index if it is not loaded (the first listing loads it otherwise): an instance is ready once it has. */
  loadListings(ctx: ListingContext): Promise<void>;
  /** Since the listings' snapshot was loaded or last found current, null without one (`/metrics`). */
  listingsAgeMs(ctx: ListingContext): number | null;
  /** The department tree: top-level categories in shop order, each with its sub-categories. */
  getNavigation(ctx: ListingContext): Promise<Navigation>;
  /** A product page read from the rows now (another module's call, maybe in its transaction). */
  getProductSummary(ctx: DbContext, slug: string): Promise<ProductSummary>;
  getProductSummaryBySku(ctx: DbContext, sku: string): Promise<ProductSummary>;
  /**
   * A product page as shoppers ask for it (by slug, or by any of its skus): kept with the listings'
   * answers and as fresh as the cards they show, stock included (decision 0067).
   */
  showProductSummary(ctx: ListingContext, by: { slug: string } | { sku: string }): Promise<ProductSummary>;
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
  getCarousels(ctx: CallerContext, input: CarouselsRequest): Promise<Carousels>;
  /** A trade customer's prices for the skus on screen, as the basket and checkout price them. */
  getTradePrices(ctx: CallerContext, skus: readonly string[]): Promise<TradePrices>;
  /** A sku's delivery options for a quantity, to a postcode when one is given (else mainland GB). */
  getProductDeliveryOptions(ctx: ListingContext, input: ProductDeliveryOptionsRequest): Promise<ProductDeliveryOptions>;
  /**
   * What the basket, wishlists and checkout need to sell skus (stored retail price and VAT rate,
   * pack, delivery class, what can be sold), for those that exist; `heldBy` names the basket asking.
   */
  /**
   * What can be sold of `skus`: their stock read now, and their offerings' facts read too, or with
   * `keptFacts` as this instance keeps them (a basket's changes: forgotten on any change notice, decision 0096).
   */
  findSellableOfferings(
    ctx: DbContext,
    skus: readonly string[],
    options?: AvailabilityOptions & { keptFacts?: boolean },
  ): Promise<Map<string, SellableOffering>>;
  /** Every sku of each product with its label, in the product page's order (projects' variant swap). */
  variantsOf(ctx: DbContext, productIds: readonly number[]): Promise<Map<number, { sku: string; label: string }[]>>;
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
  /**
   * Sets popularity and the best-seller badges from the last 90 days' units sold, as orders count them
   * (orders are made from the catalogue, so their count is handed in, not held); returns how many products changed.
   */
  recountPopularity(ctx: ListingContext, unitsSoldSince: UnitsSoldSince): Promise<number>;
  /**
   * Something listings show changed, on this instance or another (a change notice): the snapshot is
   * checked again soon; or, given `productIds`, those products' prices or stock (null: any
   * product's) are patched in (decision 0080).
   */
  heardOfChange(ctx: ListingContext, productIds?: readonly number[] | null): void;
  /** Staff's product editor (issue 42, catalogue managers): the range by name or code, category and brand. */
  searchStaffProducts(
    ctx: CallerContext,
    query: { text?: string; category?: string; brand?: string; pageNumber: number; pageSize: number },
  ): Promise<StaffProductPage>;
  /** One product as staff edit it, with its variants, prices, their history and schedule, and who changed what. */
  getStaffProduct(ctx: CallerContext, id: number): Promise<StaffProduct>;
  /** Edits a product's details under its version (a 409 when it moved on); listings show it after their next rebuild. */
  updateStaffProduct(ctx: CallerContext, id: number, body: UpdateStaffProduct): Promise<StaffProduct>;
  /** Sets a variant's price now (patched into listings at once) or schedules it, under the product's version. */
  changeStaffPrice(ctx: CallerContext, id: number, body: ChangeStaffPrice): Promise<StaffProduct>;
  cancelStaffPrice(ctx: CallerContext, id: number, scheduleId: number, version: number): Promise<StaffProduct>;
  /** The `scheduled-prices` job: starts and ends the scheduled prices that are due; returns how many products changed. */
  startAndEndScheduledPrices(ctx: ListingContext): Promise<number>;
  /** The range as a file (docs/catalogue-files.md): a page of the export, an import checked and applied, and the feed. */
  exportRange(ctx: ListingContext, after: number, limit: number): Promise<RangePage>;
  checkRangeImport(ctx: CallerContext, body: { fileName: string; content: string }): Promise<RangeImport>;
  getRangeImport(ctx: CallerContext, id: string): Promise<RangeImport>;
  applyRangeImport(ctx: CallerContext, id: string): Promise<RangeImport>;
  /** The `range-imports` job: applies one import that is due, product by product. */
  applyDueRangeImport(ctx: ListingContext): Promise<number>;
  postRangeFeed(ctx: CallerContext, body: RangeFeed): Promise<RangeFeedResult>;
}

export function createCatalogueService(deps: CatalogueDeps): CatalogueService {
  const searched = deps.search.products(catalogueSource(deps.inventory, deps.replica));
  const kept = keptOfferings();
  // What search keeps and what the basket's offerings keep are forgotten together.
  const products: typeof searched = {
    ...searched,
    update: (ctx, change) => {
      kept.forget(change.kind === 'price' && change.productIds ? change.productIds : null);
      searched.update(ctx, change);
    },
  };
  /** Search hears of what changed (a count of products changed), so its next answers read it. */
  const published = async (ctx: ListingContext, kind: ProductChange['kind'], changing: Promise<number>) => {
    const changed = await changing;
    if (changed > 0) products.update(ctx, { kind });
    return changed;
  };
  return {
    loadListings: (ctx) => products.build(ctx),
    listingsAgeMs: (ctx) => products.snapshotAgeMs(ctx),
    getNavigation: navigation(),
    getProductSummary: (ctx, slug) => getProductSummary(deps, ctx, slug),
    getProductSummaryBySku: (ctx, sku) => getProductSummaryBySku(deps, ctx, sku),
    showProductSummary: (ctx, by) =>
      'slug' in by
        ? products.kept(ctx, `product:${by.slug}`, () => getProductSummary(deps, ctx, by.slug))
        : products.kept(ctx, `product-sku:${by.sku}`, () => getProductSummaryBySku(deps, ctx, by.sku)),
    listCategory: (ctx, input) => listCategory(products, ctx, input),
    search: (ctx, input) => products.search(ctx, input),
    autocomplete: (ctx, query) => products.autocomplete(ctx, query),
    listPromotion: (ctx, input) => listPromotion(products, ctx, input),
    getPromotions,
    getSitemapProducts,
    getEssentialItems: (ctx, sku, bundleId) => getEssentialItems(deps, ctx, sku, bundleId),
    getUserContentCarousel,
    getCarousels: (ctx, input) => getCarousels(deps, ctx, input),
    changePrice: async (ctx, sku, priceIncVat) => {
      const changed = await changePrice(deps, ctx, sku, priceIncVat);
      products.update(ctx, { kind: 'price' });
      return changed;
    },
    priceHistory: (ctx, skus) => history.priceHistoryOf(ctx.db, skus),
    refreshReferencePrices: (ctx) => published(ctx, 'price', history.refreshReferencePrices(ctx.db, ctx.clock.now())),
    recountPopularity: (ctx, unitsSoldSince) => published(ctx, 'product', recountPopularity(ctx.db, unitsSoldSince, ctx.clock.now())),
    heardOfChange: (ctx, productIds) => products.update(ctx, productIds === undefined ? { kind: 'product' } : { kind: 'price', productIds }),
    searchStaffProducts: (ctx, query) => editor.searchStaffProducts(ctx, query),
    getStaffProduct: (ctx, id) => editor.getStaffProduct(deps, ctx, id),
    updateStaffProduct: async (ctx, id, body) => {
      await editor.updateStaffProduct(deps, ctx, id, body);
      products.update(ctx, { kind: 'product' });
      return editor.getStaffProduct(deps, ctx, id);
    },
    changeStaffPrice: async (ctx, id, body) => {
      if (await editor.changeStaffPrice(deps, ctx, id, body)) products.update(ctx, { kind: 'price', productIds: [id] });
      return editor.getStaffProduct(deps, ctx, id);
    },
    cancelStaffPrice: async (ctx, id, scheduleId, version) => {
      await editor.cancelStaffPrice(ctx, id, scheduleId, version);
      return editor.getStaffProduct(deps, ctx, id);
    },
    startAndEndScheduledPrices: async (ctx) => {
      const changed = await editor.startAndEndScheduledPrices(deps, ctx);
      if (changed.length > 0) products.update(ctx, { kind: 'price', productIds: changed });
      return changed.length;
    },
    exportRange: (ctx, after, limit) => range.exportRange(deps, ctx, after, limit),
    checkRangeImport: (ctx, body) => range.checkImport(deps, ctx, body),
    getRangeImport: (ctx, id) => range.getImport(ctx, id),
    applyRangeImport: (ctx, id) => range.applyImport(ctx, id),
    applyDueRangeImport: async (ctx) => {
      const { claimed, productIds } = await range.applyDueImport(deps, ctx);
      if (productIds.length > 0) products.update(ctx, { kind: 'price', productIds });
      return claimed;
    },
    postRangeFeed: async (ctx, body) => {
      const { productIds, ...result } = await range.postFeed(deps, ctx, body);
      if (productIds.length > 0) products.update(ctx, { kind: 'price', productIds });
      return result;
    },
    getTradePrices: (ctx, skus) => getTradePrices(deps, ctx, skus),
    getProductDeliveryOptions: (ctx, input) => getProductDeliveryOptions(deps, ctx, input),
    findSellableOfferings: (ctx, skus, options) => findSellableOfferings(deps.inventory, ctx, skus, options, options?.keptFacts ? kept : undefined),
    variantsOf: (ctx, productIds) => variantsOf(ctx, productIds),
    returnabilityOf: (ctx, skus) => returnabilityOfSkus(ctx.db, skus),
    findReviewedProduct,
    findProductIdsBy,
    setReviewFigures,
    setQuestionsCount,
    listReviewableProducts,
    setReviewFiguresOf,
  };
}
