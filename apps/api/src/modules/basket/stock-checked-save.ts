/**
 * A basket's add or set saved in one statement that also reads and checks the stock of what it names
 * (decision 0116): the hot path of `basket-changes.ts` `change`, for a basket without a code.
 */
import type { Database } from '../../db/client.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { Availability } from '../inventory/index.ts';
import type { PriceList } from '../pricing/index.ts';
import type { Applied, Change, Item } from './basket-change-types.ts';
import { MAX_LINES } from './basket-lines.ts';
import { channelFor, present, price } from './basket-pricing.ts';
import { BasketErrors } from './basket.errors.ts';
import * as repository from './basket.repository.ts';
import type { BasketRow, LineRow } from './basket.repository.ts';
import type { BasketDeps as Deps } from './basket.deps.ts';

/** Stock the save reads and checks itself: every sku counted as sellable until it has answered. */
const UNREAD: Omit<Availability, 'sku'> = { status: 'in_stock', eta: null, sellable: Number.POSITIVE_INFINITY };
const withStock = (offerings: Map<string, SellableOffering>, stock: Map<string, Availability>) =>
  new Map(
    [...offerings].map(([sku, offering]) => [
      sku,
      { ...offering, stockStatus: stock.get(sku)!.status, eta: stock.get(sku)!.eta, sellable: stock.get(sku)!.sellable },
    ]),
  );

/**
 * A change whose only stock rule is the lines it names (adding, setting), to a basket without a code
 * (judging one counts only the lines that can be sold), saved in one statement that reads the stock
 * and saves only when each named line is no more than can be sold (decision 0116). `undefined` when it
 * is not such a change, or when working it out refused it before the stock was known: `apply` then
 * reads the stock first, as before, and gives the refusal its figures. `null` when the version moved.
 */
export async function saveCheckingStock(
  deps: Deps,
  db: Database,
  row: BasketRow,
  before: readonly LineRow[],
  what: Change,
  list: PriceList,
  now: Date,
): Promise<Applied | null | undefined> {
  if (!what.stockOfNamed || !what.lines || row.discountCode || what.discountCode !== undefined) return undefined;
  const skus = [...new Set([...before.map((line) => line.sku), ...(what.skus ?? [])])];
  const unread = new Map(skus.map((sku) => [sku, { sku, ...UNREAD }]));
  const facts = await deps.catalogue.findSellableOfferings({ db }, skus, { heldBy: row.id, keptFacts: true, stock: unread });
  let items: Item[];
  try {
    items = what.lines(before, facts);
  } catch {
    return undefined;
  }
  if (items.length > MAX_LINES) throw BasketErrors.tooManyLines();
  const named = new Set(what.skus);
  const check = deps.inventory.stockCheck(
    skus,
    items.filter((item) => named.has(item.sku)),
    row.id,
  );
  const unpriced = await price(deps, db, row, items, list, now, facts);
  const after: LineRow[] = unpriced.lines.map((line) => ({ sku: line.sku, quantity: line.quantity, pricedUnitIncVat: line.unitPriceIncVat }));
  const values = { discountCode: null, channel: channelFor(list.pricing), ownerId: row.ownerId };
  const result = await repository.saveBasket(db, row.id, row.version, { before, after }, values, now, check);
  const offerings = withStock(facts, check.read(result.stock));
  if (!result.saved) {
    // Refused for stock as it always was (with the figures read), or saved against a version that moved on: read again.
    what.lines(before, offerings);
    return null;
  }
  const updated: BasketRow = { ...row, ...values, version: row.version + 1, updatedAt: now };
  const priced = await price(deps, db, updated, items, list, now, offerings);
  return { basket: present(updated, priced, list.pricing, []), saved: { row: updated, lines: after } };
}
