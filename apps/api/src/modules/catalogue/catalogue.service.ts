import { LISTING_TYPES, PAGE_TYPES, type Carousels, type CarouselsRequest, type EssentialItems, type UserContentCarousel } from '@shop/contracts';
import type {
  Autocomplete,
  CategoryListingRequest,
  Listing,
  Navigation,
  Price,
  ProductCard,
  ProductSummary,
  SearchRequest,
} from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { Clock, ServiceContext } from '../../platform/context.ts';
import type { StockStatus } from '../inventory/index.ts';
import * as repository from './catalogue.repository.ts';
import type { Candidate } from './catalogue.repository.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { refineListing, type FacetDefinition, type ListingInput } from './listing-facets.ts';
import { searchConditions, searchTerms } from './search-query.ts';

// The tree changes only when staff edit categories, yet every page shows it: keep it for a short
// while per database, so instances agree within NAVIGATION_TTL_MS without any shared cache.
const NAVIGATION_TTL_MS = 30_000;
const navigationCache = new WeakMap<object, { expires: number; value: Promise<Navigation> }>();

/** The department tree: top-level categories in shop order, each with its sub-categories. */
export function getNavigation(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<Navigation> {
  const now = ctx.clock.now().getTime();
  const cached = navigationCache.get(ctx.db);
  if (cached && cached.expires > now) return cached.value;
  const value = loadNavigation(ctx.db);
  navigationCache.set(ctx.db, { expires: now + NAVIGATION_TTL_MS, value });
  value.catch(() => navigationCache.delete(ctx.db));
  return value;
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

const toPrice = (row: { priceIncVat: number; priceExVat: number; wasPriceIncVat: number | null; wasPriceExVat: number | null; discountPercentage: number | null }): Price => ({
  currencyCode: 'GBP',
  priceIncTax: row.priceIncVat,
  priceExcTax: row.priceExVat,
  wasPriceIncTax: row.wasPriceIncVat,
  wasPriceExcTax: row.wasPriceExVat,
  isOnPromotion: (row.discountPercentage ?? 0) > 0,
  discountPercentage: row.discountPercentage ?? 0,
});
const toStock = (stock: { status: StockStatus | null; eta: string | null } | null) => ({ status: stock?.status ?? 'out_of_stock', eta: stock?.eta ?? null });

function toCard(row: repository.CardRow): ProductCard {
  const { product } = row;
  return {
    id: product.id,
    sku: row.sku,
    slug: product.slug,
    productName: product.name,
    averageRating: product.ratingTenths / 10,
    reviewsCount: product.reviewsCount,
    questionsCount: product.questionsCount,
    image: { url: row.imageUrl ?? '/images/products/placeholder.svg', altText: product.name },
    stockStatus: toStock(row.stock),
    price: toPrice(row.price),
    badges: row.badges,
    brand: row.brand,
    defaultCategory: row.category,
    deliveryClass: product.deliveryClass,
    isBundle: product.isBundle,
    variationListingLabel: row.offeringCount > 1 ? `Available in ${row.offeringCount} options` : null,
  };
}

export async function listCards(db: Database, ids: readonly number[]): Promise<ProductCard[]> {
  return (await repository.listCards(db, ids)).map(toCard);
}

async function summaryOf(db: Database, productId: number): Promise<ProductSummary> {
  const [[card], offeringRows, images, components] = await Promise.all([
    repository.listCards(db, [productId]),
    repository.listOfferings(db, productId),
    repository.listImages(db, productId),
    repository.listBundleComponents(db, productId),
  ]);
  if (!card) throw new Error(`Product ${productId} vanished`);
  return {
    ...toCard(card),
    description: card.product.description,
    guaranteeYears: card.product.guaranteeYears,
    isWeee: card.product.isWeee,
    specifications: card.product.specifications,
    images,
    offerings: offeringRows.map(({ offering, price, stock }) => ({
      sku: offering.sku,
      label: offering.label,
      isDefault: offering.isDefault,
      widthMm: offering.widthMm,
      finish: offering.finish,
      handing: offering.handing,
      packQty: offering.packQty,
      price: toPrice(price),
      stockStatus: toStock(stock),
    })),
    bundleComponents: components,
  };
}

export async function getProductSummary(db: Database, slug: string): Promise<ProductSummary> {
  const id = await repository.findProductId(db, { slug });
  if (id === undefined) throw CatalogueErrors.productNotFound(slug);
  return summaryOf(db, id);
}

export async function getProductSummaryBySku(db: Database, sku: string): Promise<ProductSummary> {
  const id = await repository.findProductId(db, { sku });
  if (id === undefined) throw CatalogueErrors.skuNotFound(sku);
  return summaryOf(db, id);
}

async function buildListing(db: Database, title: string, candidates: Candidate[], attributeFacets: FacetDefinition[], input: ListingInput): Promise<Listing> {
  const result = refineListing(candidates, attributeFacets, input);
  return {
    title,
    products: await listCards(db, result.ids),
    facets: result.facets,
    pagination: { from: (input.pageNumber - 1) * input.size, size: input.size, total: result.total, sortType: input.sort },
  };
}

/** A category and its sub-categories' products, faceted by the department's configuration. */
export async function listCategory(db: Database, input: CategoryListingRequest): Promise<Listing> {
  const category = await repository.findCategory(db, input.slug);
  if (!category) throw CatalogueErrors.categoryNotFound(input.slug);
  const [candidates, facets] = await Promise.all([
    repository.categoryWithChildren(db, category).then((ids) => repository.listCandidates(db, repository.inCategories(ids))),
    repository.listCategoryFacets(db, category),
  ]);
  return buildListing(db, category.name, candidates, facets, input);
}

/** At most this many matches are ranked, faceted and paged: enough for any shopper. */
const SEARCH_LIMIT = 1000;

export async function search(db: Database, input: SearchRequest): Promise<Listing> {
  const terms = searchTerms(input.query);
  const title = `Results for "${input.query.slice(0, 100)}"`;
  const facets = await repository.listCategoryFacets(db, null);
  if (terms.length === 0) return buildListing(db, title, [], facets, input);
  return buildListing(db, title, await findMatches(db, terms, SEARCH_LIMIT), facets, input);
}

async function findMatches(db: Database, terms: string[], limit: number): Promise<Candidate[]> {
  const { fullText, typo } = searchConditions(terms);
  const matches = await repository.listCandidates(db, fullText.where, fullText.score, limit);
  return matches.length > 0 ? matches : repository.listCandidates(db, typo.where, typo.score, limit);
}

const AUTOCOMPLETE_SIZE = { products: 6, categories: 5, brands: 4 };

export async function autocomplete(db: Database, query: string): Promise<Autocomplete> {
  const terms = searchTerms(query);
  if (terms.join('').length < 2) return { products: [], categories: [], brands: [] };
  const text = terms.join(' ');
  const [candidates, categoryRows, brandRows] = await Promise.all([
    findMatches(db, terms, AUTOCOMPLETE_SIZE.products),
    repository.suggestCategories(db, text, AUTOCOMPLETE_SIZE.categories),
    repository.suggestBrands(db, text, AUTOCOMPLETE_SIZE.brands),
  ]);
  const cards = await listCards(db, candidates.map((candidate) => candidate.id));
  return {
    products: cards.map((card) => ({ slug: card.slug, sku: card.sku, productName: card.productName, imageUrl: card.image.url, priceIncTax: card.price.priceIncTax })),
    categories: categoryRows,
    brands: brandRows,
  };
}

/**
 * A promotion listing: new products (type 100) or a configured listing (type 200) on a category
 * base, or the whole catalogue, with the listing's preset facet selections always applied.
 */
export async function listPromotion(ctx: { db: Database; clock: Clock }, input: CategoryListingRequest): Promise<Listing> {
  const { db } = ctx;
  const listing = await repository.findListing(db, input.slug);
  const now = ctx.clock.now();
  if (!listing || (listing.startsAt && listing.startsAt > now) || (listing.endsAt && listing.endsAt <= now)) {
    throw CatalogueErrors.listingNotFound(input.slug);
  }
  const category = listing.categoryId === null ? null : ((await repository.listCategories(db)).find((row) => row.id === listing.categoryId) ?? null);
  const where =
    listing.listingType === LISTING_TYPES.newProducts
      ? repository.hasBadge('new')
      : category
        ? repository.inCategories(await repository.categoryWithChildren(db, category))
        : undefined;
  const [candidates, facets] = await Promise.all([repository.listCandidates(db, where), repository.listCategoryFacets(db, category)]);
  return buildListing(db, listing.title, candidates, facets, { ...input, facets: { ...input.facets, ...listing.filters } });
}

export async function getEssentialItems(db: Database, sku: string, bundleId: number | null): Promise<EssentialItems> {
  const productId = await repository.findProductId(db, { sku });
  if (productId === undefined) throw CatalogueErrors.skuNotFound(sku);
  if (bundleId !== null && !(await repository.findBundle(db, bundleId))) throw CatalogueErrors.bundleNotFound(bundleId);
  const rows = await repository.listEssentialItems(db, productId, bundleId);
  const cards = new Map((await listCards(db, [...new Set(rows.map((row) => row.productId))])).map((card) => [card.id, card]));
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

export async function getUserContentCarousel(db: Database, productId: number): Promise<UserContentCarousel> {
  if (!(await repository.productExists(db, productId))) throw CatalogueErrors.productNotFound(String(productId));
  const rows = await repository.listApprovedUserContent(db, productId, USER_CONTENT_LIMIT);
  return { productId, items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

const CAROUSEL_SIZE = 12;

/** Carousels per page type (spec §3): what a shopper on that page is likely to want next. */
export async function getCarousels(db: Database, input: CarouselsRequest): Promise<Carousels> {
  const carousels: Carousels['carousels'] = [];
  const add = async (identifier: string, title: string, ids: number[]) => {
    if (ids.length) carousels.push({ identifier, title, products: await listCards(db, ids) });
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
