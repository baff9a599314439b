import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { writeUnderWay } from '../../../db/writers.ts';
import type { IdRange, IndexedProduct } from '../../search/index.ts';
import type { Returnability } from '../returnability.ts';
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
} from '../catalogue.tables.ts';

/** Products on sale: staff have not withdrawn them. Every read a shopper's page or basket makes keeps to these. */
export const onSale = isNull(products.withdrawnAt);
export type CategoryRow = typeof categories.$inferSelect;

export async function listCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export async function insertCategory(db: Database, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error(`Category ${values.slug} was not inserted`);
  return row;
}

// The demo catalogue's rows (`products.seed.ts`), written in batches the caller sizes. Products and
// offerings come with their ids, so bundles and essential items can name them before they exist.

/** Rows per INSERT: large enough to be quick, small enough for PGlite's single connection. */
const INSERT_BATCH = 500;

async function insertBatched<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) await insert(rows.slice(start, start + INSERT_BATCH));
}

export async function insertCategoryFacets(db: Database, rows: (typeof categoryFacets.$inferInsert)[]): Promise<void> {
  await db.insert(categoryFacets).values(rows).onConflictDoNothing();
}

/** Brands by slug, renamed where they exist already, with their ids. */
export async function saveBrands(db: Database, rows: (typeof brands.$inferInsert)[]): Promise<{ slug: string; id: number }[]> {
  return db
    .insert(brands)
    .values(rows)
    .onConflictDoUpdate({ target: brands.slug, set: { name: sql`excluded.name` } })
    .returning({ slug: brands.slug, id: brands.id });
}

/** Products with their offerings, prices, images, facet values and badges. */
export async function insertProductRows(
  db: Database,
  rows: {
    products: (typeof products.$inferInsert)[];
    offerings: (typeof offerings.$inferInsert)[];
    prices: (typeof prices.$inferInsert)[];
    images: (typeof productImages.$inferInsert)[];
    facetValues: (typeof productFacetValues.$inferInsert)[];
    badges: (typeof productBadges.$inferInsert)[];
  },
): Promise<void> {
  await insertBatched(rows.products, (batch) => db.insert(products).values(batch));
  await insertBatched(rows.offerings, (batch) => db.insert(offerings).values(batch));
  await insertBatched(rows.prices, (batch) => db.insert(prices).values(batch));
  await insertBatched(rows.images, (batch) => db.insert(productImages).values(batch));
  await insertBatched(rows.facetValues, (batch) => db.insert(productFacetValues).values(batch));
  await insertBatched(rows.badges, (batch) => db.insert(productBadges).values(batch));
}

/** What links products: bundles' components, essential items, and shoppers' photos of them. */
export async function insertProductLinks(
  db: Database,
  rows: {
    bundleComponents: (typeof bundleComponents.$inferInsert)[];
    essentialItems: (typeof essentialItems.$inferInsert)[];
    userContent: (typeof userContent.$inferInsert)[];
  },
): Promise<void> {
  await insertBatched(rows.bundleComponents, (batch) => db.insert(bundleComponents).values(batch).onConflictDoNothing());
  await insertBatched(rows.essentialItems, (batch) => db.insert(essentialItems).values(batch));
  await insertBatched(rows.userContent, (batch) => db.insert(userContent).values(batch));
}

