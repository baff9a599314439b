import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { offerings, prices, priceHistory, products, productVersions, scheduledPrices } from '../catalogue.tables.ts';

/** The SQL of an import's batch (range-apply-batch.ts): what it needs read in one query per kind, and new products written several to a statement. */
type Db = Database | Transaction;

/** The addresses among these that the shop has. */
export async function takenSlugs(db: Db, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(inArray(products.slug, [...slugs]));
  return new Set(rows.map((row) => row.slug));
}

/** New products with their first version; none when an address was taken meanwhile (the unique index makes a second writer wait). */
export async function insertProducts(tx: Transaction, rows: (typeof products.$inferInsert)[]): Promise<Map<string, number>> {
  const inserted = await tx.insert(products).values(rows).onConflictDoNothing({ target: products.slug }).returning({ id: products.id, slug: products.slug });
  if (inserted.length < rows.length) return new Map();
  await tx
    .insert(productVersions)
    .values(inserted.map(({ id }) => ({ productId: id, version: 1 })))
    .onConflictDoNothing();
  return new Map(inserted.map((row) => [row.slug, row.id]));
}

/** New variants; a code taken meanwhile is skipped, so fewer come back. */
export async function insertOfferings(tx: Transaction, rows: (typeof offerings.$inferInsert)[]): Promise<Map<string, number>> {
  const inserted = await tx.insert(offerings).values(rows).onConflictDoNothing({ target: offerings.sku }).returning({ id: offerings.id, sku: offerings.sku });
  return new Map(inserted.map((row) => [row.sku, row.id]));
}

/** New variants' first prices, each the start of its price history. */
export async function insertFirstPrices(
  tx: Transaction,
  rows: readonly { offeringId: number; vatRateCode: string; priceIncVat: number; priceExVat: number }[],
  at: Date,
): Promise<void> {
  await tx.insert(prices).values([...rows]);
  await tx.insert(priceHistory).values(rows.map(({ offeringId, priceIncVat, priceExVat }) => ({ offeringId, priceIncVat, priceExVat, effectiveFrom: at })));
}

/** These products' versions locked for the caller's transaction, in product order, before anything of theirs is read. */
export async function lockVersions(tx: Transaction, productIds: readonly number[]): Promise<void> {
  await tx
    .select({ productId: productVersions.productId })
    .from(productVersions)
    .where(inArray(productVersions.productId, [...productIds]))
    .orderBy(asc(productVersions.productId))
    .for('update');
}

/** Each product's version moved on (a staff editor's save made against the one before is refused), in product order. */
export async function moveVersionsOn(tx: Transaction, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .insert(productVersions)
    .values(productIds.toSorted((a, b) => a - b).map((productId) => ({ productId, version: 1 })))
    .onConflictDoUpdate({ target: productVersions.productId, set: { version: sql`${productVersions.version} + 1` } });
}

/** The variants of these products with their options and prices, the prices locked for the caller's transaction, in offering order. */
export function lockVariantPrices(tx: Transaction, productIds: readonly number[]) {
  return tx
    .select({
      productId: offerings.productId,
      offeringId: offerings.id,
      sku: offerings.sku,
      position: offerings.position,
      widthMm: offerings.widthMm,
      finish: offerings.finish,
      handing: offerings.handing,
      packQty: offerings.packQty,
      priceIncVat: prices.priceIncVat,
      priceExVat: prices.priceExVat,
      vatRateCode: prices.vatRateCode,
    })
    .from(offerings)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(inArray(offerings.productId, [...productIds]))
    .orderBy(asc(offerings.id))
    .for('update', { of: prices });
}

/** These offerings' started schedules ended: a price set now for good gives way (`supersedeStarted`, for many). */
export async function endStartedSchedules(tx: Transaction, offeringIds: readonly number[]): Promise<void> {
  if (offeringIds.length === 0) return;
  await tx
    .update(scheduledPrices)
    .set({ status: 'ended' })
    .where(and(inArray(scheduledPrices.offeringId, [...offeringIds]), eq(scheduledPrices.status, 'started')));
}

/** Products' names, descriptions and searched words set, and their brand or sub-category where one is given: one statement for all. */
export async function updateProductDetails(
  tx: Transaction,
  rows: readonly { id: number; name: string; description: string; searchText: string; brandId: number | null; categoryId: number | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((row) => row[key]));
  await tx.execute(sql`
    update ${products} set name = changed.name, description = changed.description, search_text = changed.search_text,
      brand_id = coalesce(changed.brand_id, ${products.brandId}), category_id = coalesce(changed.category_id, ${products.categoryId})
    from unnest(${column('id')}::int[], ${column('name')}::text[], ${column('description')}::text[], ${column('searchText')}::text[],
      ${column('brandId')}::int[], ${column('categoryId')}::int[]) as changed(id, name, description, search_text, brand_id, category_id)
    where ${products.id} = changed.id`);
}
