/**
 * What staff add to the range (issue 42, decision 0105): a product with its first variant, another
 * variant (a finish) of a product, and a picture of a variant. Each price starts through the price
 * history, each stock count through inventory, each picture through files; each addition is in the
 * product's change list with who made it.
 */
import { productImageUrl, slugify, variantFacetValues, type AddStaffVariant, type CreateStaffProduct, type NewStaffVariant } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { CallerContext } from '../../platform/context.ts';
import type { OpenedFile } from '../files/index.ts';
import type { CatalogueDeps } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { pictureAltText } from './picture-alt-text.ts';
import { firstPriceIn } from './price-history.ts';
import { actorOf, chosenBrandAndCategory, underVersion, vatRateOf, type VatRates } from './product-editor.ts';
import { describeNewVariant, newProductSlug, newVariantOptions, type VariantOptions } from './product-edits.ts';
import * as repository from './repository/product-editor.ts';

/** A variant to add: its figures, the field its refusals name (`variant.` of the new product form), and its options read from its label. */
export type VariantToAdd = NewStaffVariant & { field: string; options: VariantOptions };

/**
 * A new variant of the product, in the caller's transaction: its offering (last of the product's),
 * its first price through the price history and its stock through inventory. A code taken meanwhile
 * (the unique index makes a second writer of it wait for the first) is refused as taken. Returns the
 * audit line.
 */
export async function addVariantIn(
  deps: CatalogueDeps,
  tx: Transaction,
  productId: number,
  variant: VariantToAdd & { isDefault: boolean },
  rates: VatRates,
  now: Date,
): Promise<string> {
  const rate = rates.get(variant.vatRateCode)!;
  const offeringId = await repository.insertOffering(tx, {
    productId,
    sku: variant.sku,
    label: variant.label,
    isDefault: variant.isDefault,
    ...variant.options,
  });
  if (offeringId === undefined) throw CatalogueErrors.duplicateSku(`${variant.field}sku`, variant.sku);
  // Its width, finish or handing among the listing's facets, so shoppers filtering by them find it.
  await repository.insertFacetValues(
    tx,
    variantFacetValues(variant.options).map(([facet, value]) => ({ productId, facet, value })),
  );
  await firstPriceIn(
    tx,
    { id: offeringId, sku: variant.sku },
    { priceIncVat: variant.priceIncVat, vatRateCode: rate.code },
    (code) => rates.get(code)?.basisPoints,
    now,
  );
  const stock = await deps.inventory.setStockOnHand({ db: tx }, variant.sku, variant.stockOnHand, now);
  if ('refused' in stock) throw CatalogueErrors.stockNotSet(`${variant.field}stockOnHand`, variant.sku, stock.held);
  return describeNewVariant({ ...variant, vatRateName: rate.name });
}

/**
 * A new variant's size, finish, handing and pack from its label, by what the product's `variants`
 * differ by; refused by its field when the label does not say them.
 */
function optionsOf(label: string, variants: readonly VariantOptions[], field: string): VariantOptions {
  const read = newVariantOptions(label, variants);
  if ('problem' in read) throw CatalogueErrors.variantLabelUnreadable(field, read.problem);
  return read.options;
}

/** Refuses a code another variant already has, before anything is written. */
async function refuseTakenSku(ctx: Pick<CallerContext, 'db'>, sku: string, field: string): Promise<void> {
  if ((await repository.takenSkus(ctx.db, [sku], [])).size > 0) throw CatalogueErrors.duplicateSku(field, sku);
}

/** A new product as staff give it: by form or by file (range-import.ts). `slug`: its address, else made from its name and first code. */
export interface ProductToAdd {
  name: string;
  description: string;
  brand: { id: number; name: string };
  category: { id: number; name: string };
  slug?: string;
  /** Its family (docs/domain.md §2.1), else its sub-category's. */
  family?: string | null;
}

/** What a new product takes from its sub-category (decision 0105): its products' habits and its department's name. */
export interface SubCategoryWays {
  habits: Awaited<ReturnType<typeof repository.categoryHabits>>;
  departmentName: string;
}

/**
 * Read for each product the staff form adds; an import reads them once a sub-category (`range-apply.ts`): the habits query
 * goes over the whole department, which grows with the range. So an import's new products take the sub-category's ways as
 * they were when the import reached it, not as its own earlier rows (a family the file gave one of them) have shifted them.
 */
export async function subCategoryWaysIn(tx: Transaction, category: { id: number }): Promise<SubCategoryWays> {
  const [habits, departmentName] = await Promise.all([repository.categoryHabits(tx, category), repository.departmentNameOf(tx, category.id)]);
  return { habits, departmentName };
}

/** A new product's row: its address, and what it takes from its sub-category's `ways`; searched by its name, brand, sub-category and department. */
export function newProductRow(product: ProductToAdd, firstSku: string, { habits, departmentName }: SubCategoryWays, now: Date) {
  return {
    slug: product.slug ?? newProductSlug(product.name, firstSku),
    name: product.name,
    description: product.description,
    brandId: product.brand.id,
    categoryId: product.category.id,
    family: product.family ?? (habits?.ownCategory ? habits.family : slugify(product.category.name)),
    deliveryClass: habits?.deliveryClass ?? 'parcel',
    guaranteeYears: habits?.guaranteeYears ?? 1,
    isWeee: habits?.isWeee ?? false,
    returnability: habits?.returnability ?? 'standard',
    searchText: [product.name, product.brand.name, product.category.name, departmentName].join(' '),
    createdAt: now,
  };
}

