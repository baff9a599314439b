/**
 * Pure rules of what a file adds and renames (docs/catalogue-files.md, decision 0112): a row whose
 * code is new adds a variant to the product its `product_slug` names, or makes a new product; a
 * product's name, description, brand and category follow its rows. The rules of a new product and
 * variant are the staff form's (`product-additions.ts`, `newVariantOptions`); here they are said as
 * refusals by line and column instead of thrown.
 */
import type { RangeColumn, RangeRefusal } from '@shop/contracts';
import { describeDetailChanges, describeNewVariant, newProductSlug, newVariantOptions, type VariantOptions } from './product-edits.ts';

/** A product as the shop has it now, for the rows that name it. */
export interface CurrentProduct {
  productId: number;
  slug: string;
  name: string;
  description: string;
  brandName: string;
  categoryName: string;
  family: string;
  variants: VariantOptions[];
}

/** A row's own values about its product and variant, as read (null where empty). */
export interface RowNaming {
  line: number;
  sku: string;
  productSlug: string | null;
  productName: string | null;
  brand: string | null;
  category: string | null;
  description: string | null;
  family: string | null;
  variantLabel: string | null;
  priceIncVat: number | null;
  vatRateCode: string | null;
  stockOnHand: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** What a product's rows set on it: slugs of the brand and category the shop has. */
export interface ProductFields {
  name?: string;
  description?: string;
  brandSlug?: string;
  categorySlug?: string;
}

/** A new variant, as planned: the form's figures. */
export interface NewVariantPlan {
  line: number;
  sku: string;
  label: string;
  priceIncVat: number;
  vatRateCode: string;
  stockOnHand: number;
}

/** A new product, as planned: its address (else made as the form makes it) and details. */
export interface NewProductPlan {
  slug: string;
  name: string;
  description: string;
  brandSlug: string;
  categorySlug: string;
  family: string | null;
}

export interface Choice {
  slug: string;
  name: string;
}

export interface AdditionContext {
  brands: readonly Choice[];
  categories: readonly Choice[];
  vatRateName: (code: string) => string;
}

/** A brand or sub-category the shop has, by its slug or its name (either case); a name two have is refused as unclear. */
export function findChoice(text: string, choices: readonly Choice[], what: 'brand' | 'category'): { choice: Choice } | { reason: string } {
  const bySlug = choices.find((choice) => choice.slug === text.toLowerCase());
  if (bySlug) return { choice: bySlug };
  const byName = choices.filter((choice) => choice.name.toLowerCase() === text.toLowerCase());
  if (byName.length === 1) return { choice: byName[0]! };
  if (byName.length > 1)
    return {
      reason:
        `${byName.length} ${what === 'brand' ? 'brands' : 'categories'} are called “${text}”: ` +
        `give its slug, one of ${byName.map((choice) => choice.slug).join(', ')}`,
    };
  return {
    reason:
      what === 'brand'
        ? `There is no brand “${text}”: use a brand of the shop, as an export names them`
        : `There is no sub-category “${text}”: use a sub-category of the shop, as an export names them`,
  };
}

const PRODUCT_COLUMNS = [
  ['productName', 'product_name'],
  ['description', 'description'],
  ['brand', 'brand'],
  ['category', 'category'],
  ['family', 'family'],
] as const satisfies readonly (readonly [keyof RowNaming, RangeColumn])[];

/**
 * One value of each product column from a product's rows: the first row that gives it; a later row
 * giving another is refused, so a product is never named two ways.
 */
function productValues(rows: readonly RowNaming[]): { values: Partial<Record<(typeof PRODUCT_COLUMNS)[number][0], string>>; refusals: RangeRefusal[] } {
  const values: Partial<Record<(typeof PRODUCT_COLUMNS)[number][0], string>> = {};
  const from: Partial<Record<string, number>> = {};
  const refusals: RangeRefusal[] = [];
  for (const row of rows)
    for (const [key, column] of PRODUCT_COLUMNS) {
      const value = row[key] as string | null;
      if (value === null) continue;
      if (values[key] === undefined) {
        values[key] = value;
        from[key] = row.line;
      } else if (values[key] !== value)
        refusals.push({
          line: row.line,
          column,
          reason: `Line ${from[key]} gives this product another ${column}: give it the same on each of its rows, or leave it empty`,
        });
    }
  return { values, refusals };
}

/** The changes a product's rows make to its name, description, brand and category, in words as the editor says them. */
export function planProductFields(
  rows: readonly RowNaming[],
  product: CurrentProduct,
  context: AdditionContext,
): { fields: ProductFields; words: string[] } | { refusals: RangeRefusal[] } {
  const { values, refusals } = productValues(rows);
  const lineOf = (key: keyof RowNaming) => rows.find((row) => row[key] !== null)?.line ?? rows[0]!.line;
  // Its own brand and category as exported are no change, even where another has the same name.
  const same = (text: string | undefined, name: string) => text === undefined || text.toLowerCase() === name.toLowerCase();
  const brand = same(values.brand, product.brandName) ? undefined : findChoice(values.brand!, context.brands, 'brand');
  if (brand && 'reason' in brand) refusals.push({ line: lineOf('brand'), column: 'brand', reason: brand.reason });
  const category = same(values.category, product.categoryName) ? undefined : findChoice(values.category!, context.categories, 'category');
  if (category && 'reason' in category) refusals.push({ line: lineOf('category'), column: 'category', reason: category.reason });
  if (values.family !== undefined && values.family !== product.family)
    refusals.push({
      line: lineOf('family'),
      column: 'family',
      reason: `${product.slug} is of the family “${product.family}”: a file does not change a product’s family, so leave it as exported`,
    });
  if (refusals.length > 0) return { refusals };
  const fields: ProductFields = {};
  if (values.productName !== undefined && values.productName !== product.name) fields.name = values.productName;
  if (values.description !== undefined && values.description !== product.description.trim()) fields.description = values.description;
  const brandChoice = brand && 'choice' in brand ? brand.choice : undefined;
  const categoryChoice = category && 'choice' in category ? category.choice : undefined;
  if (brandChoice && brandChoice.name !== product.brandName) fields.brandSlug = brandChoice.slug;
  if (categoryChoice && categoryChoice.name !== product.categoryName) fields.categorySlug = categoryChoice.slug;
  const words = describeDetailChanges(
    { ...product, specifications: {} },
    {
      name: fields.name ?? product.name,
      description: fields.description ?? product.description,
      brandName: brandChoice?.name ?? product.brandName,
      categoryName: categoryChoice?.name ?? product.categoryName,
      specifications: {},
    },
  );
  return { fields, words };
}

/** A new product from its rows: the form's required details, with the first row's name and code making its address when the file gives none. */
export function planNewProduct(
  rows: readonly RowNaming[],
  context: AdditionContext,
): { product: NewProductPlan; words: string } | { refusals: RangeRefusal[] } {
  const { values, refusals } = productValues(rows);
  const first = rows[0]!;
  const missing = (column: RangeColumn, what: string) =>
    refusals.push({ line: first.line, column, reason: `Enter ${what}: ${first.sku} is a new code, so the row adds a new product` });
  if (values.productName === undefined) missing('product_name', 'the product name');
  let brand: Choice | undefined;
  let category: Choice | undefined;
  if (values.brand === undefined) missing('brand', 'the brand');
  else {
    const found = findChoice(values.brand, context.brands, 'brand');
    if ('reason' in found) refusals.push({ line: first.line, column: 'brand', reason: found.reason });
    else brand = found.choice;
  }
  if (values.category === undefined) missing('category', 'the sub-category');
  else {
    const found = findChoice(values.category, context.categories, 'category');
    if ('reason' in found) refusals.push({ line: first.line, column: 'category', reason: found.reason });
    else category = found.choice;
  }
  if (refusals.length > 0 || !brand || !category) return { refusals };
  const product = {
    slug: first.productSlug ?? newProductSlug(values.productName!, first.sku),
    name: values.productName!,
    description: values.description ?? '',
    brandSlug: brand.slug,
    categorySlug: category.slug,
    family: values.family ?? null,
  };
  return { product, words: `New product “${product.name}” (${product.slug}), ${brand.name}, in ${category.name}` };
}

/**
 * A row adding a variant (to `variants`, the product's options as they will be): the form's fields
 * (its label as shoppers choose it, price, VAT rate and stock on hand) are needed; its first price
 * starts now, as the form's does.
 */
export function planNewVariant(
  row: RowNaming,
  variants: readonly VariantOptions[],
  context: AdditionContext,
): { variant: NewVariantPlan; options: VariantOptions; words: string } | { refusals: RangeRefusal[] } {
  const refusals: RangeRefusal[] = [];
  const need = (column: RangeColumn, what: string) => refusals.push({ line: row.line, column, reason: `Enter ${what} of the new variant ${row.sku}` });
  if (row.variantLabel === null) need('variant_label', 'the finish or size, as shoppers choose it,');
  if (row.priceIncVat === null) need('price_inc_vat_pence', 'the price');
  if (row.vatRateCode === null) need('vat_rate', 'the VAT rate');
  if (row.stockOnHand === null) need('stock_on_hand', 'the stock on hand');
  if (row.startsAt !== null || row.endsAt !== null)
    refusals.push({
      line: row.line,
      column: row.startsAt !== null ? 'price_starts_at' : 'price_ends_at',
      reason: `A new variant’s first price starts now: leave the times empty, and schedule a change once ${row.sku} is added`,
    });
  const read = row.variantLabel === null ? null : newVariantOptions(row.variantLabel, variants);
  if (read && 'problem' in read) refusals.push({ line: row.line, column: 'variant_label', reason: read.problem });
  if (refusals.length > 0 || !read || 'problem' in read) return { refusals };
  const variant = {
    line: row.line,
    sku: row.sku,
    label: row.variantLabel!,
    priceIncVat: row.priceIncVat!,
    vatRateCode: row.vatRateCode!,
    stockOnHand: row.stockOnHand!,
  };
  return { variant, options: read.options, words: describeNewVariant({ ...variant, vatRateName: context.vatRateName(variant.vatRateCode) }) };
}
