import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { builtOnce, rawStatement } from '../../../db/built-once.ts';
import type { Database, Transaction } from '../../../db/client.ts';
import {
  brands,
  categories,
  offerings,
  prices,
  productAudit,
  productFacetValues,
  productImages,
  products,
  productVersions,
  scheduledPrices,
} from '../catalogue.tables.ts';

/** The SQL of the staff product editor (product-editor.ts holds the rules). */
type Db = Database | Transaction;

export interface StaffSearch {
  text?: string;
  categoryIds?: readonly number[];
  brandSlug?: string;
  offset: number;
  limit: number;
}

/** Products by part of their name or a code's start, category and brand, by name; with the count of all that match. */
export async function searchProducts(db: Db, search: StaffSearch) {
  const conditions = [
    search.text
      ? or(
          sql`${products.name} ilike ${`%${escapeLike(search.text)}%`}`,
          sql`exists (select 1 from ${offerings} so where so.product_id = ${products.id} and so.sku ilike ${`${escapeLike(search.text)}%`})`,
        )
      : undefined,
    search.categoryIds ? inArray(products.categoryId, [...search.categoryIds]) : undefined,
    search.brandSlug ? eq(brands.slug, search.brandSlug) : undefined,
  ];
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      brandName: brands.name,
      categoryName: categories.name,
      defaultSku: offerings.sku,
      variantCount: sql<number>`(select count(*)::int from ${offerings} vo where vo.product_id = ${products.id})`,
      priceIncVat: prices.priceIncVat,
      withdrawn: sql<boolean>`${products.withdrawnAt} is not null`,
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(offerings, and(eq(offerings.productId, products.id), eq(offerings.isDefault, true)))
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(and(...conditions))
    .orderBy(asc(products.name), asc(products.id))
    .offset(search.offset)
    .limit(search.limit);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Products with their brand, sub-category and version, as the editor shows them. */
function productsWithVersions(db: Db) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      family: products.family,
      deliveryClass: products.deliveryClass,
      returnability: products.returnability,
      specifications: products.specifications,
      searchText: products.searchText,
      brandSlug: brands.slug,
      brandName: brands.name,
      categorySlug: categories.slug,
      categoryName: categories.name,
      withdrawnAt: products.withdrawnAt,
      version: sql<number>`coalesce(${productVersions.version}, 0)`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(productVersions, eq(productVersions.productId, products.id));
}

export async function findProduct(db: Db, id: number) {
  const [row] = await productsWithVersions(db).where(eq(products.id, id));
  return row;
}

/** Several products as `findProduct` reads one (an import's batch), in no order. */
export function findProducts(db: Db, ids: readonly number[]) {
  return productsWithVersions(db).where(sql`${products.id} = any(${sql.param([...ids])}::int[])`);
}

export function variantsWithPrices(db: Db, productId: number) {
  return db
    .select({
      offeringId: offerings.id,
      sku: offerings.sku,
      label: offerings.label,
      isDefault: offerings.isDefault,
      widthMm: offerings.widthMm,
      finish: offerings.finish,
      handing: offerings.handing,
      packQty: offerings.packQty,
      priceIncVat: prices.priceIncVat,
      priceExVat: prices.priceExVat,
      vatRateCode: prices.vatRateCode,
      wasPriceIncVat: prices.wasPriceIncVat,
    })
    .from(offerings)
    .innerJoin(prices, eq(prices.offeringId, offerings.id))
    .where(eq(offerings.productId, productId))
    .orderBy(asc(offerings.position), asc(offerings.id));
}

export function schedulesOf(db: Db, offeringIds: readonly number[]) {
  return db
    .select()
    .from(scheduledPrices)
    .where(inArray(scheduledPrices.offeringId, [...offeringIds]))
    .orderBy(desc(scheduledPrices.startsAt), desc(scheduledPrices.id));
}

export function auditOf(db: Db, productId: number, limit: number) {
  return db.select().from(productAudit).where(eq(productAudit.productId, productId)).orderBy(desc(productAudit.at), desc(productAudit.id)).limit(limit);
}

export const listBrandChoices = (db: Db) => db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands).orderBy(asc(brands.name));

/** Sub-categories (a product sits in one, under its department), and with `departments` the departments too. */
export const listCategoryChoices = (db: Db, { departments = false } = {}) =>
  db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(departments ? undefined : isNotNull(categories.parentId))
    .orderBy(asc(categories.name));

/**
 * Moves the product's version on from `expected`, false when it is no longer that: the row lock
 * makes a second writer wait for the first and then find the version moved (decision 0086).
 */
