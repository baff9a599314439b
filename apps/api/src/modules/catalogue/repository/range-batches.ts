import { and, asc, eq, sql } from 'drizzle-orm';
import { builtOnce, rawStatement } from '../../../db/built-once.ts';
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
    .where(sql`${products.slug} = any(${sql.param([...slugs])}::text[])`);
  return new Set(rows.map((row) => row.slug));
}

/*
 * The writes of a batch's new products and variants are built once (decision 0151) with their rows
 * as arrays, so each has one text for any number of rows: drizzle building a multi-row insert cost
 * about half of an import's CPU (a parameter and its checks per value), and each batch's row count
 * gave its statements a new text for every connection to prepare (decision 0154).
 */
const p = sql.placeholder;
/** Each key's values of `rows`, as one array each. */
function arraysOf<T extends object, K extends keyof T>(rows: readonly T[], keys: readonly K[]): Record<K, T[K][]> {
  return Object.fromEntries(keys.map((key) => [key, rows.map((row) => row[key])])) as Record<K, T[K][]>;
}

export interface NewProductRow {
  slug: string;
  name: string;
  description: string;
  brandId: number;
  categoryId: number;
  family: string;
  deliveryClass: string;
  guaranteeYears: number;
  isWeee: boolean;
  returnability: string;
  searchText: string;
}
const PRODUCT_KEYS = [
  'slug',
  'name',
  'description',
  'brandId',
  'categoryId',
  'family',
  'deliveryClass',
  'guaranteeYears',
  'isWeee',
  'returnability',
  'searchText',
] as const satisfies readonly (keyof NewProductRow)[];
const productsInsert = builtOnce<Record<string, unknown>, { rows: { id: number; slug: string }[] }>((db) =>
  rawStatement(
    db,
    sql`with made as (
        insert into ${products} (slug, name, description, brand_id, category_id, family, delivery_class, guarantee_years, is_weee, returnability,
          search_text, created_at)
        select v.*, ${p('createdAt')}::timestamptz from unnest(${p('slug')}::text[], ${p('name')}::text[], ${p('description')}::text[],
          ${p('brandId')}::int[], ${p('categoryId')}::int[], ${p('family')}::text[], ${p('deliveryClass')}::text[], ${p('guaranteeYears')}::int[],
          ${p('isWeee')}::boolean[], ${p('returnability')}::text[], ${p('searchText')}::text[]) as v
        on conflict (slug) do nothing
        returning id, slug),
      versions as (insert into ${productVersions} (product_id, version) select id, 1 from made on conflict do nothing)
      select id, slug from made`,
  ),
);

/** New products with their first version; none when an address was taken meanwhile (the unique index makes a second writer wait). */
export async function insertProducts(tx: Transaction, rows: readonly NewProductRow[], createdAt: Date): Promise<Map<string, number>> {
  const inserted = (await productsInsert(tx, { ...arraysOf(rows, PRODUCT_KEYS), createdAt: createdAt.toISOString() })).rows;
  if (inserted.length < rows.length) return new Map();
  return new Map(inserted.map((row) => [row.slug, Number(row.id)]));
}

export interface NewOfferingRow {
  productId: number;
  sku: string;
  label: string;
  isDefault: boolean;
  position: number;
  widthMm: number | null;
  finish: string | null;
  handing: string | null;
  packQty: number;
}
const OFFERING_KEYS = [
  'productId',
  'sku',
  'label',
  'isDefault',
  'position',
  'widthMm',
  'finish',
  'handing',
  'packQty',
] as const satisfies readonly (keyof NewOfferingRow)[];
const offeringsInsert = builtOnce<Record<string, unknown>, { rows: { id: number; sku: string }[] }>((db) =>
  rawStatement(
    db,
    sql`insert into ${offerings} (product_id, sku, label, is_default, position, width_mm, finish, handing, pack_qty)
      select * from unnest(${p('productId')}::int[], ${p('sku')}::text[], ${p('label')}::text[], ${p('isDefault')}::boolean[], ${p('position')}::int[],
        ${p('widthMm')}::int[], ${p('finish')}::text[], ${p('handing')}::text[], ${p('packQty')}::int[])
      on conflict (sku) do nothing
      returning id, sku`,
  ),
);

/** New variants; a code taken meanwhile is skipped, so fewer come back. */
export async function insertOfferings(tx: Transaction, rows: readonly NewOfferingRow[]): Promise<Map<string, number>> {
  const inserted = (await offeringsInsert(tx, arraysOf(rows, OFFERING_KEYS))).rows;
  return new Map(inserted.map((row) => [row.sku, Number(row.id)]));
}

