/**
 * Products the shop has, changed together in an import's batch (decision 0134): a weekly price file
 * or a stock count sets prices from now and stock on hand with one statement of each kind for the
 * batch, where one product at a time took a dozen each. What they write, and each product's change
 * list, is what `applyProduct` writes for them one by one.
 */
import type { Transaction } from '../../db/client.ts';
import type { PlannedProduct } from './catalogue.tables.ts';
import { changeLockedPricesIn, type LockedPrice } from './price-history.ts';
import { describePriceEdit } from './product-edits.ts';
import type { Applying } from './range-apply.ts';
import * as editorRepository from './repository/product-editor.ts';
import * as repository from './repository/range-batches.ts';

/**
 * A count was refused although its row was locked and checked (it cannot be, short of a bug): the
 * savepoint rolls back and each product is applied alone, where the refusal is found and reported.
 */
export class RefusedMeanwhile extends Error {}

/**
 * The products' prices and stock as their rows give them, in the caller's transaction (a savepoint).
 * Their prices and stock rows are locked first, so a product one of whose rows would be refused (its
 * code no longer the product's, a count below what is now held, a made-to-order sku) is left out,
 * still locked, for the caller to apply alone and report by line; the others are changed together.
 * Returns the ids changed and the positions of the products left out.
 */
export async function changeProducts(
  applying: Applying,
  tx: Transaction,
  products: readonly PlannedProduct[],
  now: Date,
): Promise<{ productIds: number[]; leftOut: Set<number> }> {
  const { deps, rates } = applying;
  // The versions locked first, as the editor takes them: a save racing the batch waits rather than deadlocks.
  await repository.lockVersions(
    tx,
    products.map((planned) => planned.productId!),
  );
  const counts = products.flatMap((planned) => planned.rows.flatMap((row) => (row.stockOnHand === null ? [] : [{ sku: row.sku, onHand: row.stockOnHand }])));
  const [variants, stock] = await Promise.all([
    repository.lockVariantPrices(
      tx,
      products.map((planned) => planned.productId!),
    ),
    deps.inventory.lockForCounts({ db: tx }, counts),
  ]);
  const bySku = new Map(variants.map((variant) => [variant.sku, variant]));
  const leftOut = new Set<number>();
  const productIds: number[] = [];
  const prices: { locked: LockedPrice; priceIncVat: number; vatRateCode: string }[] = [];
  const counted: { sku: string; onHand: number }[] = [];
  const audit: { productId: number; lines: string[] }[] = [];
  for (const [position, planned] of products.entries()) {
    const refused = planned.rows.some((row) => bySku.get(row.sku)?.productId !== planned.productId || (stock.get(row.sku)?.refused ?? null) !== null);
    if (refused) {
      leftOut.add(position);
      continue;
    }
    const lines: string[] = [];
    for (const row of planned.rows) {
      const variant = bySku.get(row.sku)!;
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
    productIds.push(planned.productId!);
    if (lines.length > 0) audit.push({ productId: planned.productId!, lines });
  }
  await repository.moveVersionsOn(tx, productIds);
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
