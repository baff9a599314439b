/**
 * The staff product editor (issue 42): the range searched, a product read with its variants, prices,
 * price history, scheduled prices and changes, and edited under its version (decision 0086). Prices
 * change only through `price-history.ts`, so the reference-price rule reads every change.
 */
import { formatPence, londonShortDateTime, type ChangeStaffPrice, type StaffProduct, type StaffProductPage, type UpdateStaffProduct } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { Transaction } from '../../db/client.ts';
import type { CatalogueDeps, ListingContext } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { changePriceIn, stepsOf } from './price-history.ts';
import { describeDetailChanges, describePriceEdit, describeVariantChange, searchTextAfter } from './product-edits.ts';
import * as repository from './repository/product-editor.ts';
import { categoryWithChildren, findCategory } from './repository/products.ts';
import { referencePrice } from './reference-price.ts';

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
  const [steps, schedules, audit, brands, categories, rates] = await Promise.all([
    stepsOf(ctx.db, offeringIds),
    repository.schedulesOf(ctx.db, offeringIds),
    repository.auditOf(ctx.db, id, AUDIT_SHOWN),
    repository.listBrandChoices(ctx.db),
    repository.listCategoryChoices(ctx.db),
    deps.pricing.vatRates(ctx),
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
    specifications: product.specifications,
    version: product.version,
    variants: variants.map(({ offeringId, ...variant }) => {
      const history = steps.get(offeringId) ?? [];
      return {
        ...variant,
        // What the rule allows now, even before the hourly job stores it.
        wasPriceIncVat: referencePrice(history, now)?.wasPriceIncVat ?? null,
        history: history.toReversed().map((step) => ({ ...step, effectiveFrom: step.effectiveFrom.toISOString(), effectiveUntil: iso(step.effectiveUntil) })),
        schedules: schedules
          .filter((schedule) => schedule.offeringId === offeringId)
          .map((schedule) => ({ ...schedule, startsAt: schedule.startsAt.toISOString(), endsAt: iso(schedule.endsAt) })),
      };
    }),
    audit: audit.map((entry) => ({ at: entry.at.toISOString(), who: entry.actorName ?? 'Scheduled price', what: entry.what })),
    brands: brands.map(({ slug, name }) => ({ slug, name })),
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    vatRates: [...rates.values()].map(({ code, name, basisPoints }) => ({ code, name, basisPoints })),
  };
}

const actorOf = (ctx: CallerContext) => ({ actorUserId: ctx.actor?.userId ?? null, actorName: ctx.actor?.name ?? ctx.actor?.email ?? 'A member of staff' });

/** Runs `edit` under the product's version: a version moved on since the editor opened is a 409, and nothing is written. */
async function underVersion<T>(ctx: CallerContext, id: number, version: number, edit: (tx: Transaction) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repository.moveVersionOn(tx, id, version))) throw CatalogueErrors.productChanged();
    return edit(tx);
  });
}