/** After rows inserted with their own ids, new ones get ids past them. */
export async function moveIdSequencesPastRows(db: Database): Promise<void> {
  await db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select coalesce(max(id), 1) from products))`);
  await db.execute(sql`select setval(pg_get_serial_sequence('offerings', 'id'), (select coalesce(max(id), 1) from offerings))`);
}

export async function insertListings(db: Database, rows: (typeof listings.$inferInsert)[]): Promise<void> {
  await db.insert(listings).values(rows);
}

export async function findCategory(db: Database, slug: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug));
  return row;
}

/** Every category's attribute facets, in display order. */
export async function listFacetConfiguration(db: Database) {
  return db
    .select({ categoryId: categoryFacets.categoryId, identifier: categoryFacets.identifier, displayName: categoryFacets.displayName })
    .from(categoryFacets)
    .orderBy(asc(categoryFacets.position), asc(categoryFacets.categoryId));
}

const defaultOffering = and(eq(offerings.productId, products.id), eq(offerings.isDefault, true));

/** Separators that never occur in facet names or values. */
const FIELD = '\u001f';
const RECORD = '\u001e';

/** Ids in a range, or listed (as one array parameter: a department's thousands of ids would pass the protocol's bound on parameters). */
const inRange = (column: AnyPgColumn, range: IdRange | readonly number[]) =>
  'fromId' in range ? and(gte(column, range.fromId), lt(column, range.toId)) : sql`${column} = any(string_to_array(${range.join(',')}, ',')::int[])`;

export async function maxProductId(db: Database): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${products.id})` }).from(products);
  return row?.id ?? 0;
}

/**
 * What listings, suggestions and cards need of every product, in id order, for the in-memory
 * snapshot. Stock is inventory's: `stockStatus` and `stockEta` are left null for the snapshot's
 * loader to fill in. Badges, facet values, the first image and the skus come per product from one
 * grouped read each (a hash join) rather than as a subquery per row.
 */