const PRICE_KEYS = ['offeringId', 'vatRateCode', 'priceIncVat', 'priceExVat'] as const;
const firstPricesInsert = builtOnce<Record<string, unknown>, unknown>((db) =>
  rawStatement(
    db,
    sql`with priced as (
        insert into ${prices} (offering_id, vat_rate_code, price_inc_vat, price_ex_vat)
        select * from unnest(${p('offeringId')}::int[], ${p('vatRateCode')}::text[], ${p('priceIncVat')}::int[], ${p('priceExVat')}::int[])
        returning offering_id, price_inc_vat, price_ex_vat)
      insert into ${priceHistory} (offering_id, price_inc_vat, price_ex_vat, effective_from)
      select offering_id, price_inc_vat, price_ex_vat, ${p('at')}::timestamptz from priced`,
  ),
);

/** New variants' first prices, each the start of its price history, in one statement. */
export async function insertFirstPrices(
  tx: Transaction,
  rows: readonly { offeringId: number; vatRateCode: string; priceIncVat: number; priceExVat: number }[],
  at: Date,
): Promise<void> {
  if (rows.length > 0) await firstPricesInsert(tx, { ...arraysOf(rows, PRICE_KEYS), at: at.toISOString() });
}

/** These products' versions locked for the caller's transaction, in product order, before anything of theirs is read. */
export async function lockVersions(tx: Transaction, productIds: readonly number[]): Promise<void> {
  await tx
    .select({ productId: productVersions.productId })
    .from(productVersions)
    .where(sql`${productVersions.productId} = any(${sql.param([...productIds])}::int[])`)
    .orderBy(asc(productVersions.productId))
    .for('update');
}

const versionsMove = builtOnce<{ productIds: number[] }, unknown>((db) =>
  rawStatement(
    db,
    sql`insert into ${productVersions} (product_id, version)
      select product_id, 1 from unnest(${p('productIds')}::int[]) as moved(product_id)
      on conflict (product_id) do update set version = ${productVersions.version} + 1`,
  ),
);

/** Each product's version moved on (a staff editor's save made against the one before is refused), in product order. */
export async function moveVersionsOn(tx: Transaction, productIds: readonly number[]): Promise<void> {
  if (productIds.length > 0) await versionsMove(tx, { productIds: productIds.toSorted((a, b) => a - b) });
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
    .where(sql`${offerings.productId} = any(${sql.param([...productIds])}::int[])`)
    .orderBy(asc(offerings.id))
    .for('update', { of: prices });
}

/** These offerings' started schedules ended: a price set now for good gives way (`supersedeStarted`, for many). */
export async function endStartedSchedules(tx: Transaction, offeringIds: readonly number[]): Promise<void> {
  if (offeringIds.length === 0) return;
  await tx
    .update(scheduledPrices)
    .set({ status: 'ended' })
    .where(and(sql`${scheduledPrices.offeringId} = any(${sql.param([...offeringIds])}::int[])`, eq(scheduledPrices.status, 'started')));
}

const DETAIL_KEYS = ['id', 'name', 'description', 'searchText', 'brandId', 'categoryId'] as const;
const detailsUpdate = builtOnce<Record<(typeof DETAIL_KEYS)[number], unknown[]>, unknown>((db) =>
  rawStatement(
    db,
    sql`update ${products} set name = changed.name, description = changed.description, search_text = changed.search_text,
        brand_id = coalesce(changed.brand_id, ${products.brandId}), category_id = coalesce(changed.category_id, ${products.categoryId})
      from unnest(${p('id')}::int[], ${p('name')}::text[], ${p('description')}::text[], ${p('searchText')}::text[], ${p('brandId')}::int[],
        ${p('categoryId')}::int[]) as changed(id, name, description, search_text, brand_id, category_id)
      where ${products.id} = changed.id`,
  ),
);

/** Products' names, descriptions and searched words set, and their brand or sub-category where one is given: one statement for all. */
export async function updateProductDetails(
  tx: Transaction,
  rows: readonly { id: number; name: string; description: string; searchText: string; brandId: number | null; categoryId: number | null }[],
): Promise<void> {
  if (rows.length > 0) await detailsUpdate(tx, arraysOf(rows, DETAIL_KEYS));
}
