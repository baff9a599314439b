/**
 * The range as a file and as a feed (docs/catalogue-files.md, decision 0093): the export, one row per
 * variant; an import checked first (a dry run), then applied by the `range-imports` job a batch of
 * products per transaction (decision 0127); and the feed other systems post. Prices change only through `price-history.ts`
 * (as the editor's do) and stock only through inventory's service.
 */
import { londonIsoDateTime, type RangeFeed, type RangeRefusal, type RangeFeedResult, type RangeImport, type RangePage } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { CatalogueDeps, ListingContext } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { exVatOf } from './price-history.ts';
import { schedulesByOffering, type LiveSchedule } from './price-schedules.ts';
import { applyBatch } from './range-apply-batch.ts';
import type { Applying } from './range-apply.ts';
import { batchesOf } from './range-batches.ts';
import { checkRow, FEED_FIELDS, feedRows, planRange, readRangeFile, type CurrentVariant, type FileRow, type RangePlan } from './range-rows.ts';
import * as editorRepository from './repository/product-editor.ts';
import * as repository from './repository/range-import.ts';
import type { CurrentProduct } from './range-additions.ts';

const CHANGES_SHOWN = 200;
const REFUSALS_SHOWN = 500;
/** How long a worker holds an import it applies; it renews the hold as it goes, so a stopped worker's import is resumed after this. */
const LEASE_MS = 2 * 60_000;

/**
 * The price a row shows: the variant's next scheduled price (one started with an end, or the first
 * still to start) with its period, so importing the export puts back the same schedule; else the
 * price in force (decision 0108).
 */
function nextScheduled(own: readonly LiveSchedule[]) {
  return own.find((schedule) => schedule.status === 'started' && schedule.endsAt !== null) ?? own.find((schedule) => schedule.status === 'scheduled');
}

export async function exportRange(deps: CatalogueDeps, ctx: ListingContext, after: number, limit: number): Promise<RangePage> {
  const rows = await repository.rangePage(ctx.db, after, limit);
  const [stock, schedules, rates] = await Promise.all([
    deps.inventory.stockRecords(
      ctx,
      rows.map((row) => row.sku),
    ),
    editorRepository
      .liveSchedulesOf(
        ctx.db,
        rows.map((row) => row.offeringId),
      )
      .then((found) => schedulesByOffering(found)),
    deps.pricing.vatRates(ctx),
  ]);
  return {
    rows: rows.map((row) => {
      const counted = stock.get(row.sku);
      const next = nextScheduled(schedules.get(row.offeringId) ?? []);
      const price = next
        ? {
            priceIncVat: next.priceIncVat,
            priceExVat: exVatOf(next.priceIncVat, next.vatRateCode, (code) => rates.get(code)?.basisPoints, row.sku),
            vatRateCode: next.vatRateCode,
          }
        : row;
      return {
        sku: row.sku,
        product_slug: row.productSlug,
        product_name: row.productName,
        brand: row.brand,
        category: row.category,
        description: row.description,
        family: row.family,
        variant_label: row.label,
        price_inc_vat_pence: price.priceIncVat,
        price_ex_vat_pence: price.priceExVat,
        vat_rate: price.vatRateCode,
        stock_on_hand: counted && counted.status !== 'made_to_order' ? counted.onHand : counted ? null : 0,
        price_starts_at: next ? londonIsoDateTime(next.startsAt) : null,
        price_ends_at: next?.endsAt ? londonIsoDateTime(next.endsAt) : null,
      };
    }),
    next: rows.length === limit ? rows.at(-1)!.offeringId : null,
  };
}