export async function listSnapshotProducts(db: Database, range: IdRange | readonly number[]): Promise<IndexedProduct[]> {
  const badgeLists = db
    // In badge order, as a card lists them.
    .select({ productId: productBadges.productId, list: sql<string>`string_agg(${productBadges.badge}, ',' order by ${productBadges.badge})`.as('badge_list') })
    .from(productBadges)
    .where(inRange(productBadges.productId, range))
    .groupBy(productBadges.productId)
    .as('badge_lists');
  const facetLists = db
    .select({
      productId: productFacetValues.productId,
      list: sql<string>`string_agg(${productFacetValues.facet} || chr(31) || ${productFacetValues.value}, chr(30))`.as('facet_list'),
    })
    .from(productFacetValues)
    .where(inRange(productFacetValues.productId, range))
    .groupBy(productFacetValues.productId)
    .as('facet_lists');
  const firstImages = db
    .selectDistinctOn([productImages.productId], { productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(inRange(productImages.productId, range))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
    .as('first_images');
  const skuLists = db
    .select({
      productId: offerings.productId,
      list: sql<string>`string_agg(${offerings.sku}, chr(30) order by ${offerings.position}, ${offerings.id})`.as('sku_list'),
    })
    .from(offerings)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(inRange(offerings.productId, range))
    .groupBy(offerings.productId)
    .as('sku_lists');
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      searchText: products.searchText,
      sku: offerings.sku,
      imageUrl: firstImages.url,
      categoryId: products.categoryId,
      brandSlug: brands.slug,
      brandName: brands.name,
      priceIncVat: prices.priceIncVat,
      priceExVat: prices.priceExVat,
      wasPriceIncVat: prices.wasPriceIncVat,
      wasPriceExVat: prices.wasPriceExVat,
      discountPercentage: prices.discountPercentage,
      ratingTenths: products.ratingTenths,
      reviewsCount: products.reviewsCount,
      questionsCount: products.questionsCount,
      popularity: products.popularity,
      deliveryClass: products.deliveryClass,
      isBundle: products.isBundle,
      badges: badgeLists.list,
      facets: facetLists.list,
      skus: skuLists.list,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(offerings, defaultOffering)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .leftJoin(badgeLists, eq(badgeLists.productId, products.id))
    .leftJoin(facetLists, eq(facetLists.productId, products.id))
    .leftJoin(firstImages, eq(firstImages.productId, products.id))
    .leftJoin(skuLists, eq(skuLists.productId, products.id))
    .where(and(inRange(products.id, range), onSale))
    .orderBy(asc(products.id));
  return rows.map((row) => ({
    ...row,
    discountPercentage: row.discountPercentage ?? 0,
    badges: row.badges ? row.badges.split(',') : [],
    facets: row.facets ? row.facets.split(RECORD).map((pair) => pair.split(FIELD) as [string, string]) : [],
    skus: row.skus ? row.skus.split(RECORD) : [],
    stockStatus: null,
    stockEta: null,
  }));
}

/** Where the catalogue's change counter stands (`catalogueChanges`): equal readings mean nothing shown changed between them. */
export async function readCatalogueVersion(db: Database): Promise<string> {
  const result = (await db.execute(sql`select last_value::text as version from catalogue_changes`)) as unknown as { rows: { version: string }[] };
  return result.rows[0]!.version;
}

/** The tables whose changes move the counter (migration 0013's triggers). */
const COUNTED_TABLES = [
  'categories',
  'category_facets',
  'brands',
  'products',
  'offerings',
  'prices',
  'product_badges',
  'product_facet_values',
  'product_images',
  'stock_levels',
];

/** Whether a writer that may have moved the counter has not committed yet (db/writers.ts). */
export const catalogueWriteUnderWay = (db: Database): Promise<boolean> => writeUnderWay(db, COUNTED_TABLES);

export async function listBrands(db: Database) {
  return db.select({ slug: brands.slug, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

/** What a listing card and a product page both show of a product and its default offering. */
const cardColumns = {
  product: products,
  brand: { slug: brands.slug, name: brands.name },
  category: { slug: categories.slug, name: categories.name },
  sku: offerings.sku,
  price: prices,
  badges: sql<string[]>`coalesce((select json_agg(${productBadges.badge} order by ${productBadges.badge})
    from ${productBadges} where ${productBadges.productId} = ${products.id}), '[]'::json)`,
};

function cardsQuery(db: Database) {
  return db
    .select({
      ...cardColumns,
      imageUrl: sql<
        string | null
      >`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
      offeringCount: sql<number>`(select count(*) from ${offerings} o2 where o2.product_id = ${products.id})`.mapWith(Number),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(offerings, defaultOffering)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`, onSale))
    .prepare('product_cards');
}
// Every listing and suggestion ends here: built once per database, planned once per connection.
const cardsQueries = new WeakMap<Database, ReturnType<typeof cardsQuery>>();

/** Listing cards for the given products, in the order given. */
export async function listCards(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  let query = cardsQueries.get(db);
  if (!query) cardsQueries.set(db, (query = cardsQuery(db)));
  const rows = await query.execute({ ids: [...ids] });
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}
export type CardRow = Awaited<ReturnType<typeof listCards>>[number];

export interface SummaryOffering {
  sku: string;
  label: string;
  isDefault: boolean;
  widthMm: number | null;
  finish: string | null;
  handing: 'left' | 'right' | null;
  packQty: number;
  priceIncVat: number;
  priceExVat: number;
  wasPriceIncVat: number | null;
  wasPriceExVat: number | null;
  discountPercentage: number | null;
}

/** The summary query for one kind of lookup, its text built once; `key` is the placeholder. */
function summaryQuery(db: Database, by: 'slug' | 'sku') {
  return db
    .select({
      ...cardColumns,
      offerings: sql<SummaryOffering[]>`(select json_agg(json_build_object(
          'sku', o.sku, 'label', o.label, 'isDefault', o.is_default, 'widthMm', o.width_mm, 'finish', o.finish, 'handing', o.handing,
          'packQty', o.pack_qty, 'priceIncVat', p.price_inc_vat, 'priceExVat', p.price_ex_vat, 'wasPriceIncVat', p.was_price_inc_vat,
          'wasPriceExVat', p.was_price_ex_vat, 'discountPercentage', p.discount_percentage
        ) order by o.position)
        from ${offerings} o join ${prices} p on p.offering_id = o.id
        where o.product_id = ${products.id})`,
      images: sql<
        { url: string; altText: string; sku: string | null }[]
      >`coalesce((select json_agg(json_build_object('url', i.url, 'altText', i.alt_text, 'sku', io.sku) order by i.position, i.id)
        from ${productImages} i left join ${offerings} io on io.id = i.offering_id where i.product_id = ${products.id}), '[]'::json)`,
      /** The sub-category's department: a family's specification rows are looked up by either (docs/domain.md §2.1). */
      departmentSlug: sql<string | null>`(select d.slug from ${categories} d where d.id = ${categories.parentId})`,
      bundleComponents: sql<{ sku: string; slug: string; productName: string; quantity: number }[]>`coalesce((select json_agg(json_build_object(
          'sku', co.sku, 'slug', cp.slug, 'productName', cp.name, 'quantity', bc.quantity) order by bc.position, cp.category_id, co.id)
        from ${bundleComponents} bc join ${offerings} co on co.id = bc.offering_id join ${products} cp on cp.id = co.product_id
        where bc.bundle_product_id = ${products.id}), '[]'::json)`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(offerings, defaultOffering)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(
      and(
        by === 'slug'
          ? eq(products.slug, sql.placeholder('key'))
          : eq(products.id, sql`(select so.product_id from ${offerings} so where so.sku = ${sql.placeholder('key')})`),
        onSale,
      ),
    )
    .prepare(`product_summary_by_${by}`);
}
// Product pages are the busiest call: build each query once per database, and let PostgreSQL
// plan it once per connection (a named prepared statement).
const summaryQueries = new WeakMap<Database, Record<'slug' | 'sku', ReturnType<typeof summaryQuery>>>();

/**
 * Everything a product page shows, by slug or by any of its skus, in one indexed query: the card,
 * with the offerings, images and bundle components aggregated as JSON.
 */
export async function findProductSummary(db: Database, by: { slug: string } | { sku: string }) {
  let queries = summaryQueries.get(db);
  if (!queries) summaryQueries.set(db, (queries = { slug: summaryQuery(db, 'slug'), sku: summaryQuery(db, 'sku') }));
  const [row] = 'slug' in by ? await queries.slug.execute({ key: by.slug }) : await queries.sku.execute({ key: by.sku });
  return row && { ...row, imageUrl: row.images[0]?.url ?? null, offeringCount: row.offerings.length };
}

export async function findProductId(db: Database, by: { slug: string } | { sku: string }): Promise<number | undefined> {
  if ('slug' in by) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, by.slug), onSale));
    return row?.id;
  }
  const [row] = await db
    .select({ id: offerings.productId })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(and(eq(offerings.sku, by.sku), onSale));
  return row?.id;
}

/** Listings running at `now` (no start or started, no end or not yet ended), with their category base. */
export async function listRunningListings(db: Database, now: Date) {
  return db
    .select({
      slug: listings.slug,
      title: listings.title,
      listingType: listings.listingType,
      category: { slug: categories.slug, name: categories.name },
      endsAt: listings.endsAt,
    })
    .from(listings)
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .where(and(or(isNull(listings.startsAt), lte(listings.startsAt, now)), or(isNull(listings.endsAt), gt(listings.endsAt, now))))
    .orderBy(asc(listings.listingType), asc(listings.id));
}

/** One page of product slugs in id order, and how many products there are in all. */
export async function listProductSlugs(db: Database, offset: number, limit: number) {
  const [rows, [count]] = await Promise.all([
    db.select({ slug: products.slug, createdAt: products.createdAt }).from(products).where(onSale).orderBy(asc(products.id)).offset(offset).limit(limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(onSale),
  ]);
  return { rows, total: count?.total ?? 0 };
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

export async function findBundle(db: Database, id: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isBundle, true), onSale));
  return row;
}

/** A product's essential items; with a bundle, also those that belong to it within that bundle. */
export async function listEssentialItems(db: Database, productId: number, bundleId: number | null) {
  const own = and(eq(essentialItems.productId, productId), isNull(essentialItems.bundleProductId));
  return (
    db
      .select({
        requirement: essentialItems.requirement,
        quantity: essentialItems.quantity,
        compatibilityRule: essentialItems.compatibilityRule,
        sku: offerings.sku,
        productId: offerings.productId,
        withinBundle: sql<boolean>`${essentialItems.bundleProductId} is not null`,
      })
      .from(essentialItems)
      .innerJoin(offerings, eq(offerings.id, essentialItems.itemOfferingId))
      .innerJoin(products, eq(products.id, offerings.productId))
      .where(and(bundleId === null ? own : or(own, eq(essentialItems.bundleProductId, bundleId)), onSale))
      // Each kind lists the product's own items before those it needs within the bundle: each list has its own places.
      .orderBy(sql`${essentialItems.requirement} = 'required' desc`, sql`${essentialItems.bundleProductId} is not null`, asc(essentialItems.position))
  );
}

/** The essential items of these products (their own, not a bundle's), on sale, with each item's sub-category: "complete your bathroom". */
export async function essentialsOfProducts(db: Database, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      forProductId: essentialItems.productId,
      productId: offerings.productId,
      categoryId: products.categoryId,
      requirement: essentialItems.requirement,
      position: essentialItems.position,
    })
    .from(essentialItems)
    .innerJoin(offerings, eq(offerings.id, essentialItems.itemOfferingId))
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(and(inArray(essentialItems.productId, [...productIds]), isNull(essentialItems.bundleProductId), onSale));
}

