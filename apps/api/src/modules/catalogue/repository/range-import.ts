import { and, asc, eq, getTableColumns, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { RangeRefusal } from '@shop/contracts';
import type { Database, Transaction } from '../../../db/client.ts';
import type { VariantOptions } from '../product-edits.ts';
import { brands, categories, offerings, prices, products, productVersions, rangeImports } from '../catalogue.tables.ts';

/** The SQL of the range's export, imports and feed (range-import.ts holds the rules). */
type Db = Database | Transaction;

/** Up to `limit` variants after the offering `after`, in the order they were added, with their product and price. */
export function rangePage(db: Db, after: number, limit: number) {
  return db
    .select({
      offeringId: offerings.id,
      sku: offerings.sku,
      label: offerings.label,
      productSlug: products.slug,
      productName: products.name,
      brand: brands.name,
      category: categories.name,
      description: products.description,
      family: products.family,
      priceIncVat: prices.priceIncVat,
      priceExVat: prices.priceExVat,
      vatRateCode: prices.vatRateCode,
    })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(gt(offerings.id, after))
    .orderBy(asc(offerings.id))
    .limit(limit);
}

/** The variants with these codes: their product and price in force. */
export function variantsBySku(db: Db, skus: readonly string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select({
      offeringId: offerings.id,
      sku: offerings.sku,
      productId: offerings.productId,
      productSlug: products.slug,
      priceIncVat: prices.priceIncVat,
      vatRateCode: prices.vatRateCode,
    })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(inArray(offerings.sku, [...skus]));
}

/** The products with these ids or addresses, with the options of their variants in the order their page shows them. */
export async function productsOf(db: Db, found: { ids: readonly number[]; slugs: readonly string[] }) {
  if (found.ids.length === 0 && found.slugs.length === 0) return [];
  const rows = await db
    .select({
      productId: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      family: products.family,
      brandName: brands.name,
      categoryName: categories.name,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(or(inArray(products.id, [...found.ids, -1]), inArray(products.slug, [...found.slugs, ''])));
  const variants = await db
    .select({ productId: offerings.productId, widthMm: offerings.widthMm, finish: offerings.finish, handing: offerings.handing, packQty: offerings.packQty })
    .from(offerings)
    .where(
      inArray(
        offerings.productId,
        rows.map((row) => row.productId),
      ),
    )
    .orderBy(asc(offerings.position), asc(offerings.id));
  const byProduct = new Map<number, VariantOptions[]>();
  for (const { productId, ...options } of variants) byProduct.set(productId, [...(byProduct.get(productId) ?? []), options]);
  return rows.map((row) => ({ ...row, variants: byProduct.get(row.productId) ?? [] }));
}

/** The product at this address, if any (a new product of a file may have been made meanwhile by another import). */
export async function productIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return row?.id;
}

/** A change not made in the editor moves the product's version on too, so an editor opened before it is refused (decision 0086). */
export async function moveVersionOnAnyway(tx: Transaction, productId: number): Promise<void> {
  await tx
    .insert(productVersions)
    .values({ productId, version: 1 })
    .onConflictDoUpdate({ target: productVersions.productId, set: { version: sql`${productVersions.version} + 1` } });
}

export async function insertImport(db: Db, row: typeof rangeImports.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(rangeImports).values(row).returning({ id: rangeImports.id });
  return inserted!.id;
}

/**
 * An import's report, its plan left in the database: a file's plan is a few hundred bytes a product,
 * tens of megabytes for a large range, and the staff page asks for the report every few seconds
 * while the job applies it. Only the plan's product count is read.
 */
export async function findImport(db: Db, id: string) {
  const { plan: _plan, ...report } = getTableColumns(rangeImports);
  const [row] = await db
    .select({ ...report, products: sql<number>`jsonb_array_length(${rangeImports.plan})`.mapWith(Number) })
    .from(rangeImports)
    .where(eq(rangeImports.id, id));
  return row;
}

/** A checked import queued for the job; an import already queued or applied is left as it is (applying twice does nothing). */
export async function queueImport(db: Db, id: string): Promise<void> {
  await db
    .update(rangeImports)
    .set({ status: 'queued' })
    .where(and(eq(rangeImports.id, id), eq(rangeImports.status, 'checked')));
}

/** Claims one queued import, or one whose worker's lease ran out, until `lockedUntil`; several workers never take the same one. */
export async function claimImport(db: Database, now: Date, lockedUntil: Date) {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: rangeImports.id })
      .from(rangeImports)
      .where(or(eq(rangeImports.status, 'queued'), and(eq(rangeImports.status, 'applying'), lt(rangeImports.lockedUntil, now))))
      .orderBy(asc(rangeImports.checkedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx.update(rangeImports).set({ status: 'applying', lockedUntil }).where(eq(rangeImports.id, due.id)).returning();
    return claimed;
  });
}

/** A batch of products done, in its transaction, and the worker's hold renewed; refusals found while applying are added to the report. */
export async function advanceImport(
  tx: Db,
  id: string,
  productsDone: number,
  lockedUntil: Date,
  refused?: { refusals: (RangeRefusal & { whileApplying: 'refused' | 'not-applied' })[]; rows: number },
): Promise<void> {
  await tx
    .update(rangeImports)
    .set({
      productsDone,
      lockedUntil,
      ...(refused && {
        refusals: sql`${rangeImports.refusals} || ${JSON.stringify(refused.refusals)}::jsonb`,
        refused: sql`${rangeImports.refused} + ${refused.refusals.length}`,
        changing: sql`${rangeImports.changing} - ${refused.rows}`,
      }),
    })
    .where(eq(rangeImports.id, id));
}

export async function finishImport(db: Db, id: string, now: Date): Promise<void> {
  await db.update(rangeImports).set({ status: 'applied', finishedAt: now, lockedUntil: null }).where(eq(rangeImports.id, id));
}

/** Erasure (catalogue.personal-data.ts): the imports a member of staff checked, and their anonymising. */
export async function countImportsBy(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(rangeImports)
    .where(eq(rangeImports.actorUserId, userId));
  return row?.count ?? 0;
}

export async function anonymiseImportsBy(tx: Transaction, userId: string): Promise<number> {
  const rows = await tx
    .update(rangeImports)
    .set({ actorUserId: null, actorName: 'Erased staff member' })
    .where(eq(rangeImports.actorUserId, userId))
    .returning({ id: rangeImports.id });
  return rows.length;
}
