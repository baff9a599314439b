import type {
  BoughtTogetherChoice,
  StaffBoughtTogether,
  Autocomplete,
  RangeFeed,
  RangeFeedResult,
  RangeImport,
  RangePage,
  AddStaffVariant,
  ChangeStaffPrice,
  CreateStaffProduct,
  StaffProduct,
  StaffProductChoices,
  StaffProductPage,
  UpdateStaffProduct,
  MoveStaffVariantImage,
  AddStaffEssential,
  ChangeStaffEssential,
  ChangeStaffBundleItem,
  AddStaffBundleItem,
  MoveStaffItem,
  Carousels,
  CarouselsRequest,
  CategoryListingRequest,
  EssentialItems,
  Listing,
  Navigation,
  ProductDeliveryOptions,
  ProductDeliveryOptionsRequest,
  ProductCard,
  ProductSummary,
  Promotions,
  SearchListing,
  SearchRequest,
  SitemapProducts,
  TradePrices,
  UserContentCarousel,
} from '@shop/contracts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import type { Availability, AvailabilityOptions } from '../inventory/index.ts';
import type { ProductChange } from '../search/index.ts';
import type { OpenedFile } from '../files/index.ts';
import type { CatalogueDeps, DbContext, ListingContext } from './catalogue.deps.ts';
import { getPromotions, getSitemapProducts, listCategory, listPromotion, navigation } from './listings.ts';
import * as history from './price-history.ts';
import * as range from './range-import.ts';
import type { PriceChange } from './price-history.ts';
import { changePrice, getTradePrices } from './prices.ts';
import {
  BOUGHT_TOGETHER_SIZE,
  completeYourBathroom,
  getCarousels,
  getEssentialItems,
  getProductSummary,
  getProductSummaryBySku,
  getUserContentCarousel,
  listCards,
} from './product-pages.ts';
import * as boughtTogether from './bought-together.ts';
import type { CoPurchasesSince } from './bought-together.ts';
import { getProductDeliveryOptions } from './product-delivery.ts';
import type { PriceStep } from './reference-price.ts';
import type { ReviewedProduct, ReviewFigures } from './review-figures.ts';
import type { Returnability } from './returnability.ts';
import { findSellableOfferings, keptOfferings, type SellableOffering } from './sellable-offerings.ts';
import { variantsOf } from './repository/sellable-offerings.ts';
import { recountPopularity, type UnitsSoldSince } from './popularity.ts';
import { namesOfSkus, returnabilityOfSkus } from './repository/products.ts';
import {
  findProductIdsBy,
  findReviewedProduct,
  listReviewableProducts,
  setQuestionsCount,
  setReviewFigures,
  setReviewFiguresOf,
} from './repository/review-figures.ts';
import { catalogueSource } from './search-source.ts';
import * as additions from './product-additions.ts';
import * as editor from './product-editor.ts';
import * as pictures from './product-pictures.ts';
import { startAndEndScheduledPrices } from './scheduled-prices.ts';
import * as essentials from './product-essentials.ts';

/**
 * Products and their offerings, listings, search and suggestions, and a product's delivery options;
 * what the basket, wishlists and checkout need to sell a sku.
 */