/** The sub-categories these products are in. */
export async function categoryIdsOf(db: Database, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Set(rows.map((row) => row.categoryId));
}

export async function productExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

export async function listApprovedUserContent(db: Database, productId: number, limit: number) {
  return db
    .select({
      id: userContent.id,
      authorName: userContent.authorName,
      caption: userContent.caption,
      imageUrl: userContent.imageUrl,
      createdAt: userContent.createdAt,
    })
    .from(userContent)
    .where(and(eq(userContent.productId, productId), eq(userContent.consentGiven, true), eq(userContent.moderationStatus, 'approved')))
    .orderBy(desc(userContent.createdAt), desc(userContent.id))
    .limit(limit);
}

/** Product ids for carousels: the most popular (only those that sold: a best seller has sales), or the newest, optionally within categories. */
export async function listTopProductIds(db: Database, order: 'popularity' | 'newest', categoryIds: number[] | null, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(onSale, categoryIds ? inArray(products.categoryId, categoryIds) : undefined, order === 'popularity' ? gt(products.popularity, 0) : undefined))
    .orderBy(order === 'popularity' ? desc(products.popularity) : desc(products.createdAt), asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Those of `productIds` in the categories, in the order given. */
export async function productsInCategories(db: Database, productIds: readonly number[], categoryIds: readonly number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), inArray(products.categoryId, [...categoryIds])));
  const inThem = new Set(rows.map((row) => row.id));
  return productIds.filter((id) => inThem.has(id));
}

