/**
 * Applying one product of a checked import or feed (decision 0093), in the caller's transaction:
 * a new product made as the staff form makes one (`product-additions.ts`, decision 0112), new
 * variants added as the form adds them, names, descriptions, brands and categories changed as the
 * editor changes them, then prices (through `price-history.ts`) and stock (through inventory).
 */
import type { RangeRefusal } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { CatalogueDeps } from './catalogue.deps.ts';
import type { PlannedProduct } from './catalogue.tables.ts';
import { alreadyScheduled, isScheduled, pricePeriod, setPriceIn } from './price-schedules.ts';
import { addProductIn, addVariantIn, subCategoryWaysIn, type SubCategoryWays, type VariantToAdd } from './product-additions.ts';
import type { VatRates } from './product-editor.ts';
import { describeDetailChanges, describePriceEdit, newVariantOptions, searchTextAfter, type VariantOptions } from './product-edits.ts';
import { endsBeforeStartRefusal, overlapRefusal } from './range-rows.ts';
import * as editorRepository from './repository/product-editor.ts';
import * as repository from './repository/range-import.ts';

/** A row the shop refuses while applying (stock held meanwhile): the product's transaction is rolled back. */
export class RowRefused extends Error {
  readonly refusal: RangeRefusal;
  constructor(refusal: RangeRefusal) {
    super(refusal.reason);
    this.refusal = refusal;
  }
}

/** A new product of the file made meanwhile by another import (its address was free when checked): applied again, it is that product. */
export class MadeMeanwhile extends Error {}

export interface Applying {
  deps: CatalogueDeps;
  who: { actorUserId: string | null; actorName: string; source: string };
  rates: VatRates;
  brands: readonly { id: number; slug: string; name: string }[];
  categories: readonly { id: number; slug: string; name: string }[];
  /** Each sub-category's ways, read by its first new product of the import (read data, kept though that product rolls back). */
  subCategoryWays: Map<number, SubCategoryWays>;
}

/** The lines of a planned product's rows, in file order. */
export function linesOf(planned: PlannedProduct): number[] {
  const lines = [planned.add?.line, planned.details?.line, ...planned.rows.map((row) => row.line), ...(planned.added ?? []).map((row) => row.line)];
  return [...new Set(lines.filter((line) => line !== undefined))].toSorted((a, b) => a - b);
}

/** The brand and sub-category of these slugs, refused on `line` when one has gone since the file was checked. */
function choicesOf(applying: Applying, slugs: { brandSlug?: string; categorySlug?: string }, line: number) {
  const brand = slugs.brandSlug === undefined ? undefined : applying.brands.find((choice) => choice.slug === slugs.brandSlug);
  if (slugs.brandSlug !== undefined && !brand)
    throw new RowRefused({ line, column: 'brand', reason: `The brand “${slugs.brandSlug}” is no longer in the shop` });
  const category = slugs.categorySlug === undefined ? undefined : applying.categories.find((choice) => choice.slug === slugs.categorySlug);
  if (slugs.categorySlug !== undefined && !category)
    throw new RowRefused({ line, column: 'category', reason: `The sub-category “${slugs.categorySlug}” is no longer in the shop` });
  return { brand, category };
}

/**
 * Reads a new variant's options from its label as the form does; refused on its line when the
 * product's variants have changed so that it no longer says them.
 */
function variantToAdd(row: NonNullable<PlannedProduct['added']>[number], variants: readonly VariantOptions[]): VariantToAdd & { line: number } {
  const read = newVariantOptions(row.label, variants);
  if ('problem' in read) throw new RowRefused({ line: row.line, column: 'variant_label', reason: read.problem });
  return { ...row, field: '', options: read.options };
}

/**
 * A product's new variants read against its `variants` (in the order its page shows them) as the form
 * reads each, every one added before among those the next is read against: those to add, and those
 * whose code is the product's already (added meanwhile), which change it as its rows do.
 */
export function newVariantsOf(
  added: NonNullable<PlannedProduct['added']>,
  variants: readonly (VariantOptions & { sku: string })[],
): { adding: (VariantToAdd & { line: number })[]; already: PlannedProduct['rows'] } {
  const options: VariantOptions[] = [...variants];
  const adding: (VariantToAdd & { line: number })[] = [];
  const already: PlannedProduct['rows'] = [];
  for (const row of added) {
    if (variants.some((variant) => variant.sku === row.sku)) {
      already.push({ ...row, startsAt: null, endsAt: null });
      continue;
    }
    const variant = variantToAdd(row, options);
    options.push(variant.options);
    adding.push(variant);
  }
  return { adding, already };
}

