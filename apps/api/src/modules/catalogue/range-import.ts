/**
 * The range as a file and as a feed (docs/catalogue-files.md, decision 0093): the export, one row per
 * variant; an import checked first (a dry run), then applied by the `range-imports` job one product
 * per transaction; and the feed other systems post. Prices change only through `price-history.ts`
 * (as the editor's do) and stock only through inventory's service.
 */
import type { RangeFeed, RangeFeedResult, RangeImport, RangePage, RangeRefusal } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { CallerContext } from '../../platform/context.ts';
import type { CatalogueDeps, ListingContext } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import type { PlannedProduct } from './catalogue.tables.ts';
import { changePriceIn } from './price-history.ts';
import { describePriceEdit } from './product-edits.ts';
import { checkRow, FEED_FIELDS, feedRows, planRange, readRangeFile, type CurrentVariant, type FileRow, type RangePlan } from './range-rows.ts';
import * as editorRepository from './repository/product-editor.ts';
import * as repository from './repository/range-import.ts';

type VatRates = Awaited<ReturnType<CatalogueDeps['pricing']['vatRates']>>;

const CHANGES_SHOWN = 200;
const REFUSALS_SHOWN = 500;
/** How long a worker holds an import it applies; it renews the hold as it goes, so a stopped worker's import is resumed after this. */
const LEASE_MS = 2 * 60_000;

export async function exportRange(deps: CatalogueDeps, ctx: ListingContext, after: number, limit: number): Promise<RangePage> {
  const rows = await repository.rangePage(ctx.db, after, limit);
  const stock = await deps.inventory.stockRecords(
    ctx,
    rows.map((row) => row.sku),
  );
  return {
    rows: rows.map((row) => {
      const counted = stock.get(row.sku);
      return {
        sku: row.sku,
        product_slug: row.productSlug,
        product_name: row.productName,
        brand: row.brand,
        category: row.category,
        variant_label: row.label,
        price_inc_vat_pence: row.priceIncVat,
        price_ex_vat_pence: row.priceExVat,
        vat_rate: row.vatRateCode,
        stock_on_hand: counted && counted.status !== 'made_to_order' ? counted.onHand : counted ? null : 0,
      };
    }),
    next: rows.length === limit ? rows.at(-1)!.offeringId : null,
  };
}

/** The rows checked against the shop as it is now: what would change, and what is refused. */
async function plan(deps: CatalogueDeps, ctx: ListingContext, fileRows: readonly FileRow[]): Promise<RangePlan> {
  const rates = [...(await deps.pricing.vatRates(ctx)).keys()];
  const checked = fileRows.map((row) => {
    const result = checkRow(row, rates);
    return 'row' in result ? result.row : result;
  });
  const skus = [...new Set(checked.flatMap((row) => ('sku' in row ? [row.sku] : [])))];
  const current = new Map<string, CurrentVariant>();
  for (let start = 0; start < skus.length; start += 5_000) {
    const batch = skus.slice(start, start + 5_000);
    const [variants, stock] = await Promise.all([repository.variantsBySku(ctx.db, batch), deps.inventory.stockRecords(ctx, batch)]);
    for (const variant of variants) {
      const counted = stock.get(variant.sku);
      const kept = counted?.status === 'made_to_order' ? null : { onHand: counted?.onHand ?? 0, held: (counted?.committed ?? 0) + (counted?.reserved ?? 0) };
      current.set(variant.sku, { ...variant, stock: kept });
    }
  }
  return planRange(checked, current);
}

const actorOf = (ctx: Pick<CallerContext, 'actor'>) => ({
  actorUserId: ctx.actor?.userId ?? null,
  actorName: ctx.actor?.name ?? ctx.actor?.email ?? 'A member of staff',
});

export async function checkImport(deps: CatalogueDeps, ctx: CallerContext, body: { fileName: string; content: string }): Promise<RangeImport> {
  const read = readRangeFile(Buffer.from(body.content, 'base64'), body.fileName);
  if ('problem' in read) throw CatalogueErrors.rangeFileRefused(read.problem);
  const planned = await plan(deps, ctx, read.rows);
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
    products: row.plan.length,
    productsDone: row.productsDone,
    changes: row.changes,
    refusals: row.refusals.slice(0, REFUSALS_SHOWN),
    finishedAt: row.finishedAt && row.finishedAt.toISOString(),
  };
}

export async function applyImport(ctx: Pick<CallerContext, 'db'>, id: string): Promise<RangeImport> {
  if (!(await repository.findImport(ctx.db, id))) throw CatalogueErrors.rangeImportNotFound();
  await repository.queueImport(ctx.db, id);
  return getImport(ctx, id);
}

/** A row the shop refuses while applying (stock held meanwhile): the product's transaction is rolled back. */
class RowRefused extends Error {
  readonly refusal: RangeRefusal;
  constructor(refusal: RangeRefusal) {
    super(refusal.reason);
    this.refusal = refusal;
  }
}