export interface CatalogueService {
  /** Loads the listings' index if it is not loaded (the first listing loads it otherwise): an instance is ready once it has. */
  loadListings(ctx: ListingContext): Promise<void>;
  /** Since the listings' snapshot was loaded or last found current, null without one (`/metrics`). */
  listingsAgeMs(ctx: ListingContext): number | null;
  /** Once the product changes heard so far are in the listings: true when patched in, false when a rebuild of them is to come. */
  listingsCaughtUp(ctx: ListingContext): Promise<boolean>;
  /** Where the listings answer from a snapshot: its number, moved on by each patch or load (decision 0162); absent otherwise. */
  listingsVersion?: (ctx: ListingContext) => number;
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
  /** "Complete your bathroom" for products a customer holds (a project's): what they need or go with that none of them is, offerable, best first. */
  completeYourBathroom(ctx: DbContext, productIds: readonly number[], size: number): Promise<ProductCard[]>;
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
   * `keptFacts` as this instance keeps them (a basket's changes: forgotten on any change notice, decision 0096);
   * `stock` given (every sku's), none is read: the basket's save reads and checks it (decision 0116).
   */
  findSellableOfferings(
    ctx: DbContext,
    skus: readonly string[],
    options?: AvailabilityOptions & { keptFacts?: boolean; stock?: ReadonlyMap<string, Availability> },
  ): Promise<Map<string, SellableOffering>>;
  /**
   * Every sku of each product with its label, in the product page's order (projects' variant swap);
   * with `keptFacts`, as this instance keeps them, forgotten with the offerings' facts (decision 0111).
   */
  variantsOf(ctx: DbContext, productIds: readonly number[], options?: { keptFacts?: boolean }): Promise<Map<number, { sku: string; label: string }[]>>;
  /**
   * Whether each sku's product can come back as unwanted (docs/domain.md §8.1), for the help
   * centre's return rules; a sku the catalogue no longer has is left out.
   */
  returnabilityOf(ctx: DbContext, skus: readonly string[]): Promise<Map<string, Returnability>>;
  /** The product name and variant label of each sku, even one no longer on sale (a basket naming a line it cannot sell); an unknown sku is left out. */
  namesOf(ctx: DbContext, skus: readonly string[]): Promise<Map<string, { productName: string; label: string }>>;
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
  getStaffProductChoices(ctx: CallerContext): Promise<StaffProductChoices>;
  /** A picture of a variant, uploaded by staff. */
  addStaffVariantImage(
    ctx: CallerContext,
    id: number,
    sku: string,
    uploads: readonly { fileName: string | undefined; bytes: Uint8Array }[],
  ): Promise<StaffProduct>;
  /** Takes a picture off a variant (its uploaded file deleted once nothing shows it). */
  removeStaffVariantImage(
    ctx: CallerContext & Partial<Pick<ServiceContext, 'log'>>,
    step: { id: number; sku: string; imageId: number; version: number },
  ): Promise<StaffProduct>;
  /** Moves a picture to another place among its variant's pictures. */
  moveStaffVariantImage(ctx: CallerContext, step: { id: number; sku: string; imageId: number }, body: MoveStaffVariantImage): Promise<StaffProduct>;
  /** A product's picture staff uploaded, for anyone. */
  openProductImage(ctx: CallerContext, imageId: string): Promise<OpenedFile>;
  /** A new product with its first variant, price and stock: listed and searchable at once. */
  createStaffProduct(ctx: CallerContext, body: CreateStaffProduct): Promise<StaffProduct>;
  /** Another variant of a product, with its first price and stock. */
  addStaffVariant(ctx: CallerContext, id: number, body: AddStaffVariant): Promise<StaffProduct>;
  changeStaffPrice(ctx: CallerContext, id: number, body: ChangeStaffPrice): Promise<StaffProduct>;
  /** A product's essential items and a bundle's contents, added, removed and put in order under its version; its page shows them at once. */
  addStaffEssential(ctx: CallerContext, id: number, body: AddStaffEssential): Promise<StaffProduct>;
  changeStaffEssential(ctx: CallerContext, id: number, essentialId: number, body: ChangeStaffEssential): Promise<StaffProduct>;
  removeStaffEssential(ctx: CallerContext, id: number, essentialId: number, version: number): Promise<StaffProduct>;
  moveStaffEssential(ctx: CallerContext, id: number, essentialId: number, body: MoveStaffItem): Promise<StaffProduct>;
  addStaffBundleItem(ctx: CallerContext, id: number, body: AddStaffBundleItem): Promise<StaffProduct>;
  removeStaffBundleItem(ctx: CallerContext, id: number, sku: string, version: number): Promise<StaffProduct>;
  moveStaffBundleItem(ctx: CallerContext, id: number, sku: string, body: MoveStaffItem): Promise<StaffProduct>;
  changeStaffBundleItem(ctx: CallerContext, id: number, sku: string, body: ChangeStaffBundleItem): Promise<StaffProduct>;
  /** What a bundle's item needs within that bundle only (`id` the bundle): added, changed and removed under the bundle's version. */
  addStaffBundleEssential(ctx: CallerContext, id: number, sku: string, body: AddStaffEssential): Promise<StaffProduct>;
  changeStaffBundleEssential(ctx: CallerContext, id: number, sku: string, essentialId: number, body: ChangeStaffEssential): Promise<StaffProduct>;
  removeStaffBundleEssential(ctx: CallerContext, id: number, sku: string, essentialId: number, version: number): Promise<StaffProduct>;
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
  /** The `bought-together` job: pairs counted afresh from the last year's orders (handed in, as for popularity); returns how many. */
  recountBoughtTogether(ctx: ListingContext, coPurchasesSince: CoPurchasesSince): Promise<number>;
  /** A product's "Frequently bought together" as staff see it: pairs from orders, pins and blocks, each with why. */
  getStaffBoughtTogether(ctx: CallerContext, id: number): Promise<StaffBoughtTogether>;
  /** Pins or blocks a product for another's row, or leaves it to orders again; shown at once. */
  chooseStaffBoughtTogether(ctx: CallerContext, id: number, pairedProductId: number, choice: BoughtTogetherChoice | 'none'): Promise<StaffBoughtTogether>;
}

export function createCatalogueService(deps: CatalogueDeps): CatalogueService {
  const cards = (ctx: DbContext, ids: readonly number[]) => listCards(deps, ctx, ids);
  const searched = deps.search.products(catalogueSource(deps.inventory, deps.replica));
  const kept = keptOfferings();
  // What search keeps and what the basket's offerings keep are forgotten together.
  const products: typeof searched = {
    ...searched,
    update: (ctx, change) => {
      kept.forget(change.productIds ?? null);
      searched.update(ctx, change);
    },
  };
  /** Search hears of what changed (a count of products changed), so its next answers read it. */
  const published = async (ctx: ListingContext, kind: ProductChange['kind'], changing: Promise<number>) => {
    const changed = await changing;
    if (changed > 0) products.update(ctx, { kind });
    return changed;
  };
  /** A product edited: every instance forgets what it kept of product pages (a change notice), and the editor shows it as it is now. */
  const edited = async (ctx: CallerContext, id: number, editing: Promise<void>) => {
    await editing;
    products.update(ctx, { kind: 'product' });
    return editor.getStaffProduct(deps, ctx, id);
  };
  return {
    loadListings: (ctx) => products.build(ctx),
    listingsAgeMs: (ctx) => products.snapshotAgeMs(ctx),
    listingsCaughtUp: (ctx) => products.caughtUp(ctx),
    ...(products.servedVersion ? { listingsVersion: (ctx: ListingContext) => products.servedVersion!(ctx) } : {}),
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
    completeYourBathroom: (ctx, productIds, size) => completeYourBathroom(deps, ctx, productIds, size),
    recountBoughtTogether: (ctx, coPurchasesSince) => boughtTogether.recountBoughtTogether(ctx.db, coPurchasesSince, ctx.clock.now()),
    getStaffBoughtTogether: (ctx, id) => boughtTogether.staffBoughtTogether(ctx, cards, id, BOUGHT_TOGETHER_SIZE),
    chooseStaffBoughtTogether: async (ctx, id, pairedProductId, choice) => {
      await boughtTogether.chooseBoughtTogether(ctx, id, pairedProductId, choice);
      return boughtTogether.staffBoughtTogether(ctx, cards, id, BOUGHT_TOGETHER_SIZE);
    },
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
      // Renamed or otherwise edited in place, it is patched in, as its notice has every other instance do (decision 0149).
      products.update(ctx, { kind: 'product', productIds: [id] });
      return editor.getStaffProduct(deps, ctx, id);
    },
    getStaffProductChoices: (ctx) => editor.getStaffProductChoices(deps, ctx),
    addStaffVariantImage: async (ctx, id, sku, uploads) => {
      await additions.addStaffVariantImage(deps, ctx, id, sku, uploads);
      products.update(ctx, { kind: 'product' });
      return editor.getStaffProduct(deps, ctx, id);
    },
    // The product page and its instances forget what they kept of it, as for a picture added.
    removeStaffVariantImage: async (ctx, step) => {
      await pictures.removeStaffVariantImage(deps, ctx, step);
      products.update(ctx, { kind: 'product' });
      return editor.getStaffProduct(deps, ctx, step.id);
    },
    moveStaffVariantImage: async (ctx, step, body) => {
      await pictures.moveStaffVariantImage(ctx, { ...step, version: body.version }, body);
      products.update(ctx, { kind: 'product' });
      return editor.getStaffProduct(deps, ctx, step.id);
    },
    openProductImage: (ctx, imageId) => additions.openProductImage(deps, ctx, imageId),
    createStaffProduct: async (ctx, body) => {
      const id = await additions.createStaffProduct(deps, ctx, body);
      // A new product is patched in, as its notice has every other instance do (decision 0138).
      products.update(ctx, { kind: 'product', productIds: [id] });
      return editor.getStaffProduct(deps, ctx, id);
    },
    addStaffVariant: async (ctx, id, body) => {
      await additions.addStaffVariant(deps, ctx, id, body);
      products.update(ctx, { kind: 'product' });
      return editor.getStaffProduct(deps, ctx, id);
    },
    changeStaffPrice: async (ctx, id, body) => {
      if (await editor.changeStaffPrice(deps, ctx, id, body)) products.update(ctx, { kind: 'price', productIds: [id] });
      return editor.getStaffProduct(deps, ctx, id);
    },
    addStaffEssential: (ctx, id, body) => edited(ctx, id, essentials.addStaffEssential(ctx, id, body)),
    changeStaffEssential: (ctx, id, essentialId, body) => edited(ctx, id, essentials.changeStaffEssential(ctx, id, essentialId, body)),
    removeStaffEssential: (ctx, id, essentialId, version) => edited(ctx, id, essentials.removeStaffEssential(ctx, id, essentialId, version)),
    moveStaffEssential: (ctx, id, essentialId, body) => edited(ctx, id, essentials.moveStaffEssential(ctx, id, essentialId, body)),
    addStaffBundleItem: (ctx, id, body) => edited(ctx, id, essentials.addStaffBundleItem(ctx, id, body)),
    removeStaffBundleItem: (ctx, id, sku, version) => edited(ctx, id, essentials.removeStaffBundleItem(ctx, id, sku, version)),
    moveStaffBundleItem: (ctx, id, sku, body) => edited(ctx, id, essentials.moveStaffBundleItem(ctx, id, sku, body)),
    changeStaffBundleItem: (ctx, id, sku, body) => edited(ctx, id, essentials.changeStaffBundleItem(ctx, id, sku, body)),
    addStaffBundleEssential: (ctx, id, sku, body) => edited(ctx, id, essentials.addStaffBundleEssential(ctx, id, sku, body)),
    changeStaffBundleEssential: (ctx, id, sku, essentialId, body) => edited(ctx, id, essentials.changeStaffBundleEssential(ctx, id, sku, essentialId, body)),
    removeStaffBundleEssential: (ctx, id, sku, essentialId, version) =>
      edited(ctx, id, essentials.removeStaffBundleEssential(ctx, id, sku, essentialId, version)),
    cancelStaffPrice: async (ctx, id, scheduleId, version) => {
      await editor.cancelStaffPrice(ctx, id, scheduleId, version);
      return editor.getStaffProduct(deps, ctx, id);
    },
    // Each batch's change notice as it is committed, so a sale on thousands of variants shows as it starts.
    startAndEndScheduledPrices: (ctx) => startAndEndScheduledPrices(deps, ctx, (productIds) => products.update(ctx, { kind: 'price', productIds })),
    exportRange: (ctx, after, limit) => range.exportRange(deps, ctx, after, limit),
    checkRangeImport: (ctx, body) => range.checkImport(deps, ctx, body),
    getRangeImport: (ctx, id) => range.getImport(ctx, id),
    applyRangeImport: (ctx, id) => range.applyImport(ctx, id),
    applyDueRangeImport: async (ctx) => {
      // Each batch's change notice as it is committed, so the storefront follows a long import as it goes.
      return range.applyDueImport(deps, ctx, (productIds) => products.update(ctx, { kind: 'price', productIds }));
    },
    postRangeFeed: async (ctx, body) => {
      const { productIds, ...result } = await range.postFeed(deps, ctx, body);
      if (productIds.length > 0) products.update(ctx, { kind: 'price', productIds });
      return result;
    },
    getTradePrices: (ctx, skus) => getTradePrices(deps, ctx, skus),
    getProductDeliveryOptions: (ctx, input) => getProductDeliveryOptions(deps, ctx, input),
    findSellableOfferings: (ctx, skus, options) => findSellableOfferings(deps.inventory, ctx, skus, options, options?.keptFacts ? kept : undefined),
    variantsOf: (ctx, productIds, options) => (options?.keptFacts ? kept.variants(ctx, productIds) : variantsOf(ctx, productIds)),
    returnabilityOf: (ctx, skus) => returnabilityOfSkus(ctx.db, skus),
    namesOf: (ctx, skus) => namesOfSkus(ctx.db, skus),
    findReviewedProduct,
    findProductIdsBy,
    setReviewFigures,
    setQuestionsCount,
    listReviewableProducts,
    setReviewFiguresOf,
  };
}
