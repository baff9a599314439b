import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stockLevels } from '../inventory/index.ts';
import {
  brands,
  bundleComponents,
  categories,
  categoryFacets,
  essentialItems,
  listings,
  offerings,
  prices,
  productBadges,
  productFacetValues,
  productImages,
  products,
  userContent,
} from './catalogue.tables.ts';

export type CategoryRow = typeof categories.$inferSelect;

export async function listCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export async function insertCategory(db: Database, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error(`Category ${values.slug} was not inserted`);
  return row;
}

export async function findCategory(db: Database, slug: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug));
  return row;
}

/** A category's own facet configuration, or its department's for a sub-category. */
export async function listCategoryFacets(db: Database, category: CategoryRow | null) {
  const query = db
    .selectDistinctOn([categoryFacets.identifier], { identifier: categoryFacets.identifier, displayName: categoryFacets.displayName, position: categoryFacets.position })
    .from(categoryFacets);
  const rows = category ? await query.where(eq(categoryFacets.categoryId, category.parentId ?? category.id)) : await query;
  return rows.toSorted((a, b) => a.position - b.position);
}

/** What faceting, filtering and sorting need of each product in a listing's base set. */
export interface Candidate {
  id: number;
  brandSlug: string;
  brandName: string;
  priceIncVat: number;
  discountPercentage: number;
  ratingTenths: number;
  popularity: number;
  deliveryClass: string;
  stockStatus: string | null;
  badges: string[];
  facets: [string, string][];
  score: number;
}

const defaultOffering = and(eq(offerings.productId, products.id), eq(offerings.isDefault, true));