/**
 * One product's rows, in the caller's transaction: each price through the price history (a started
 * schedule gives way, as in the editor), each stock count through inventory, then a line in the
 * product's change list. Throws `RowRefused` when a count no longer covers what is held.
 */
async function applyProduct(
  deps: CatalogueDeps,
  tx: Transaction,
  planned: PlannedProduct,
  who: { actorUserId: string | null; actorName: string; source: string },
  now: Date,
  rates: VatRates,
): Promise<void> {
  const basisPointsOf = (code: string) => rates.get(code)?.basisPoints;
  await repository.moveVersionOnAnyway(tx, planned.productId);
  const variants = await editorRepository.variantsWithPrices(tx, planned.productId);
  const lines: string[] = [];
  for (const row of planned.rows) {
    const variant = variants.find((candidate) => candidate.sku === row.sku);
    if (!variant) throw new RowRefused({ line: row.line, column: 'sku', reason: `${row.sku} is no longer a variant of this product` });
    const price = { priceIncVat: row.priceIncVat ?? variant.priceIncVat, vatRateCode: row.vatRateCode ?? variant.vatRateCode };
    if (price.priceIncVat !== variant.priceIncVat || price.vatRateCode !== variant.vatRateCode) {
      await editorRepository.supersedeStarted(tx, variant.offeringId);
      await changePriceIn(tx, row.sku, price, basisPointsOf, now);
      const vatRateName = rates.get(price.vatRateCode)?.name ?? price.vatRateCode;
      lines.push(describePriceEdit({ sku: row.sku, ...price, vatRateName, startsAt: null, endsAt: null }, variant.priceIncVat));
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
  if (lines.length > 0) {
    await editorRepository.insertAudit(tx, [
      { productId: planned.productId, at: now, actorUserId: who.actorUserId, actorName: who.actorName, what: `${who.source}: ${lines.join('; ')}` },
    ]);
  }
}

/**
 * One batch of the `range-imports` job: claims an import due (queued, or left by a stopped worker)
 * and applies its products from where it was, each in a transaction with the count of products done,
 * so none is applied twice or half. A product refused now (stock held meanwhile) is reported and the
 * rest go on. Returns the products whose prices or stock changed.
 */
export async function applyDueImport(deps: CatalogueDeps, ctx: ListingContext): Promise<{ claimed: number; productIds: number[] }> {
  const claimed = await repository.claimImport(ctx.db, ctx.clock.now(), new Date(ctx.clock.now().getTime() + LEASE_MS));
  if (!claimed) return { claimed: 0, productIds: [] };
  const who = { actorUserId: claimed.actorUserId, actorName: claimed.actorName, source: `Imported from ${claimed.fileName}` };
  const rates = await deps.pricing.vatRates(ctx);
  const productIds: number[] = [];
  for (let index = claimed.productsDone; index < claimed.plan.length; index += 1) {
    const planned = claimed.plan[index]!;
    try {
      await ctx.db.transaction(async (tx) => {
        await applyProduct(deps, tx, planned, who, ctx.clock.now(), rates);
        await repository.advanceImport(tx, claimed.id, index + 1);
      });
      productIds.push(planned.productId);
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      const others = planned.rows.filter((row) => row.line !== error.refusal.line);
      const refusals = [
        error.refusal,
        ...others.map((row) => ({
          line: row.line,
          column: null,
          reason: `Not applied: line ${error.refusal.line} of the same product is refused, and a product changes whole or not at all`,
        })),
      ];
      await repository.advanceImport(ctx.db, claimed.id, index + 1, { refusals, rows: planned.rows.length });
    }
    if ((index + 1) % 100 === 0) await repository.extendLease(ctx.db, claimed.id, new Date(ctx.clock.now().getTime() + LEASE_MS));
  }
  await repository.finishImport(ctx.db, claimed.id, ctx.clock.now());
  return { claimed: 1, productIds };
}

/** The feed: lines checked as a file's rows are, then each product applied at once in its own transaction. */
export async function postFeed(deps: CatalogueDeps, ctx: CallerContext, body: RangeFeed): Promise<RangeFeedResult & { productIds: number[] }> {
  const planned = await plan(deps, ctx, feedRows(body.lines));
  const refusals = [...planned.refusals];
  const who = { ...actorOf(ctx), source: 'Set by a feed' };
  const rates = await deps.pricing.vatRates(ctx);
  const productIds: number[] = [];
  let changed = 0;
  for (const product of planned.products) {
    try {
      await ctx.db.transaction((tx) => applyProduct(deps, tx, product, who, ctx.clock.now(), rates));
      productIds.push(product.productId);
      changed += product.rows.length;
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      refusals.push(error.refusal);
    }
  }
  const named = refusals.map((refusal) => ({
    ...refusal,
    column: refusal.column && (FEED_FIELDS[refusal.column as keyof typeof FEED_FIELDS] ?? refusal.column),
  }));
  return { changed, unchanged: planned.unchanged, refusals: named.toSorted((a, b) => a.line - b.line), productIds };
}