export async function moveVersionOn(tx: Transaction, productId: number, expected: number): Promise<boolean> {
  if (expected === 0) {
    const inserted = await tx.insert(productVersions).values({ productId, version: 1 }).onConflictDoNothing().returning({ version: productVersions.version });
    return inserted.length === 1;
  }
  const updated = await tx
    .update(productVersions)
    .set({ version: sql`${productVersions.version} + 1` })
    .where(and(eq(productVersions.productId, productId), eq(productVersions.version, expected)))
    .returning({ version: productVersions.version });
  return updated.length === 1;
}

/**
 * What a new product of the sub-category takes from those already in it (or, when it has none, from
 * its department's): its family, delivery class, guarantee, WEEE and returnability.
 */
export async function categoryHabits(db: Db, category: { id: number }) {
  const result = (await db.execute(
    sql`select p.family, p.delivery_class as "deliveryClass", p.guarantee_years as "guaranteeYears", p.is_weee as "isWeee", p.returnability,
               bool_or(p.category_id = ${category.id}) as "ownCategory"
          from ${products} p join ${categories} c on c.id = p.category_id
         where c.id = ${category.id} or c.parent_id = (select parent_id from ${categories} where id = ${category.id})
         group by 1, 2, 3, 4, 5
         order by bool_or(p.category_id = ${category.id}) desc, count(*) desc
         limit 1`,
  )) as unknown as {
    rows: (Pick<typeof products.$inferSelect, 'family' | 'deliveryClass' | 'guaranteeYears' | 'isWeee' | 'returnability'> & { ownCategory: boolean })[];
  };
  return result.rows[0];
}

/** The sub-category's department's name (searched for, as the seed's products are). */
export async function departmentNameOf(db: Db, categoryId: number): Promise<string> {
  const [row] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(sql`${categories.id} = (select parent_id from ${categories} where id = ${categoryId})`);
  return row?.name ?? '';
}

/** A new product; undefined when its slug is taken (by a product of the same code, written at the same time). */
export async function insertProduct(tx: Transaction, row: typeof products.$inferInsert): Promise<number | undefined> {
  const [inserted] = await tx.insert(products).values(row).onConflictDoNothing({ target: products.slug }).returning({ id: products.id });
  return inserted?.id;
}

/** A new variant last among its product's; undefined when its code is taken (the unique index waits for a writer of the same code). */
export async function insertOffering(
  tx: Transaction,
  row: {
    productId: number;
    sku: string;
    label: string;
    isDefault: boolean;
    widthMm: number | null;
    finish: string | null;
    handing: string | null;
    packQty: number;
  },
): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(offerings)
    .values({
      ...row,
      handing: row.handing as 'left' | 'right' | null,
      position: sql`(select coalesce(max(position) + 1, 0) from ${offerings} where product_id = ${row.productId})`,
    })
    .onConflictDoNothing({ target: offerings.sku })
    .returning({ id: offerings.id });
  return inserted?.id;
}

/*
 * Facet values and change-list lines are written for one product by the editor and for a batch's
 * hundreds by an import, so they are built once with their rows as arrays (decisions 0151, 0154):
 * one text for any number of rows, and no multi-row insert built value by value.
 */
const facetValuesInsert = builtOnce<{ productId: number[]; facet: string[]; value: string[] }, unknown>((db) =>
  rawStatement(
    db,
    sql`insert into ${productFacetValues} (product_id, facet, value)
      select * from unnest(${sql.placeholder('productId')}::int[], ${sql.placeholder('facet')}::text[], ${sql.placeholder('value')}::text[])
      on conflict do nothing`,
  ),
);

/** Facet values of products (a new variant's width, finish or handing), each once. */
export async function insertFacetValues(tx: Transaction, rows: readonly { productId: number; facet: string; value: string }[]): Promise<void> {
  if (rows.length > 0)
    await facetValuesInsert(tx, { productId: rows.map((row) => row.productId), facet: rows.map((row) => row.facet), value: rows.map((row) => row.value) });
}

/** A picture of the product, after its others. */
export async function insertImage(tx: Transaction, row: { productId: number; offeringId: number; url: string; altText: string }): Promise<void> {
  await tx.insert(productImages).values({
    ...row,
    position: sql`(select coalesce(max(position) + 1, 0) from ${productImages} where product_id = ${row.productId})`,
  });
}

/** A product's pictures in the order its page shows them. */
export function imagesOf(db: Db, productId: number) {
  return db
    .select({ id: productImages.id, offeringId: productImages.offeringId, url: productImages.url, altText: productImages.altText })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

export async function deleteImage(tx: Transaction, id: number): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.id, id));
}

/** Numbers the product's pictures 0, 1, 2… in the order of `ids` (all of its pictures). */
export async function setImageOrder(tx: Transaction, productId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`update ${productImages} set position = o.place - 1
    from unnest(array[${list}]::int[]) with ordinality as o(id, place)
    where ${productImages.id} = o.id and ${productImages.productId} = ${productId}`);
}