export async function listCandidates(db: Database, where: SQL | undefined, score: SQL<number> = sql<number>`0::real`, limit = 50_000): Promise<Candidate[]> {
  return db
    .select({
      id: products.id,
      brandSlug: brands.slug,
      brandName: brands.name,
      priceIncVat: prices.priceIncVat,
      discountPercentage: sql<number>`coalesce(${prices.discountPercentage}, 0)`.mapWith(Number),
      ratingTenths: products.ratingTenths,
      popularity: products.popularity,
      deliveryClass: products.deliveryClass,
      stockStatus: stockLevels.status,
      badges: sql<string[]>`coalesce((select json_agg(${productBadges.badge}) from ${productBadges} where ${productBadges.productId} = ${products.id}), '[]'::json)`,
      facets: sql<[string, string][]>`coalesce((select json_agg(json_build_array(${productFacetValues.facet}, ${productFacetValues.value})) from ${productFacetValues} where ${productFacetValues.productId} = ${products.id}), '[]'::json)`,
      score: score.mapWith(Number),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(offerings, defaultOffering)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .leftJoin(stockLevels, eq(stockLevels.sku, offerings.sku))
    .where(where)
    .orderBy(sql`${score} desc`, asc(products.id))
    .limit(limit);
}

export const inCategories = (categoryIds: number[]) => inArray(products.categoryId, categoryIds);

/** Listing cards for the given products, in the order given. */
export async function listCards(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      product: products,
      brand: { slug: brands.slug, name: brands.name },
      category: { slug: categories.slug, name: categories.name },
      sku: offerings.sku,
      price: prices,
      stock: { status: stockLevels.status, eta: stockLevels.eta },
      imageUrl: sql<string | null>`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
      badges: sql<string[]>`coalesce((select json_agg(${productBadges.badge} order by ${productBadges.badge}) from ${productBadges} where ${productBadges.productId} = ${products.id}), '[]'::json)`,
      offeringCount: sql<number>`(select count(*) from ${offerings} o2 where o2.product_id = ${products.id})`.mapWith(Number),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(offerings, defaultOffering)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .leftJoin(stockLevels, eq(stockLevels.sku, offerings.sku))
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}
export type CardRow = Awaited<ReturnType<typeof listCards>>[number];

export async function findProductId(db: Database, by: { slug: string } | { sku: string }): Promise<number | undefined> {
  if ('slug' in by) {
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, by.slug));
    return row?.id;
  }
  const [row] = await db.select({ id: offerings.productId }).from(offerings).where(eq(offerings.sku, by.sku));
  return row?.id;
}

export async function listOfferings(db: Database, productId: number) {
  return db
    .select({ offering: offerings, price: prices, stock: { status: stockLevels.status, eta: stockLevels.eta } })
    .from(offerings)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .leftJoin(stockLevels, eq(stockLevels.sku, offerings.sku))
    .where(eq(offerings.productId, productId))
    .orderBy(asc(offerings.position));
}

export async function listImages(db: Database, productId: number) {
  return db
    .select({ url: productImages.url, altText: productImages.altText })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

export async function listBundleComponents(db: Database, bundleProductId: number) {
  return db
    .select({ sku: offerings.sku, slug: products.slug, productName: products.name, quantity: bundleComponents.quantity })
    .from(bundleComponents)
    .innerJoin(offerings, eq(offerings.id, bundleComponents.offeringId))
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(eq(bundleComponents.bundleProductId, bundleProductId))
    .orderBy(asc(products.categoryId), asc(offerings.id));
}

/** `%`, `_` and `\` in user text match themselves in a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export async function suggestCategories(db: Database, text: string, limit: number) {
  return db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(sql`${categories.name} ilike ${`%${escapeLike(text)}%`} or word_similarity(${text}, ${categories.name}) >= 0.5`)
    .orderBy(sql`word_similarity(${text}, ${categories.name}) desc`, sql`${categories.parentId} is not null`, asc(categories.position))
    .limit(limit);
}

export async function suggestBrands(db: Database, text: string, limit: number) {
  return db
    .select({ slug: brands.slug, name: brands.name })
    .from(brands)
    .where(sql`${brands.name} ilike ${`%${escapeLike(text)}%`} or word_similarity(${text}, ${brands.name}) >= 0.5`)
    .orderBy(sql`word_similarity(${text}, ${brands.name}) desc`, asc(brands.name))
    .limit(limit);
}

export async function findListing(db: Database, slug: string) {
  const [row] = await db.select().from(listings).where(eq(listings.slug, slug));
  return row;
}

/** Sub-category ids with the category itself, for "everything in this department". */
export async function categoryWithChildren(db: Database, category: CategoryRow): Promise<number[]> {
  const children = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, category.id));
  return [category.id, ...children.map((row) => row.id)];
}

export const hasBadge = (badge: (typeof productBadges.$inferSelect)['badge']) =>
  sql`exists (select 1 from ${productBadges} where ${productBadges.productId} = ${products.id} and ${productBadges.badge} = ${badge})`;

export async function findBundle(db: Database, id: number) {
  const [row] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, id), eq(products.isBundle, true)));
  return row;
}

/** A product's essential items; with a bundle, also those that belong to it within that bundle. */
export async function listEssentialItems(db: Database, productId: number, bundleId: number | null) {
  const own = and(eq(essentialItems.productId, productId), isNull(essentialItems.bundleProductId));
  return db
    .select({
      requirement: essentialItems.requirement,
      quantity: essentialItems.quantity,
      compatibilityRule: essentialItems.compatibilityRule,
      sku: offerings.sku,
      productId: offerings.productId,
    })
    .from(essentialItems)
    .innerJoin(offerings, eq(offerings.id, essentialItems.itemOfferingId))
    .where(bundleId === null ? own : or(own, eq(essentialItems.bundleProductId, bundleId)))
    .orderBy(sql`${essentialItems.requirement} = 'required' desc`, asc(essentialItems.position));
}

export async function productExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

export async function listApprovedUserContent(db: Database, productId: number, limit: number) {
  return db
    .select({ id: userContent.id, authorName: userContent.authorName, caption: userContent.caption, imageUrl: userContent.imageUrl, createdAt: userContent.createdAt })
    .from(userContent)
    .where(and(eq(userContent.productId, productId), eq(userContent.consentGiven, true), eq(userContent.moderationStatus, 'approved')))
    .orderBy(desc(userContent.createdAt), desc(userContent.id))
    .limit(limit);
}

/** Product ids for carousels: the most popular, or the newest, optionally within categories. */
export async function listTopProductIds(db: Database, order: 'popularity' | 'newest', categoryIds: number[] | null, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(categoryIds ? inArray(products.categoryId, categoryIds) : undefined)
    .orderBy(order === 'popularity' ? desc(products.popularity) : desc(products.createdAt), asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function productIdsForSkus(db: Database, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db.select({ sku: offerings.sku, productId: offerings.productId }).from(offerings).where(inArray(offerings.sku, [...skus]));
  return new Map(rows.map((row) => [row.sku, row.productId]));
}

/** What delivery needs to know about a sku: its product's delivery class, its price and stock. */
export async function findSkuDeliveryFacts(db: Database, sku: string) {
  const [row] = await db
    .select({
      sku: offerings.sku,
      deliveryClass: products.deliveryClass,
      unitPriceIncVat: prices.priceIncVat,
      stockStatus: stockLevels.status,
      eta: stockLevels.eta,
    })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .leftJoin(stockLevels, eq(stockLevels.sku, offerings.sku))
    .where(eq(offerings.sku, sku));
  return row && { ...row, stockStatus: row.stockStatus ?? 'out_of_stock', eta: row.eta ?? null };
}
