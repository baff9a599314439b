/**
 * The staff product editor (issue 42): the range searched, a product read with its variants, prices,
 * price history, scheduled prices and changes, and edited under its version (decision 0086). Prices
 * change only through `price-history.ts`, so the reference-price rule reads every change. New
 * products, finishes and pictures are `product-additions.ts`'s; removing and ordering pictures `product-pictures.ts`'s;
 * essential items and a bundle's contents `product-essentials.ts`'s.
 */
import {
  formatPence,
  londonShortDateTime,
  FAMILY_SPECIFICATIONS,
  productImageIdOf,
  type ChangeStaffPrice,
  type StaffProduct,
  type StaffProductChoices,
  type StaffProductPage,
  type UpdateStaffProduct,
} from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { Transaction } from '../../db/client.ts';
import type { CatalogueDeps, ListingContext } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { stepsOf } from './price-history.ts';
import { pricePeriod, setPriceIn } from './price-schedules.ts';
import { describeDetailChanges, describePriceEdit, describeVariantChange, searchTextAfter, variantOptionOf } from './product-edits.ts';
import { extrasOf } from './product-extras.ts';
import * as repository from './repository/product-editor.ts';
import { categoryWithChildren, findCategory } from './repository/products.ts';
import { referencePrice } from './reference-price.ts';

/** The families staff may give a product: each lists the specification rows its page shows (docs/domain.md §2.1). */
const FAMILIES: readonly string[] = Object.keys(FAMILY_SPECIFICATIONS).toSorted();

const AUDIT_SHOWN = 50;
const iso = (at: Date | null) => at && at.toISOString();

export async function searchStaffProducts(
  ctx: Pick<CallerContext, 'db'>,
  query: { text?: string; category?: string; brand?: string; pageNumber: number; pageSize: number },
): Promise<StaffProductPage> {
  const category = query.category ? await findCategory(ctx.db, query.category) : undefined;
  const categoryIds = category ? await categoryWithChildren(ctx.db, category) : query.category ? [] : undefined;
  const rows = await repository.searchProducts(ctx.db, {
    text: query.text,
    categoryIds,
    brandSlug: query.brand,
    offset: (query.pageNumber - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const totalCount = rows[0]?.totalCount ?? 0;
  const [brands, categories] = await Promise.all([repository.listBrandChoices(ctx.db), repository.listCategoryChoices(ctx.db, { departments: true })]);
  return {
    brands: brands.map(({ slug, name }) => ({ slug, name })),
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      brandName: row.brandName,
      categoryName: row.categoryName,
      defaultSku: row.defaultSku,
      variantCount: row.variantCount,
      priceIncVat: row.priceIncVat,
      withdrawn: row.withdrawn,
    })),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}

export async function getStaffProduct(deps: CatalogueDeps, ctx: ListingContext, id: number): Promise<StaffProduct> {
  const product = await repository.findProduct(ctx.db, id);
  if (!product) throw CatalogueErrors.productIdNotFound(id);
  const variants = await repository.variantsWithPrices(ctx.db, id);
  const offeringIds = variants.map((variant) => variant.offeringId);
  const [steps, schedules, audit, choices, images, extras] = await Promise.all([
    stepsOf(ctx.db, offeringIds),
    repository.schedulesOf(ctx.db, offeringIds),
    repository.auditOf(ctx.db, id, AUDIT_SHOWN),
    getStaffProductChoices(deps, ctx),
    repository.imagesOf(ctx.db, id),
    extrasOf(ctx.db, id),
  ]);
  const now = ctx.clock.now();
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    brandSlug: product.brandSlug,
    categorySlug: product.categorySlug,
    family: product.family,
    families: FAMILIES.includes(product.family) ? [...FAMILIES] : [product.family, ...FAMILIES],
    deliveryClass: product.deliveryClass,
    returnability: product.returnability,
    specifications: product.specifications,
    withdrawnAt: iso(product.withdrawnAt),
    version: product.version,
    variantOption: variantOptionOf(variants),
    variants: variants.map(({ offeringId, widthMm: _width, finish: _finish, handing: _handing, packQty: _pack, ...variant }) => {
      const history = steps.get(offeringId) ?? [];
      return {
        ...variant,
        // What the rule allows now, even before the hourly job stores it.
        wasPriceIncVat: referencePrice(history, now)?.wasPriceIncVat ?? null,
        history: history.toReversed().map((step) => ({ ...step, effectiveFrom: step.effectiveFrom.toISOString(), effectiveUntil: iso(step.effectiveUntil) })),
        schedules: schedules
          .filter((schedule) => schedule.offeringId === offeringId)
          .map((schedule) => ({ ...schedule, startsAt: schedule.startsAt.toISOString(), endsAt: iso(schedule.endsAt) })),
        images: images
          .filter((image) => image.offeringId === offeringId)
          .map(({ id: imageId, url, altText }) => ({ id: imageId, url, altText, uploaded: productImageIdOf(url) !== null })),
      };
    }),
    audit: audit.map((entry) => ({ at: entry.at.toISOString(), who: entry.actorName ?? 'Scheduled price', what: entry.what })),
    ...extras,
    ...choices,
  };
}

