/**
 * Products the shop has, changed together in an import's batch (decisions 0134, 0154): a weekly price
 * file, a stock count, new names and descriptions, new sizes and finishes set, with one statement of
 * each kind for the batch, where one product at a time took a dozen each. What they write, and each
 * product's change list, is what `applyProduct` writes for them one by one.
 */
import type { Transaction } from '../../db/client.ts';
import type { PlannedProduct } from './catalogue.tables.ts';
import { changeLockedPricesIn, type LockedPrice } from './price-history.ts';
import { describePriceEdit } from './product-edits.ts';
import { detailChangesOf, newVariantsOf, RowRefused, type Applying } from './range-apply.ts';
import { insertVariantsTogether, newVariantLine, type BatchVariant } from './range-variant-batch.ts';
import * as editorRepository from './repository/product-editor.ts';
import * as repository from './repository/range-batches.ts';

/**
 * A count was refused, or a new variant's code taken, although its rows were locked and checked (a
 * code can be taken by a writer the batch does not lock: another import): the savepoint rolls back and
 * each product is applied alone, where the refusal is found and reported.
 */
export class RefusedMeanwhile extends Error {}

type Locked = Awaited<ReturnType<typeof repository.lockVariantPrices>>[number];
type DetailsRow = ReturnType<typeof detailChangesOf>['row'] & { id: number };

/**
 * The products' details, new variants, prices and stock as their rows give them, in the caller's
 * transaction (a savepoint). Their versions, prices and the stock rows the file counts are locked
 * first, so a product one of whose rows would be refused (its code no longer the product's or taken
 * by another, a count below what is now held, a made-to-order sku, a brand or sub-category gone, a
 * label that no longer says what its variant is) is left out, still locked, for the caller to apply
 * alone and report by line; the others are changed together. Returns the ids changed and the
 * positions of the products left out.
 */
