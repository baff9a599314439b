/**
 * The department tree and the listings: categories, promotions and new products (answered by
 * search's product index), the promotions running now and the sitemap's pages of products.
 */
import {
  LISTING_TYPES,
  SITEMAP_PAGE_SIZE,
  type CategoryListingRequest,
  type Listing,
  type Navigation,
  type Promotions,
  type SitemapProducts,
} from '@shop/contracts';
import { LruCache } from '../../platform/cache.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { ProductSearch } from '../search/index.ts';
import type { DbContext, ListingContext } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import * as repository from './repository/products.ts';

// The tree changes only when staff edit categories, yet every page shows it: keep it for a short
// while per database (a process has one; tests open a few), so instances agree within
// NAVIGATION_TTL_MS without any shared cache.
const NAVIGATION_TTL_MS = 30_000;

/** The department tree, kept per service (see above). */
export function navigation(): (ctx: ListingContext) => Promise<Navigation> {
  const trees = new LruCache<object, Promise<Navigation>>({ maxEntries: 4, ttlMs: NAVIGATION_TTL_MS });
  return (ctx) => trees.getOrLoad(ctx.db, () => loadNavigation(ctx.db), ctx.clock.now().getTime());
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

export async function listCategory(products: ProductSearch, ctx: ListingContext, input: CategoryListingRequest): Promise<Listing> {
  const listing = await products.listCategory(ctx, input);
  if (!listing) throw CatalogueErrors.categoryNotFound(input.slug);
  return listing;
}

/**
 * A promotion listing: new products (type 100) or a configured listing (type 200) on a category
 * base, or the whole catalogue, with the listing's preset facet selections always applied.
 */
export async function listPromotion(products: ProductSearch, ctx: ListingContext, input: CategoryListingRequest): Promise<Listing> {
  const listing = await repository.findListing(ctx.db, input.slug);
  const now = ctx.clock.now();
  if (!listing || (listing.startsAt && listing.startsAt > now) || (listing.endsAt && listing.endsAt <= now)) {
    throw CatalogueErrors.listingNotFound(input.slug);
  }
  const scope = { slug: input.slug, title: listing.title, newProducts: listing.listingType === LISTING_TYPES.newProducts, categoryId: listing.categoryId };
  return products.listPromotion(ctx, scope, { ...input, facets: { ...input.facets, ...listing.filters } });
}

/** The promotion and new-products listings running now, for the home page and the sitemap. */
export async function getPromotions(ctx: ListingContext): Promise<Promotions> {
  const rows = await repository.listRunningListings(ctx.db, ctx.clock.now());
  return {
    promotions: rows.map((row) => ({ ...row, category: row.category?.slug ? row.category : null, endsAt: row.endsAt?.toISOString() ?? null })),
  };
}

/** Product slugs for the sitemap, SITEMAP_PAGE_SIZE at a time; a page past the end is empty. */
export async function getSitemapProducts(ctx: DbContext, pageNumber: number): Promise<SitemapProducts> {
  const { rows, total } = await repository.listProductSlugs(ctx.db, (pageNumber - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
  return {
    products: rows.map((row) => ({ slug: row.slug, lastModified: row.createdAt.toISOString() })),
    pageNumber,
    pageCount: Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE)),
  };
}