/** The brands, sub-categories and UK VAT rates a product may be given. */
export async function getStaffProductChoices(deps: CatalogueDeps, ctx: ListingContext): Promise<StaffProductChoices> {
  const [brands, categories, rates] = await Promise.all([
    repository.listBrandChoices(ctx.db),
    repository.listCategoryChoices(ctx.db),
    deps.pricing.vatRates(ctx),
  ]);
  return {
    brands: brands.map(({ slug, name }) => ({ slug, name })),
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    vatRates: [...rates.values()].map(({ code, name, basisPoints }) => ({ code, name, basisPoints })),
  };
}

export const actorOf = (ctx: CallerContext) => ({
  actorUserId: ctx.actor?.userId ?? null,
  actorName: ctx.actor?.name ?? ctx.actor?.email ?? 'A member of staff',
});

/** Runs `edit` under the product's version: a version moved on since the editor opened is a 409, and nothing is written. */
export async function underVersion<T>(ctx: CallerContext, id: number, version: number, edit: (tx: Transaction) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repository.moveVersionOn(tx, id, version))) throw CatalogueErrors.productChanged();
    return edit(tx);
  });
}

/** The brand and sub-category chosen (undefined where none is), each refused by name when the shop has no such one. */
export async function chosenBrandAndCategory(ctx: Pick<CallerContext, 'db'>, chosen: { brandSlug?: string; categorySlug?: string }) {
  const [brands, categories] = await Promise.all([repository.listBrandChoices(ctx.db), repository.listCategoryChoices(ctx.db)]);
  const brand = chosen.brandSlug === undefined ? undefined : brands.find((candidate) => candidate.slug === chosen.brandSlug);
  if (chosen.brandSlug !== undefined && !brand) throw CatalogueErrors.unknownBrand(chosen.brandSlug);
  const category = chosen.categorySlug === undefined ? undefined : categories.find((candidate) => candidate.slug === chosen.categorySlug);
  if (chosen.categorySlug !== undefined && !category) throw CatalogueErrors.unknownCategory(chosen.categorySlug);
  return { brand, category };
}

export type VatRates = Awaited<ReturnType<CatalogueDeps['pricing']['vatRates']>>;

/** The UK VAT rate of that code; any other is refused with the rates the shop knows. */
export function vatRateOf(rates: VatRates, code: string, field = 'vatRateCode') {
  const rate = rates.get(code);
  if (!rate)
    throw CatalogueErrors.unknownVatRate(
      [...rates.values()].map((known) => known.name),
      field,
    );
  return rate;
}