/** Whether a product shows the picture at `url`: only such files are served to anyone. */
export async function isProductImage(db: Db, url: string): Promise<boolean> {
  const [row] = await db.select({ id: productImages.id }).from(productImages).where(eq(productImages.url, url)).limit(1);
  return row !== undefined;
}

export async function updateProduct(tx: Transaction, id: number, changes: Partial<typeof products.$inferInsert>): Promise<void> {
  await tx.update(products).set(changes).where(eq(products.id, id));
}

export async function updateOffering(tx: Transaction, id: number, changes: { sku?: string; label?: string }): Promise<void> {
  await tx.update(offerings).set(changes).where(eq(offerings.id, id));
}

/** The codes among these that another offering than `exceptProductId`'s, or any, already has. */
export async function takenSkus(db: Db, skus: readonly string[], exceptOfferingIds: readonly number[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .select({ sku: offerings.sku })
    .from(offerings)
    .where(
      and(
        sql`${offerings.sku} = any(${sql.param([...skus])}::text[])`,
        exceptOfferingIds.length > 0 ? sql`${offerings.id} <> all(${sql.param([...exceptOfferingIds])}::int[])` : undefined,
      ),
    );
  return new Set(rows.map((row) => row.sku));
}

const auditInsert = builtOnce<Record<'productId' | 'at' | 'actorUserId' | 'actorName' | 'what', unknown[]>, unknown>((db) =>
  rawStatement(
    db,
    sql`insert into ${productAudit} (product_id, at, actor_user_id, actor_name, what)
      select * from unnest(${sql.placeholder('productId')}::int[], ${sql.placeholder('at')}::timestamptz[], ${sql.placeholder('actorUserId')}::text[],
        ${sql.placeholder('actorName')}::text[], ${sql.placeholder('what')}::text[])`,
  ),
);

export async function insertAudit(db: Db, rows: (typeof productAudit.$inferInsert)[]): Promise<void> {
  if (rows.length > 0)
    await auditInsert(db, {
      productId: rows.map((row) => row.productId),
      at: rows.map((row) => row.at.toISOString()),
      actorUserId: rows.map((row) => row.actorUserId ?? null),
      actorName: rows.map((row) => row.actorName ?? null),
      what: rows.map((row) => row.what),
    });
}

export async function insertSchedule(tx: Transaction, row: typeof scheduledPrices.$inferInsert): Promise<void> {
  await tx.insert(scheduledPrices).values(row);
}

/** The scheduled and started prices of these offerings, earliest first: what a new one must not overlap (price-schedules.ts). */
export function liveSchedulesOf(db: Db, offeringIds: readonly number[]) {
  if (offeringIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      offeringId: scheduledPrices.offeringId,
      priceIncVat: scheduledPrices.priceIncVat,
      vatRateCode: scheduledPrices.vatRateCode,
      startsAt: scheduledPrices.startsAt,
      endsAt: scheduledPrices.endsAt,
      status: scheduledPrices.status,
    })
    .from(scheduledPrices)
    .where(and(inArray(scheduledPrices.offeringId, [...offeringIds]), inArray(scheduledPrices.status, ['scheduled', 'started'])))
    .orderBy(asc(scheduledPrices.startsAt), asc(scheduledPrices.id));
}

export async function cancelSchedule(tx: Transaction, productId: number, id: number) {
  const [row] = await tx
    .update(scheduledPrices)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(scheduledPrices.id, id),
        eq(scheduledPrices.status, 'scheduled'),
        sql`${scheduledPrices.offeringId} in (select id from ${offerings} where product_id = ${productId})`,
      ),
    )
    .returning({ offeringId: scheduledPrices.offeringId, priceIncVat: scheduledPrices.priceIncVat, startsAt: scheduledPrices.startsAt });
  return row;
}

/** A started price of the offering that staff's new price replaces: it ends without bringing the earlier price back. */
export async function supersedeStarted(tx: Transaction, offeringId: number): Promise<void> {
  await tx
    .update(scheduledPrices)
    .set({ status: 'ended' })
    .where(and(eq(scheduledPrices.offeringId, offeringId), eq(scheduledPrices.status, 'started')));
}

/** Erasure (catalogue.personal-data.ts): the changes a member of staff made, and their anonymising. */
export async function countAuditBy(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(productAudit)
    .where(eq(productAudit.actorUserId, userId));
  return row?.count ?? 0;
}

export async function anonymiseAuditBy(tx: Transaction, userId: string): Promise<number> {
  const rows = await tx
    .update(productAudit)
    .set({ actorUserId: null, actorName: 'Erased staff member' })
    .where(eq(productAudit.actorUserId, userId))
    .returning({ id: productAudit.id });
  return rows.length;
}