/** The rows checked against the shop as it is now: what would change or be added, and what is refused. `adding`: false for the feed. */
async function plan(deps: CatalogueDeps, ctx: ListingContext, fileRows: readonly FileRow[], adding: boolean): Promise<RangePlan> {
  const [vatRates, brands, categories] = await Promise.all([
    deps.pricing.vatRates(ctx),
    editorRepository.listBrandChoices(ctx.db),
    editorRepository.listCategoryChoices(ctx.db),
  ]);
  const now = ctx.clock.now();
  const checked = fileRows.map((row) => {
    const result = checkRow(row, [...vatRates.keys()], now);
    return 'row' in result ? result.row : result;
  });
  const skus = [...new Set(checked.map((row) => row.sku).filter(Boolean))];
  const current = new Map<string, CurrentVariant>();
  for (let start = 0; start < skus.length; start += 5_000) {
    const batch = skus.slice(start, start + 5_000);
    const [variants, stock] = await Promise.all([repository.variantsBySku(ctx.db, batch), deps.inventory.stockRecords(ctx, batch)]);
    const [schedules, products] = await Promise.all([
      editorRepository
        .liveSchedulesOf(
          ctx.db,
          variants.map((variant) => variant.offeringId),
        )
        .then((found) => schedulesByOffering(found)),
      repository
        .productsOf(ctx.db, { ids: [...new Set(variants.map((variant) => variant.productId))], slugs: [] })
        .then((found) => new Map(found.map((product) => [product.productId, product]))),
    ]);
    for (const variant of variants) {
      const counted = stock.get(variant.sku);
      const kept = counted?.status === 'made_to_order' ? null : { onHand: counted?.onHand ?? 0, held: (counted?.committed ?? 0) + (counted?.reserved ?? 0) };
      current.set(variant.sku, { ...variant, product: products.get(variant.productId)!, stock: kept, schedules: schedules.get(variant.offeringId) ?? [] });
    }
  }
  const slugs = adding ? [...new Set(checked.flatMap((row) => (row.productSlug && !current.has(row.sku) ? [row.productSlug] : [])))] : [];
  const productsBySlug = new Map<string, CurrentProduct>();
  for (let start = 0; start < slugs.length; start += 5_000) {
    for (const product of await repository.productsOf(ctx.db, { ids: [], slugs: slugs.slice(start, start + 5_000) })) productsBySlug.set(product.slug, product);
  }
  return planRange(checked, current, {
    now,
    vatRateName: (code) => vatRates.get(code)?.name ?? code,
    brands,
    categories,
    productsBySlug,
    adding,
  });
}

const actorOf = (ctx: Pick<CallerContext, 'actor'>) => ({
  actorUserId: ctx.actor?.userId ?? null,
  actorName: ctx.actor?.name ?? ctx.actor?.email ?? 'A member of staff',
});

export async function checkImport(deps: CatalogueDeps, ctx: CallerContext, body: { fileName: string; content: string }): Promise<RangeImport> {
  const read = readRangeFile(Buffer.from(body.content, 'base64'), body.fileName);
  if ('problem' in read) throw CatalogueErrors.rangeFileRefused(read.problem);
  const planned = await plan(deps, ctx, read.rows, true);
  const id = await repository.insertImport(ctx.db, {
    fileName: body.fileName,
    checkedAt: ctx.clock.now(),
    ...actorOf(ctx),
    lines: read.rows.length,
    changing: planned.changes.length,
    unchanged: planned.unchanged,
    refused: planned.refusals.length,
    plan: planned.products,
    changes: planned.changes.slice(0, CHANGES_SHOWN),
    refusals: planned.refusals,
  });
  return getImport(ctx, id);
}

export async function getImport(ctx: Pick<CallerContext, 'db'>, id: string): Promise<RangeImport> {
  const row = await repository.findImport(ctx.db, id);
  if (!row) throw CatalogueErrors.rangeImportNotFound();
  // Once applied, each changing row went in unless it was refused, or not applied with its product, while applying.
  const notApplied = new Set(row.refusals.flatMap((refusal) => (refusal.whileApplying ? [refusal.line] : [])));
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    checkedAt: row.checkedAt.toISOString(),
    checkedBy: row.actorName,
    lines: row.lines,
    changing: row.changing,
    unchanged: row.unchanged,
    refused: row.refused,
    refusedWhileApplying: notApplied.size,
    products: row.products,
    productsDone: row.productsDone,
    changes: row.changes.map((change) => ({ ...change, applied: row.status === 'applied' ? !notApplied.has(change.line) : null })),
    refusals: row.refusals
      .toSorted((a, b) => a.line - b.line)
      .slice(0, REFUSALS_SHOWN)
      .map((refusal) => ({ ...refusal, whileApplying: refusal.whileApplying ?? null })),
    finishedAt: row.finishedAt && row.finishedAt.toISOString(),
  };
}

