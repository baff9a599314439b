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
import { LruCache } from '../../platform/cache.ts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import type { Availability, AvailabilityOptions, InventoryService } from '../inventory/index.ts';
import * as repository from './catalogue.repository.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { getProductDeliveryOptions } from './product-delivery.ts';
import { findSellableOfferings, type SellableOffering } from './sellable-offerings.ts';
import type { Returnability } from './returnability.ts';
import {
  findProductIdsBy,
  findReviewedProduct,
  listReviewableProducts,
  setQuestionsCount,
  setReviewFigures,
  setReviewFiguresOf,
} from './repository/review-figures.ts';
import type { ReviewedProduct, ReviewFigures } from './review-figures.ts';
import { FALLBACK_IMAGE_URL, type ProductChange, type ProductSearch } from '../search/index.ts';
import { catalogueSource } from './search-source.ts';
import { inFamilyOrder } from './specification-order.ts';
import * as history from './price-history.ts';
import type { PriceChange } from './price-history.ts';
import type { PriceStep } from './reference-price.ts';
import { recountPopularity } from './popularity.ts';
import type { CatalogueDeps } from './catalogue.deps.ts';

type DbContext = Pick<ServiceContext, 'db'>;
type ListingContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * Products and their offerings, listings, search and suggestions, and a product's delivery options;
 * what the basket, wishlists and checkout need to sell a sku.
 */
export interface CatalogueService {
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

async function listCategory(products: ProductSearch, ctx: ListingContext, input: CategoryListingRequest): Promise<Listing> {
  const listing = await products.listCategory(ctx, input);
  if (!listing) throw CatalogueErrors.categoryNotFound(input.slug);
  return listing;
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

/**
 * A promotion listing: new products (type 100) or a configured listing (type 200) on a category
 * base, or the whole catalogue, with the listing's preset facet selections always applied.
 */
async function listPromotion(products: ProductSearch, ctx: ListingContext, input: CategoryListingRequest): Promise<Listing> {
  const listing = await repository.findListing(ctx.db, input.slug);
  const now = ctx.clock.now();
  if (!listing || (listing.startsAt && listing.startsAt > now) || (listing.endsAt && listing.endsAt <= now)) {
    throw CatalogueErrors.listingNotFound(input.slug);
  }
  const scope = { slug: input.slug, title: listing.title, newProducts: listing.listingType === LISTING_TYPES.newProducts, categoryId: listing.categoryId };
  return products.listPromotion(ctx, scope, { ...input, facets: { ...input.facets, ...listing.filters } });
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

export function createCatalogueService(deps: CatalogueDeps): CatalogueService {
  const products = deps.search.products(catalogueSource(deps.inventory));
  /** Search hears of what changed (a count of products changed), so its next answers read it. */
  const published = async (ctx: ListingContext, kind: ProductChange['kind'], changing: Promise<number>) => {
    const changed = await changing;
    if (changed > 0) products.update(ctx, { kind });
    return changed;
  };
  return {
    getNavigation,
    getProductSummary: (ctx, slug) => getProductSummary(deps, ctx, slug),
    getProductSummaryBySku: (ctx, sku) => getProductSummaryBySku(deps, ctx, sku),
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
    recountPopularity: (ctx) => published(ctx, 'product', recountPopularity(ctx.db, deps.unitsSoldSince ?? (async () => new Map()), ctx.clock.now())),
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