export async function updateStaffProduct(deps: CatalogueDeps, ctx: CallerContext, id: number, body: UpdateStaffProduct): Promise<void> {
  const product = await repository.findProduct(ctx.db, id);
  if (!product) throw CatalogueErrors.productIdNotFound(id);
  const [brands, categories, variants] = await Promise.all([
    repository.listBrandChoices(ctx.db),
    repository.listCategoryChoices(ctx.db),
    repository.variantsWithPrices(ctx.db, id),
  ]);
  const brand = body.brandSlug === undefined ? undefined : brands.find((candidate) => candidate.slug === body.brandSlug);
  if (body.brandSlug !== undefined && !brand) throw CatalogueErrors.unknownBrand(body.brandSlug);
  const category = body.categorySlug === undefined ? undefined : categories.find((candidate) => candidate.slug === body.categorySlug);
  if (body.categorySlug !== undefined && !category) throw CatalogueErrors.unknownCategory(body.categorySlug);
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
  const specifications = body.specifications && Object.fromEntries(Object.entries(body.specifications).filter(([, value]) => value !== ''));
  const after = {
    name: body.name ?? product.name,
    description: body.description ?? product.description,
    brandName: brand?.name ?? product.brandName,
    categoryName: category?.name ?? product.categoryName,
    specifications: specifications ?? product.specifications,
  };
  const lines = [
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
      searchText,
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
  const rate = rates.get(body.vatRateCode);
  if (!rate) throw CatalogueErrors.unknownVatRate([...rates.values()].map((known) => known.name));
  const now = ctx.clock.now();
  const startsAt = body.startsAt && new Date(body.startsAt) > now ? new Date(body.startsAt) : null;
  const endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (endsAt && endsAt <= (startsAt ?? now)) throw CatalogueErrors.endsBeforeStart();
  const what = describePriceEdit({ sku: body.sku, priceIncVat: body.priceIncVat, vatRateName: rate.name, startsAt, endsAt }, variant.priceIncVat);
  return underVersion(ctx, id, body.version, async (tx) => {
    if ((startsAt || endsAt) && (await repository.overlappingSchedule(tx, variant.offeringId, startsAt ?? now, endsAt)))
      throw CatalogueErrors.scheduleOverlaps();
    await repository.insertAudit(tx, [{ productId: id, at: now, ...actorOf(ctx), what }]);
    if (startsAt) {
      await repository.insertSchedule(tx, { offeringId: variant.offeringId, priceIncVat: body.priceIncVat, vatRateCode: rate.code, startsAt, endsAt });
      return false;
    }
    await repository.supersedeStarted(tx, variant.offeringId);
    const changed = await changePriceIn(tx, body.sku, { priceIncVat: body.priceIncVat, vatRateCode: rate.code }, (code) => rates.get(code)?.basisPoints, now);
    if (endsAt) {
      await repository.insertSchedule(tx, {
        offeringId: variant.offeringId,
        priceIncVat: body.priceIncVat,
        vatRateCode: rate.code,
        startsAt: now,
        endsAt,
        status: 'started',
        restorePriceIncVat: changed!.before.priceIncVat,
        restoreVatRateCode: changed!.before.vatRateCode,
      });
    }
    return true;
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

/**
 * The `scheduled-prices` job: starts each scheduled price that is due and ends each started one
 * whose end has come (the price in force before it comes back), one per transaction, each through
 * the price history; returns the products whose prices changed.
 */
export async function startAndEndScheduledPrices(deps: CatalogueDeps, ctx: ListingContext): Promise<number[]> {
  const rates = await deps.pricing.vatRates(ctx);
  const basisPointsOf = (code: string) => rates.get(code)?.basisPoints;
  const changed = new Set<number>();
  for (;;) {
    const now = ctx.clock.now();
    const productId = await ctx.db.transaction(async (tx) => {
      const due = await repository.lockDueSchedule(tx, now);
      if (!due) return null;
      const { schedule, sku } = due;
      if (schedule.status === 'scheduled' && schedule.endsAt && schedule.endsAt <= now) {
        // Its whole period passed before it could start (no worker ran): it never applied.
        await repository.setSchedule(tx, schedule.id, { status: 'ended' });
      } else if (schedule.status === 'scheduled') {
        await repository.supersedeStarted(tx, schedule.offeringId);
        const started = await changePriceIn(tx, sku, { priceIncVat: schedule.priceIncVat, vatRateCode: schedule.vatRateCode }, basisPointsOf, now);
        await repository.setSchedule(tx, schedule.id, {
          status: 'started',
          restorePriceIncVat: started?.before.priceIncVat,
          restoreVatRateCode: started?.before.vatRateCode,
        });
        await repository.insertAudit(tx, [
          { productId: due.productId, at: now, what: `Scheduled price of ${sku} started: ${formatPence(schedule.priceIncVat)} inc VAT` },
        ]);
      } else {
        await changePriceIn(tx, sku, { priceIncVat: schedule.restorePriceIncVat!, vatRateCode: schedule.restoreVatRateCode }, basisPointsOf, now);
        await repository.setSchedule(tx, schedule.id, { status: 'ended' });
        await repository.insertAudit(tx, [
          { productId: due.productId, at: now, what: `Scheduled price of ${sku} ended: back to ${formatPence(schedule.restorePriceIncVat!)} inc VAT` },
        ]);
      }
      return due.productId;
    });
    if (productId === null) return [...changed];
    changed.add(productId);
  }
}
