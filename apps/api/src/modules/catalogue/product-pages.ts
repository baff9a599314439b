/**
 * What a product card and a product page show (prices, stock from inventory), and what is shown
 * beside a product: its essential items, shoppers' photos and the carousels.
 */
import { PAGE_TYPES, type Carousels, type CarouselsRequest, type EssentialItems, type UserContentCarousel } from '@shop/contracts';
import type { Price, ProductCard, ProductSummary } from '@shop/contracts';
import type { Availability, InventoryService } from '../inventory/index.ts';
import { FALLBACK_IMAGE_URL } from '../search/index.ts';
import type { CallerContext } from '../../platform/context.ts';
import type { CatalogueDeps, DbContext } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import * as repository from './repository/products.ts';
import { inFamilyOrder } from './specification-order.ts';
import { boughtTogetherWith, offerable } from './bought-together.ts';
import { itemsToComplete } from './complete-your-bathroom-rules.ts';

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

export async function listCards({ inventory }: CatalogueDeps, ctx: DbContext, ids: readonly number[]): Promise<ProductCard[]> {
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

export async function getProductSummary(deps: CatalogueDeps, ctx: DbContext, slug: string): Promise<ProductSummary> {
  const row = await repository.findProductSummary(ctx.db, { slug });
  if (!row) throw CatalogueErrors.productNotFound(slug);
  return toSummary(deps, ctx, row);
}

export async function getProductSummaryBySku(deps: CatalogueDeps, ctx: DbContext, sku: string): Promise<ProductSummary> {
  const row = await repository.findProductSummary(ctx.db, { sku });
  if (!row) throw CatalogueErrors.skuNotFound(sku);
  return toSummary(deps, ctx, row);
}

export async function getEssentialItems(deps: CatalogueDeps, ctx: DbContext, sku: string, bundleId: number | null): Promise<EssentialItems> {
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

export async function getUserContentCarousel({ db }: DbContext, productId: number): Promise<UserContentCarousel> {
  if (!(await repository.productExists(db, productId))) throw CatalogueErrors.productNotFound(String(productId));
  const rows = await repository.listApprovedUserContent(db, productId, USER_CONTENT_LIMIT);
  return { productId, items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

const CAROUSEL_SIZE = 12;
/** "Frequently bought together" is a short row: a few things that go with it, not a second listing. */
export const BOUGHT_TOGETHER_SIZE = 6;
/** How many trending products across the shop a category's are picked from, and how few make no row. */
const TRENDING_POOL = 500;
const MIN_TRENDING = 4;

/** Carousels per page type (spec §3): what a shopper on that page is likely to want next. */
export async function getCarousels(deps: CatalogueDeps, ctx: CallerContext, input: CarouselsRequest): Promise<Carousels> {
  const { db } = ctx;
  const carousels: Carousels['carousels'] = [];
  const add = async (identifier: string, title: string, ids: number[]) => {
    if (ids.length) carousels.push({ identifier, title, products: await listCards(deps, ctx, ids) });
  };
  const skus = [...new Set(input.recentlyViewedSkus)];
  const bySku = await repository.productIdsForSkus(db, skus);
  // A signed-in caller's views on their other devices too, recorded only with their consent (docs/domain.md §10.7).
  const viewedElsewhere = ctx.actor && deps.analytics ? await deps.analytics.productsViewedBy(ctx, ctx.actor.userId, CAROUSEL_SIZE) : [];
  const recentlyViewed = [...new Set([...skus.map((sku) => bySku.get(sku)).filter((id) => id !== undefined), ...viewedElsewhere])].slice(0, CAROUSEL_SIZE);
  // What orders put with this product, or with the basket's lines (nothing already in the basket): decision 0117.
  const basketSkus = [...new Set(input.basketSkus)];
  const basketProducts = await repository.productIdsForSkus(db, basketSkus);
  // In the basket's line order, each product once.
  const inBasket = [...new Set(basketSkus.flatMap((sku) => basketProducts.get(sku) ?? []))];
  const anchors = input.productId !== undefined ? [input.productId] : input.pageType === PAGE_TYPES.cart ? inBasket : [];
  const cards = (on: DbContext, ids: readonly number[]) => listCards(deps, on, ids);
  // On the basket page, what its lines need and it lacks comes first (a basin's waste, a bath's panel); not shown again below.
  const completing = input.pageType === PAGE_TYPES.cart ? await completeYourBathroom(deps, ctx, inBasket, BOUGHT_TOGETHER_SIZE) : [];
  if (completing.length > 0) carousels.push({ identifier: 'complete-your-bathroom', title: 'Complete your bathroom', products: completing });
  const leaveOut = new Set([...inBasket, ...completing.map((card) => card.id)]);
  const boughtTogether = await boughtTogetherWith(ctx, cards, anchors, leaveOut, BOUGHT_TOGETHER_SIZE);
  if (boughtTogether.length > 0) carousels.push({ identifier: 'bought-together', title: 'Frequently bought together', products: boughtTogether });
  if (input.categorySlug) {
    const category = await repository.findCategory(db, input.categorySlug);
    if (!category) throw CatalogueErrors.categoryNotFound(input.categorySlug);
    const ids = await repository.categoryWithChildren(db, category);
    // What shoppers look at and add now (events, time-decayed), beside what sold (orders); with no history, what is new.
    const trending = deps.analytics ? await repository.productsInCategories(db, await deps.analytics.trendingProductIds(ctx, TRENDING_POOL), ids) : [];
    if (trending.length >= MIN_TRENDING) await add('category-trending', `Trending in ${category.name}`, trending.slice(0, CAROUSEL_SIZE));
    const bestSellers = await repository.listTopProductIds(db, 'popularity', ids, CAROUSEL_SIZE);
    if (bestSellers.length > 0) await add('category-best-sellers', `Best sellers in ${category.name}`, bestSellers);
    else await add('category-new-in', `New in ${category.name}`, await repository.listTopProductIds(db, 'newest', ids, CAROUSEL_SIZE));
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

/**
 * The essential items the products held (a basket's lines, a project's) need or go with that nothing held is
 * (`complete-your-bathroom-rules.ts`), offerable ones only, best first; `held` in the holder's line order.
 */
export async function completeYourBathroom(deps: CatalogueDeps, ctx: DbContext, held: readonly number[], size: number): Promise<ProductCard[]> {
  if (held.length === 0) return [];
  const [essentials, categoryIds] = await Promise.all([repository.essentialsOfProducts(ctx.db, held), repository.categoryIdsOf(ctx.db, held)]);
  const ids = itemsToComplete(essentials, { productIds: held, categoryIds });
  // Twice the row's size read, so a few out of stock still leave a full row.
  return (await listCards(deps, ctx, ids.slice(0, size * 2))).filter(offerable).slice(0, size);
}