export async function applyImport(ctx: Pick<CallerContext, 'db'>, id: string): Promise<RangeImport> {
  if (!(await repository.findImport(ctx.db, id))) throw CatalogueErrors.rangeImportNotFound();
  await repository.queueImport(ctx.db, id);
  return getImport(ctx, id);
}

/** What applying needs besides the plan: who, the VAT rates, brands and sub-categories. */
async function applyingBy(deps: CatalogueDeps, ctx: ListingContext, who: Applying['who']): Promise<Applying> {
  const [rates, brands, categories] = await Promise.all([
    deps.pricing.vatRates(ctx),
    editorRepository.listBrandChoices(ctx.db),
    editorRepository.listCategoryChoices(ctx.db),
  ]);
  return { deps, who, rates, brands, categories, subCategoryWays: new Map() };
}

/**
 * One run of the `range-imports` job: claims an import due (queued, or left by a stopped worker) and
 * applies its products from where it was, a batch at a time (decision 0127), each batch in a
 * transaction with the count of products done, so none is applied twice or half. A product refused
 * now (stock held meanwhile) is reported and the rest go on. `applied` hears each batch's products
 * once it is committed (their change notices).
 */
export async function applyDueImport(deps: CatalogueDeps, ctx: ListingContext, applied: (productIds: number[]) => void): Promise<number> {
  const claimed = await repository.claimImport(ctx.db, ctx.clock.now(), new Date(ctx.clock.now().getTime() + LEASE_MS));
  if (!claimed) return 0;
  const applying = await applyingBy(deps, ctx, { actorUserId: claimed.actorUserId, actorName: claimed.actorName, source: `Imported from ${claimed.fileName}` });
  for (const { start, end } of batchesOf(claimed.plan.length, claimed.productsDone)) {
    const { productIds } = await ctx.db.transaction(async (tx) => {
      const batch = await applyBatch(applying, tx, claimed.plan.slice(start, end), ctx.clock.now());
      const lockedUntil = new Date(ctx.clock.now().getTime() + LEASE_MS);
      await repository.advanceImport(tx, claimed.id, end, lockedUntil, batch.refused.rows > 0 ? batch.refused : undefined);
      return batch;
    });
    if (productIds.length > 0) applied(productIds);
  }
  await repository.finishImport(ctx.db, claimed.id, ctx.clock.now());
  return 1;
}

/** The feed: lines checked as a file's rows are, then applied at once, a batch of products to a transaction as an import's are. */
export async function postFeed(deps: CatalogueDeps, ctx: CallerContext, body: RangeFeed): Promise<RangeFeedResult & { productIds: number[] }> {
  const planned = await plan(deps, ctx, feedRows(body.lines), false);
  const refusals: RangeRefusal[] = [...planned.refusals];
  const applying = await applyingBy(deps, ctx, { ...actorOf(ctx), source: 'Set by a feed' });
  const productIds: number[] = [];
  let changed = 0;
  for (const { start, end } of batchesOf(planned.products.length, 0)) {
    const products = planned.products.slice(start, end);
    const batch = await ctx.db.transaction((tx) => applyBatch(applying, tx, products, ctx.clock.now()));
    productIds.push(...batch.productIds);
    const refused = new Set(batch.refused.products);
    changed += products.reduce((sum, product) => sum + (refused.has(product) ? 0 : product.rows.length), 0);
    refusals.push(...batch.refused.refusals.map(({ line, column, reason }) => ({ line, column, reason })));
  }
  const named = refusals.map((refusal) => ({
    ...refusal,
    column: refusal.column && (FEED_FIELDS[refusal.column as keyof typeof FEED_FIELDS] ?? refusal.column),
  }));
  return { changed, unchanged: planned.unchanged, refusals: named.toSorted((a, b) => a.line - b.line), productIds };
}