export async function updateStaffProduct(deps: CatalogueDeps, ctx: CallerContext, id: number, body: UpdateStaffProduct): Promise<void> {
  const product = await repository.findProduct(ctx.db, id);
  if (!product) throw CatalogueErrors.productIdNotFound(id);
  const [{ brand, category }, variants] = await Promise.all([chosenBrandAndCategory(ctx, body), repository.variantsWithPrices(ctx.db, id)]);
  const variantChanges = (body.variants ?? []).map((change, index) => {
    const variant = variants.find((candidate) => candidate.sku === change.sku);
    if (!variant) throw CatalogueErrors.notThisProductsSku(`variants.${index}.sku`, change.sku);
    return { ...change, index, variant };
  });
  const newSkus = variantChanges.flatMap((change) => (change.newSku && change.newSku !== change.sku ? [change] : []));
  const taken = await repository.takenSkus(
    ctx.db,
    newSkus.map((change) => change.newSku!),
    variantChanges.map((change) => change.variant.offeringId),
  );
  for (const change of newSkus) {
    const twice = newSkus.filter((other) => other.newSku === change.newSku).length > 1;
    if (taken.has(change.newSku!) || twice) throw CatalogueErrors.duplicateSku(`variants.${change.index}.newSku`, change.newSku!);
  }
  // A family the shop lists specification rows for; the one it has stays choosable (a file may have given another).
  if (body.family !== undefined && body.family !== product.family && !FAMILIES.includes(body.family)) throw CatalogueErrors.unknownFamily(body.family);
  const specifications = body.specifications && Object.fromEntries(Object.entries(body.specifications).filter(([, value]) => value !== ''));
  const after = {
    name: body.name ?? product.name,
    description: body.description ?? product.description,
    brandName: brand?.name ?? product.brandName,
    categoryName: category?.name ?? product.categoryName,
    family: body.family ?? product.family,
    deliveryClass: body.deliveryClass ?? product.deliveryClass,
    returnability: body.returnability ?? product.returnability,
    specifications: specifications ?? product.specifications,
  };
  const withdrawing = body.onSale === false && product.withdrawnAt === null;
  const returning = body.onSale === true && product.withdrawnAt !== null;
  const lines = [
    ...(withdrawing ? ['Withdrew it from sale'] : returning ? ['Put it back on sale'] : []),
    ...describeDetailChanges(product, after),
    ...variantChanges.flatMap((change) => describeVariantChange(change.sku, { ...change, labelBefore: change.variant.label })),
  ];
  const searchText = searchTextAfter(product.searchText, [
    [product.name, after.name],
    [product.brandName, after.brandName],
    [product.categoryName, after.categoryName],
  ]);
  await underVersion(ctx, id, body.version, async (tx) => {
    if (lines.length === 0) return;
    await repository.updateProduct(tx, id, {
      name: after.name,
      description: after.description,
      specifications: after.specifications,
      family: after.family,
      deliveryClass: after.deliveryClass,
      // Read by baskets as they check out: orders already placed keep their lines' own (docs/domain.md §8.1).
      returnability: after.returnability,
      searchText,
      ...((withdrawing || returning) && { withdrawnAt: withdrawing ? ctx.clock.now() : null }),
      ...(brand && { brandId: brand.id }),
      ...(category && { categoryId: category.id }),
    });
    for (const change of variantChanges) {
      await repository.updateOffering(tx, change.variant.offeringId, { sku: change.newSku, label: change.label });
    }
    await repository.insertAudit(tx, [{ productId: id, at: ctx.clock.now(), ...actorOf(ctx), what: lines.join('; ') }]);
  });
}

/** Sets a variant's price now, or schedules it; returns whether the price in force changed now. */
export async function changeStaffPrice(deps: CatalogueDeps, ctx: CallerContext, id: number, body: ChangeStaffPrice): Promise<boolean> {
  const product = await repository.findProduct(ctx.db, id);
  if (!product) throw CatalogueErrors.productIdNotFound(id);
  const variant = (await repository.variantsWithPrices(ctx.db, id)).find((candidate) => candidate.sku === body.sku);
  if (!variant) throw CatalogueErrors.notThisProductsSku('sku', body.sku);
  const rates = await deps.pricing.vatRates(ctx);
  const rate = vatRateOf(rates, body.vatRateCode);
  const now = ctx.clock.now();
  const period = pricePeriod({ startsAt: body.startsAt ? new Date(body.startsAt) : null, endsAt: body.endsAt ? new Date(body.endsAt) : null }, now);
  if (!period) throw CatalogueErrors.endsBeforeStart();
  const price = { priceIncVat: body.priceIncVat, vatRateCode: rate.code };
  const what = describePriceEdit({ sku: body.sku, ...price, vatRateName: rate.name, ...period }, variant.priceIncVat);
  return underVersion(ctx, id, body.version, async (tx) => {
    const set = await setPriceIn(tx, variant, price, period, (code) => rates.get(code)?.basisPoints, now);
    if ('overlaps' in set) throw CatalogueErrors.scheduleOverlaps();
    await repository.insertAudit(tx, [{ productId: id, at: now, ...actorOf(ctx), what }]);
    return set.changedNow;
  });
}

export async function cancelStaffPrice(ctx: CallerContext, id: number, scheduleId: number, version: number): Promise<void> {
  if (!(await repository.findProduct(ctx.db, id))) throw CatalogueErrors.productIdNotFound(id);
  await underVersion(ctx, id, version, async (tx) => {
    const cancelled = await repository.cancelSchedule(tx, id, scheduleId);
    if (!cancelled) throw CatalogueErrors.scheduleNotCancellable();
    await repository.insertAudit(tx, [
      {
        productId: id,
        at: ctx.clock.now(),
        ...actorOf(ctx),
        what: `Scheduled price cancelled of ${formatPence(cancelled.priceIncVat)}, due to start ${londonShortDateTime(cancelled.startsAt)}`,
      },
    ]);
  });
}