export async function changeProducts(
  applying: Applying,
  tx: Transaction,
  products: readonly PlannedProduct[],
  now: Date,
): Promise<{ productIds: number[]; leftOut: Set<number> }> {
  const { deps, rates } = applying;
  const ids = products.map((planned) => planned.productId!);
  // The versions locked first, as the editor takes them: a save racing the batch waits rather than deadlocks.
  await repository.lockVersions(tx, ids);
  const added = products.flatMap((planned) => planned.added ?? []);
  const counts = [
    ...products.flatMap((planned) => planned.rows.flatMap((row) => (row.stockOnHand === null ? [] : [{ sku: row.sku, onHand: row.stockOnHand }]))),
    ...added.map((row) => ({ sku: row.sku, onHand: row.stockOnHand })),
  ];
  const withDetails = products.flatMap((planned) => (planned.details ? [planned.productId!] : []));
  const [variants, stock, details, taken] = await Promise.all([
    repository.lockVariantPrices(tx, ids),
    deps.inventory.lockForCounts({ db: tx }, counts),
    withDetails.length > 0 ? editorRepository.findProducts(tx, withDetails) : [],
    editorRepository.takenSkus(
      tx,
      added.map((row) => row.sku),
      [],
    ),
  ]);
  const bySku = new Map(variants.map((variant) => [variant.sku, variant]));
  // Each product's variants in the order its page shows them, as `newVariantsOf` reads a new one against them.
  const byProduct = new Map<number, Locked[]>();
  for (const variant of variants.toSorted((a, b) => a.position - b.position || a.offeringId - b.offeringId)) {
    const own = byProduct.get(variant.productId);
    if (own) own.push(variant);
    else byProduct.set(variant.productId, [variant]);
  }
  const detailsOf = new Map(details.map((product) => [product.id, product]));
  const leftOut = new Set<number>();
  const productIds: number[] = [];
  const renamed: DetailsRow[] = [];
  const adding: BatchVariant[] = [];
  const prices: { locked: LockedPrice; priceIncVat: number; vatRateCode: string }[] = [];
  const counted: { sku: string; onHand: number }[] = [];
  const audit: { productId: number; lines: string[] }[] = [];
  for (const [position, planned] of products.entries()) {
    const changed = changeOf(applying, planned, { variants: byProduct.get(planned.productId!) ?? [], bySku, stock, taken, details: detailsOf });
    if (!changed) {
      leftOut.add(position);
      continue;
    }
    productIds.push(planned.productId!);
    if (changed.renamed) renamed.push(changed.renamed);
    adding.push(...changed.adding);
    const lines = [...changed.detailLines, ...changed.adding.map((variant) => newVariantLine(applying, variant))];
    for (const { row, variant } of changed.rows) {
      const price = { priceIncVat: row.priceIncVat ?? variant.priceIncVat, vatRateCode: row.vatRateCode ?? variant.vatRateCode };
      if (price.priceIncVat !== variant.priceIncVat || price.vatRateCode !== variant.vatRateCode) {
        prices.push({ locked: variant, ...price });
        const vatRateName = rates.get(price.vatRateCode)?.name ?? price.vatRateCode;
        lines.push(describePriceEdit({ sku: row.sku, ...price, vatRateName, startsAt: null, endsAt: null }, variant.priceIncVat));
      }
      if (row.stockOnHand === null) continue;
      counted.push({ sku: row.sku, onHand: row.stockOnHand });
      const before = stock.get(row.sku)!.before;
      if (before !== row.stockOnHand) lines.push(`Stock on hand of ${row.sku}: ${before} → ${row.stockOnHand}`);
    }
    if (lines.length > 0) audit.push({ productId: planned.productId!, lines });
  }
  await repository.moveVersionsOn(tx, productIds);
  await repository.updateProductDetails(tx, renamed);
  if (!(await insertVariantsTogether(applying, tx, adding, now))) throw new RefusedMeanwhile();
  // A price set now for good ends a started schedule, as the editor's does (`setPriceIn`).
  await repository.endStartedSchedules(
    tx,
    prices.map(({ locked }) => locked.offeringId),
  );
  const basisPointsOf = (code: string) => rates.get(code)?.basisPoints;
  await changeLockedPricesIn(tx, prices, basisPointsOf, now);
  const stocked = await deps.inventory.setStocksOnHand({ db: tx }, counted, now);
  if (stocked.size !== counted.length) throw new RefusedMeanwhile();
  await editorRepository.insertAudit(
    tx,
    audit.map(({ productId, lines }) => ({ productId, at: now, ...applying.who, what: `${applying.who.source}: ${lines.join('; ')}` })),
  );
  return { productIds, leftOut };
}

/**
 * What one product's rows change, read against what was locked: its details, its new variants (last
 * of its variants, in file order) and its rows with the variant each changes; null when a row would be
 * refused, so the product is applied alone.
 */
function changeOf(
  applying: Applying,
  planned: PlannedProduct,
  read: {
    variants: readonly Locked[];
    bySku: ReadonlyMap<string, Locked>;
    stock: ReadonlyMap<string, { refused: string | null }>;
    taken: ReadonlySet<string>;
    details: ReadonlyMap<number, NonNullable<Awaited<ReturnType<typeof editorRepository.findProduct>>>>;
  },
) {
  const productId = planned.productId!;
  try {
    const details = planned.details && detailChangesOf(applying, read.details.get(productId)!, planned.details);
    const { adding, already } = newVariantsOf(planned.added ?? [], read.variants);
    const rows = [...planned.rows, ...already];
    const countRefused = (sku: string) => (read.stock.get(sku)?.refused ?? null) !== null;
    if (adding.some((variant) => read.taken.has(variant.sku) || countRefused(variant.sku))) return null;
    if (rows.some((row) => read.bySku.get(row.sku)?.productId !== productId || countRefused(row.sku))) return null;
    const last = Math.max(-1, ...read.variants.map((variant) => variant.position));
    return {
      detailLines: details?.lines ?? [],
      renamed: details && details.lines.length > 0 ? { id: productId, ...details.row } : undefined,
      adding: adding.map((variant, index) => ({ ...variant, productId, position: last + 1 + index, isDefault: false })),
      rows: rows.map((row) => ({ row, variant: read.bySku.get(row.sku)! })),
    };
  } catch (error) {
    if (error instanceof RowRefused) return null;
    throw error;
  }
}
