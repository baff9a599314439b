import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { bundleComponents, essentialItems, offerings, products } from '../catalogue.tables.ts';

/** The SQL of a product's essential items and a bundle's contents as staff edit them (product-essentials.ts holds the rules). */
type Db = Database | Transaction;

const item = {
  sku: offerings.sku,
  offeringId: offerings.id,
  productId: products.id,
  productName: products.name,
  label: offerings.label,
  withdrawn: sql<boolean>`${products.withdrawnAt} is not null`,
  isBundle: products.isBundle,
};

/** A variant by its code, with its product: what staff name an item by. */
export async function findItem(db: Db, sku: string) {
  const [row] = await db
    .select(item)
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(sql`lower(${offerings.sku}) = lower(${sku})`)
    .limit(1);
  return row;
}

export async function isBundle(db: Db, productId: number): Promise<boolean> {
  const [row] = await db.select({ isBundle: products.isBundle }).from(products).where(eq(products.id, productId));
  return row?.isBundle ?? false;
}

const essentialColumns = {
  ...item,
  id: essentialItems.id,
  forProductId: essentialItems.productId,
  requirement: essentialItems.requirement,
  quantity: essentialItems.quantity,
  compatibilityRule: essentialItems.compatibilityRule,
};
const essentialOrder = [sql`${essentialItems.requirement} = 'required' desc`, asc(essentialItems.position), asc(essentialItems.id)];

/**
 * A product's own essential items, or with a bundle those it needs within that bundle only (not its own):
 * required first, each kind in its order.
 */
export function essentialsOf(db: Db, productId: number, bundleProductId: number | null = null) {
  return db
    .select(essentialColumns)
    .from(essentialItems)
    .innerJoin(offerings, eq(offerings.id, essentialItems.itemOfferingId))
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(
      and(
        eq(essentialItems.productId, productId),
        bundleProductId === null ? isNull(essentialItems.bundleProductId) : eq(essentialItems.bundleProductId, bundleProductId),
      ),
    )
    .orderBy(...essentialOrder);
}

/** Every essential item the bundle's items need within it, each with the product that needs it (`forProductId`), in their order. */
export function essentialsWithinBundle(db: Db, bundleProductId: number) {
  return db
    .select(essentialColumns)
    .from(essentialItems)
    .innerJoin(offerings, eq(offerings.id, essentialItems.itemOfferingId))
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(eq(essentialItems.bundleProductId, bundleProductId))
    .orderBy(...essentialOrder);
}

/** Deletes what a product needs within the bundle, as it leaves it. */
export async function deleteEssentialsWithinBundle(tx: Transaction, bundleProductId: number, productId: number): Promise<void> {
  await tx.delete(essentialItems).where(and(eq(essentialItems.bundleProductId, bundleProductId), eq(essentialItems.productId, productId)));
}

export async function insertEssential(tx: Transaction, row: typeof essentialItems.$inferInsert): Promise<number> {
  const [added] = await tx.insert(essentialItems).values(row).returning({ id: essentialItems.id });
  return added!.id;
}

export async function updateEssential(
  tx: Transaction,
  id: number,
  changes: Pick<typeof essentialItems.$inferInsert, 'requirement' | 'quantity' | 'compatibilityRule'>,
): Promise<void> {
  await tx.update(essentialItems).set(changes).where(eq(essentialItems.id, id));
}

export async function deleteEssential(tx: Transaction, id: number): Promise<void> {
  await tx.delete(essentialItems).where(eq(essentialItems.id, id));
}

/** The ids given as rows `o(id, place)`, the first place 1. */
const places = (ids: readonly number[]) =>
  sql`unnest(array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]) with ordinality as o(id, place)`;

/** Gives the rows named their places in the order given, the first 0. */
export async function setEssentialOrder(tx: Transaction, productId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update ${essentialItems} set position = o.place - 1 from ${places(ids)}
    where ${essentialItems.id} = o.id and ${essentialItems.productId} = ${productId}`);
}

/** A bundle's contents in the order its page lists them. */
export function bundleItemsOf(db: Db, bundleProductId: number) {
  return db
    .select({ ...item, quantity: bundleComponents.quantity })
    .from(bundleComponents)
    .innerJoin(offerings, eq(offerings.id, bundleComponents.offeringId))
    .innerJoin(products, eq(products.id, offerings.productId))
    .where(eq(bundleComponents.bundleProductId, bundleProductId))
    .orderBy(asc(bundleComponents.position), asc(products.categoryId), asc(offerings.id));
}

/** The bundles holding one of the product's variants. */
export function bundlesContaining(db: Db, productId: number) {
  return db
    .selectDistinct({
      id: bundleComponents.bundleProductId,
      name: sql<string>`(select b.name from ${products} b where b.id = ${bundleComponents.bundleProductId})`,
    })
    .from(bundleComponents)
    .innerJoin(offerings, eq(offerings.id, bundleComponents.offeringId))
    .where(eq(offerings.productId, productId))
    .orderBy(asc(bundleComponents.bundleProductId));
}

export async function insertBundleItem(tx: Transaction, row: typeof bundleComponents.$inferInsert): Promise<void> {
  await tx.insert(bundleComponents).values(row);
}

export async function setBundleItemQuantity(tx: Transaction, bundleProductId: number, offeringId: number, quantity: number): Promise<void> {
  await tx
    .update(bundleComponents)
    .set({ quantity })
    .where(and(eq(bundleComponents.bundleProductId, bundleProductId), eq(bundleComponents.offeringId, offeringId)));
}

export async function deleteBundleItem(tx: Transaction, bundleProductId: number, offeringId: number): Promise<void> {
  await tx.delete(bundleComponents).where(and(eq(bundleComponents.bundleProductId, bundleProductId), eq(bundleComponents.offeringId, offeringId)));
}

/** Gives the bundle's items their places in the order of the variants given, the first 0. */
export async function setBundleOrder(tx: Transaction, bundleProductId: number, offeringIds: readonly number[]): Promise<void> {
  if (offeringIds.length === 0) return;
  await tx.execute(sql`update ${bundleComponents} set position = o.place - 1 from ${places(offeringIds)}
    where ${bundleComponents.offeringId} = o.id and ${bundleComponents.bundleProductId} = ${bundleProductId}`);
}