/** A code taken meanwhile by another product, refused on its row (a refusal of the form's, thrown as an `AppError`). */
async function refusingTaken<T>(line: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError && error.code === 'DUPLICATE_SKU') throw new RowRefused({ line, column: 'sku', reason: error.message });
    throw error;
  }
}

/** A new product's brand, sub-category and variants as the file gives them; `RowRefused` when one no longer reads. */
export function newProductOf(applying: Applying, planned: PlannedProduct & { add: NonNullable<PlannedProduct['add']> }) {
  const { brand, category } = choicesOf(applying, planned.add, planned.add.line);
  return { brand: brand!, category: category!, variants: newVariantsOf(planned.added ?? [], []).adding };
}

/** The sub-category's ways, read once an import (decision 0112). */
export async function waysOf(applying: Applying, tx: Transaction, category: { id: number; name: string }): Promise<SubCategoryWays> {
  let ways = applying.subCategoryWays.get(category.id);
  if (!ways) applying.subCategoryWays.set(category.id, (ways = await subCategoryWaysIn(tx, category)));
  return ways;
}

/** A new product with its variants, as the form makes one; its audit line. Throws `MadeMeanwhile` when another import made it first. */
async function makeProduct(
  applying: Applying,
  tx: Transaction,
  planned: PlannedProduct & { add: NonNullable<PlannedProduct['add']> },
  now: Date,
): Promise<number> {
  const { add } = planned;
  const { brand, category, variants } = newProductOf(applying, planned);
  let made: { id: number; what: string };
  try {
    made = await addProductIn(applying.deps, tx, { ...add, brand, category }, variants, applying.rates, now, await waysOf(applying, tx, category));
  } catch (error) {
    if (error instanceof AppError && error.code === 'DUPLICATE_SKU') throw new MadeMeanwhile();
    throw error;
  }
  await editorRepository.insertAudit(tx, [{ productId: made.id, at: now, ...applying.who, what: `${applying.who.source}: ${made.what}` }]);
  return made.id;
}

/**
 * The product's name, description, brand and category as the file gives them, changed as the editor
 * changes them: its audit lines and its row's new values (nothing to write when there are no lines).
 * `RowRefused` when the brand or sub-category has gone since the file was checked.
 */
export function detailChangesOf(
  applying: Applying,
  product: NonNullable<Awaited<ReturnType<typeof editorRepository.findProduct>>>,
  details: NonNullable<PlannedProduct['details']>,
) {
  const { brand, category } = choicesOf(applying, details, details.line);
  const after = {
    name: details.name ?? product.name,
    description: details.description ?? product.description,
    brandName: brand?.name ?? product.brandName,
    categoryName: category?.name ?? product.categoryName,
    specifications: product.specifications,
  };
  const searchText = searchTextAfter(product.searchText, [
    [product.name, after.name],
    [product.brandName, after.brandName],
    [product.categoryName, after.categoryName],
  ]);
  const row = { name: after.name, description: after.description, searchText, brandId: brand?.id ?? null, categoryId: category?.id ?? null };
  return { lines: describeDetailChanges(product, after), row };
}

/** The product's details changed as the file gives them, alone; its audit lines. */
async function changeDetails(applying: Applying, tx: Transaction, productId: number, details: NonNullable<PlannedProduct['details']>): Promise<string[]> {
  const { lines, row } = detailChangesOf(applying, (await editorRepository.findProduct(tx, productId))!, details);
  if (lines.length === 0) return lines;
  const { brandId, categoryId, ...named } = row;
  await editorRepository.updateProduct(tx, productId, { ...named, ...(brandId !== null && { brandId }), ...(categoryId !== null && { categoryId }) });
  return lines;
}