/**
 * A new product with its variants (the first shown first), on sale at once, in the caller's
 * transaction: it takes the family, delivery class, guarantee and returnability of the products of
 * its sub-category (decision 0105), and is searched by its name, brand, sub-category and department,
 * as the seed's are. Its address or a code taken meanwhile is refused as the first code taken, and
 * nothing of it is left. Returns its id and its audit line ("Product added; Variant … added").
 */
export async function addProductIn(
  deps: CatalogueDeps,
  tx: Transaction,
  product: ProductToAdd,
  variants: readonly VariantToAdd[],
  rates: VatRates,
  now: Date,
  known?: SubCategoryWays,
): Promise<{ id: number; what: string }> {
  const [first] = variants;
  const id = await repository.insertProduct(tx, newProductRow(product, first!.sku, known ?? (await subCategoryWaysIn(tx, product.category)), now));
  // Its address is made from its name and code (or given by the file): taken, it is the same product being added at the same time.
  if (id === undefined) throw CatalogueErrors.duplicateSku(`${first!.field}sku`, first!.sku);
  await repository.moveVersionOn(tx, id, 0);
  const lines = ['Product added'];
  for (const [index, variant] of variants.entries()) lines.push(await addVariantIn(deps, tx, id, { ...variant, isDefault: index === 0 }, rates, now));
  return { id, what: lines.join('; ') };
}

/** A new product with its first variant, checked before anything is written. Returns its id. */
export async function createStaffProduct(deps: CatalogueDeps, ctx: CallerContext, body: CreateStaffProduct): Promise<number> {
  const { brand, category } = await chosenBrandAndCategory(ctx, body);
  const rates = await deps.pricing.vatRates(ctx);
  vatRateOf(rates, body.variant.vatRateCode, 'variant.vatRateCode');
  const options = optionsOf(body.variant.label, [], 'variant.label');
  await refuseTakenSku(ctx, body.variant.sku, 'variant.sku');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const product = { name: body.name, description: body.description, brand: brand!, category: category! };
    const added = await addProductIn(deps, tx, product, [{ ...body.variant, field: 'variant.', options }], rates, now);
    await repository.insertAudit(tx, [{ productId: added.id, at: now, ...actorOf(ctx), what: added.what }]);
    return added.id;
  });
}

/** Another variant (a finish or size) of a product, under its version, with its first price and stock. */
export async function addStaffVariant(deps: CatalogueDeps, ctx: CallerContext, id: number, body: AddStaffVariant): Promise<void> {
  if (!(await repository.findProduct(ctx.db, id))) throw CatalogueErrors.productIdNotFound(id);
  const rates = await deps.pricing.vatRates(ctx);
  vatRateOf(rates, body.vatRateCode);
  // Read before the version is checked: a variant added meanwhile moves the version on, so the options read here still hold.
  const options = optionsOf(body.label, await repository.variantsWithPrices(ctx.db, id), 'label');
  await refuseTakenSku(ctx, body.sku, 'sku');
  await underVersion(ctx, id, body.version, async (tx) => {
    const now = ctx.clock.now();
    const added = await addVariantIn(deps, tx, id, { ...body, isDefault: false, field: '', options }, rates, now);
    await repository.insertAudit(tx, [{ productId: id, at: now, ...actorOf(ctx), what: added }]);
  });
}

/**
 * A picture of one variant (its finish), kept by files (a JPEG or PNG, re-encoded without its
 * metadata and no larger than 1,600 px a side) and shown by the product page when that finish is chosen.
 */
export async function addStaffVariantImage(
  deps: CatalogueDeps,
  ctx: CallerContext,
  id: number,
  sku: string,
  uploads: readonly { fileName: string | undefined; bytes: Uint8Array }[],
): Promise<void> {
  const product = await repository.findProduct(ctx.db, id);
  if (!product) throw CatalogueErrors.productIdNotFound(id);
  const variant = (await repository.variantsWithPrices(ctx.db, id)).find((candidate) => candidate.sku === sku);
  if (!variant) throw CatalogueErrors.notThisProductsSku('sku', sku);
  const [upload] = uploads;
  if (!upload) throw CatalogueErrors.imageMissing();
  await deps.files.storeUploads(ctx, [{ purpose: 'product-image', fileName: upload.fileName, bytes: upload.bytes, field: 'body.image' }], ([stored]) =>
    ctx.db.transaction(async (tx) => {
      await repository.insertImage(tx, {
        productId: id,
        offeringId: variant.offeringId,
        url: productImageUrl(stored!.id),
        altText: pictureAltText(product.name, variant),
      });
      await repository.insertAudit(tx, [{ productId: id, at: ctx.clock.now(), ...actorOf(ctx), what: `Picture of ${sku} “${variant.label}” added` }]);
    }),
  );
}

/** A product's picture, for anyone: only a file a product shows, so no other upload is ever served here. */
export async function openProductImage(deps: CatalogueDeps, ctx: CallerContext, imageId: string): Promise<OpenedFile> {
  if (!(await repository.isProductImage(ctx.db, productImageUrl(imageId)))) throw CatalogueErrors.imageNotFound();
  const file = await deps.files.open(ctx, imageId);
  if (file.purpose === 'product-image') return file;
  file.body.destroy();
  throw CatalogueErrors.imageNotFound();
}