export async function productIdsForSkus(db: Database, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: offerings.sku, productId: offerings.productId })
    .from(offerings)
    .where(inArray(offerings.sku, [...skus]));
  return new Map(rows.map((row) => [row.sku, row.productId]));
}

/** Whether each sku's product can come back as unwanted (`returnability.ts`); skus not in the catalogue are left out. */
export async function returnabilityOfSkus(db: Database, skus: readonly string[]): Promise<Map<string, Returnability>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: offerings.sku, returnability: products.returnability })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(inArray(offerings.sku, [...skus]));
  return new Map(rows.map((row) => [row.sku, row.returnability]));
}

/**
 * The product name and variant label of each sku the catalogue has, on sale or not (a withdrawn product's row stays):
 * how a basket still names a line it can no longer sell. A sku the catalogue never had is left out.
 */
export async function namesOfSkus(db: Database, skus: readonly string[]): Promise<Map<string, { productName: string; label: string }>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: offerings.sku, productName: products.name, label: offerings.label })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(inArray(offerings.sku, [...skus]));
  return new Map(rows.map(({ sku, ...name }) => [sku, name]));
}

/** What a sku's delivery options depend on here: its product's delivery class and its price (stock is inventory's). */
export async function findSkuDeliveryFacts(db: Database, sku: string) {
  const [row] = await db
    .select({ sku: offerings.sku, deliveryClass: products.deliveryClass, unitPriceIncVat: prices.priceIncVat })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(eq(offerings.sku, sku));
  return row;
}