/**
 * One product of a plan, in the caller's transaction; returns its id. A new product is made whole
 * (or, made meanwhile by another import, `MadeMeanwhile` is thrown and the caller applies it again,
 * when it is found by its address and its rows change it as an existing one's do). An existing
 * product's details change, its new variants are added (a code of its already, added meanwhile, is
 * a row that changes it), each price is set as the editor sets it (now, or scheduled; the same
 * schedule already there is left as it is), each stock count through inventory, then a line in its
 * change list. Throws `RowRefused` when a count no longer covers what is held, a price's end has
 * passed meanwhile, its period meets a schedule made meanwhile, or a code was taken meanwhile.
 */
export async function applyProduct(applying: Applying, tx: Transaction, planned: PlannedProduct, now: Date): Promise<number> {
  let productId = planned.productId;
  let details = planned.details;
  if (planned.add) {
    productId = (await repository.productIdBySlug(tx, planned.add.slug)) ?? null;
    if (productId === null) return makeProduct(applying, tx, { ...planned, add: planned.add }, now);
    details = planned.add;
  }
  await repository.moveVersionOnAnyway(tx, productId!);
  const lines = details ? await changeDetails(applying, tx, productId!, details) : [];
  const { adding, already } = newVariantsOf(planned.added ?? [], planned.added ? await editorRepository.variantsWithPrices(tx, productId!) : []);
  for (const variant of adding)
    lines.push(await refusingTaken(variant.line, () => addVariantIn(applying.deps, tx, productId!, { ...variant, isDefault: false }, applying.rates, now)));
  lines.push(...(await applyRows(applying, tx, productId!, [...planned.rows, ...already], now)));
  if (lines.length > 0)
    await editorRepository.insertAudit(tx, [{ productId: productId!, at: now, ...applying.who, what: `${applying.who.source}: ${lines.join('; ')}` }]);
  return productId!;
}

/** Prices and stock of the product's variants the rows name; their audit lines. */
async function applyRows(applying: Applying, tx: Transaction, productId: number, rows: PlannedProduct['rows'], now: Date): Promise<string[]> {
  const { deps, rates } = applying;
  const basisPointsOf = (code: string) => rates.get(code)?.basisPoints;
  const variants = await editorRepository.variantsWithPrices(tx, productId);
  const lines: string[] = [];
  for (const row of rows) {
    const variant = variants.find((candidate) => candidate.sku === row.sku);
    if (!variant) throw new RowRefused({ line: row.line, column: 'sku', reason: `${row.sku} is no longer a variant of this product` });
    const price = { priceIncVat: row.priceIncVat ?? variant.priceIncVat, vatRateCode: row.vatRateCode ?? variant.vatRateCode };
    const asked = { startsAt: row.startsAt ? new Date(row.startsAt) : null, endsAt: row.endsAt ? new Date(row.endsAt) : null };
    const period = pricePeriod(asked, now);
    if (!period) throw new RowRefused(endsBeforeStartRefusal(row.line, asked.endsAt!));
    const changes = isScheduled(period)
      ? !alreadyScheduled(await editorRepository.liveSchedulesOf(tx, [variant.offeringId]), price, period)
      : price.priceIncVat !== variant.priceIncVat || price.vatRateCode !== variant.vatRateCode;
    if (changes) {
      if ('overlaps' in (await setPriceIn(tx, variant, price, period, basisPointsOf, now))) throw new RowRefused(overlapRefusal(row.line, row.sku, period));
      const vatRateName = rates.get(price.vatRateCode)?.name ?? price.vatRateCode;
      lines.push(describePriceEdit({ sku: row.sku, ...price, vatRateName, ...period }, variant.priceIncVat));
    }
    if (row.stockOnHand !== null) {
      const before = (await deps.inventory.stockRecords({ db: tx }, [row.sku])).get(row.sku)?.onHand ?? 0;
      const stock = await deps.inventory.setStockOnHand({ db: tx }, row.sku, row.stockOnHand, now);
      if ('refused' in stock) {
        const reason =
          stock.refused === 'made-to-order'
            ? `${row.sku} is made to order and the shop keeps no stock of it`
            : `${stock.held} of ${row.sku} are now held for orders and payments: stock on hand cannot be less than ${stock.held}`;
        throw new RowRefused({ line: row.line, column: 'stock_on_hand', reason });
      }
      if (before !== row.stockOnHand) lines.push(`Stock on hand of ${row.sku}: ${before} → ${row.stockOnHand}`);
    }
  }
  return lines;
}
