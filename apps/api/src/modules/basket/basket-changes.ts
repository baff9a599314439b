/**
 * Changing a basket, and reading one the caller may see: every change (new lines, a code, a
 * refresh, a guest basket taken over on sign-in) is checked against the catalogue, priced and saved
 * against the version read, or under the basket's row lock when that is needed.
 */
import type { Basket, BasketNotice } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { Actor, CallerContext as Ctx } from '../../platform/context.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { PriceList, Pricing } from '../pricing/index.ts';
import { MAX_LINES, MAX_QUANTITY, sellableQuantity, type LineName } from './basket-lines.ts';
import { channelFor, namesOfUnsold, present, price, priceLines } from './basket-pricing.ts';
import { BasketErrors } from './basket.errors.ts';
import { saveCheckingStock } from './stock-checked-save.ts';
import type { Applied, Change, Item } from './basket-change-types.ts';

export type { Change, Item } from './basket-change-types.ts';
import * as repository from './basket.repository.ts';
import type { BasketRow, LineRow } from './basket.repository.ts';
import { newBasketId } from './retrieval-code.ts';
import type { BasketDeps as Deps } from './basket.deps.ts';

/** `GET /basket/mine`: a signed-in shopper's current basket, for a device that has no basket id yet. */
export const CURRENT_BASKET_ALIAS = 'mine';

function checkQuantity(item: Item, allowZero: boolean): void {
  if (!Number.isInteger(item.quantity)) throw BasketErrors.quantityNotWhole(item.sku);
  if (item.quantity < (allowZero ? 0 : 1) || item.quantity > MAX_QUANTITY) throw BasketErrors.quantityOutOfRange(item.sku, allowZero);
}

/** How a refusal names an offering: its product, and the variant when there is a choice. */
const itemName = (offering: SellableOffering) =>
  offering.label && offering.label !== 'Standard' ? `${offering.productName} (${offering.label})` : offering.productName;

/**
 * A new quantity must be a sku we sell, in stock for that many (at most 999 on a line). Adding to
 * a line, the refusal says how many more can be added.
 */
function checkSellable(sku: string, quantity: number, offering: SellableOffering | undefined, inBasket?: number): void {
  if (!offering) throw BasketErrors.skuUnknown(sku);
  const max = sellableQuantity(offering);
  if (max === 0) throw BasketErrors.skuUnavailable(sku);
  if (quantity > max) throw BasketErrors.aboveStock(itemName(offering), max, inBasket === undefined ? undefined : { inBasket });
}

/** Tries at saving a change against the version read before falling back to queueing on the basket's lock. */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Every change runs here; none is lost when several arrive at once. A basket the caller already
 * holds (a guest's own, or a shopper's) is changed and saved in one statement that checks the
 * version it was read at (`repository.saveBasket`): no transaction, and the basket's lock is held
 * only while that statement runs. It starts from the copy this instance kept when it last saved
 * the basket (decision 0100), else reads it (one round trip more). If another change got in
 * between, or a kept copy led to a refusal, the basket is read again and the change redone; after
 * a few such losses, and whenever the basket changes hands (a signed-in caller naming a guest
 * basket takes it over: it is merged into their current basket, or becomes theirs when they have
 * none), the change runs in one transaction holding the basket's row lock, where parallel changes queue.
 */
export async function change(deps: Deps, ctx: Ctx, basketId: string, what: Change): Promise<Basket> {
  const now = ctx.clock.now();
  const list = await deps.pricing.priceListFor(ctx);
  // The current-basket alias may need a basket made: that is the locked path's work.
  const attempts = basketId === CURRENT_BASKET_ALIAS ? 0 : OPTIMISTIC_ATTEMPTS;
  let kept = attempts > 0 ? deps.kept?.get(basketId) : undefined;
  for (let attempt = 0; attempt < attempts;) {
    const found = kept ?? (await repository.findBasketWithLines(ctx.db, basketId));
    const fromKept = kept !== undefined;
    kept = undefined;
    if (fromKept) deps.kept!.forget(basketId);
    else attempt++;
    try {
      if (!found || (found.row.ownerId !== null && found.row.ownerId !== ctx.actor?.userId)) throw BasketErrors.notFound();
      // A guest basket named by a shopper changes hands: that needs the lock.
      if (found.row.ownerId === null && ctx.actor) break;
      let applied = await saveCheckingStock(deps, ctx.db, found.row, found.lines, what, list, now);
      if (applied === undefined) applied = await apply(deps, ctx.db, found.row, found.lines, [], what, list, now);
      if (applied) return keep(deps, applied);
    } catch (error) {
      // A refusal worked out from a kept copy may be the copy's: the basket is read and the change tried again.
      if (!fromKept) throw error;
    }
  }
  const applied = await ctx.db.transaction(async (db) => {
    const { row, lines: before, notices } = await open(deps, db, ctx.actor, basketId, list.pricing, now);
    // Under the row lock the version cannot move, so the save always lands.
    return (await apply(deps, db, row, before, notices, what, list, now))!;
  });
  return keep(deps, applied);
}

/** Keeps the basket as saved (only once it is committed: a copy must match a version the database has). */
function keep(deps: Deps, applied: Applied): Basket {
  deps.kept?.keep(applied.saved);
  return applied.basket;
}

/** The change made and saved against the version `row` was read at; `null` when that has moved on. */
async function apply(
  deps: Deps,
  db: Database,
  row: BasketRow,
  before: readonly LineRow[],
  notices: BasketNotice[],
  what: Change,
  list: PriceList,
  now: Date,
): Promise<Applied | null> {
  if (what.removingCode !== undefined && row.discountCode !== what.removingCode) throw BasketErrors.discountNotApplied(what.removingCode);
  // The offerings' facts as this instance keeps them, their stock read now (decision 0096): checkout prices from the rows.
  const skus = [...before.map((line) => line.sku), ...(what.skus ?? [])];
  const offerings = await deps.catalogue.findSellableOfferings({ db }, skus, { heldBy: row.id, keptFacts: true });
  let items: Item[] = what.lines ? what.lines(before, offerings) : before.map(({ sku, quantity }) => ({ sku, quantity }));
  if (items.length > MAX_LINES) throw BasketErrors.tooManyLines();
  if (what.refresh) items = refreshItems(deps, items, before, offerings, list, notices, await namesOfUnsold(deps, db, items, offerings));
  const discountCode = what.discountCode !== undefined ? what.discountCode : row.discountCode;
  let priced = await price(deps, db, { ...row, discountCode }, items, list, now, offerings);
  let storedCode = discountCode;
  if (priced.refusal) {
    // adddiscount fails with the discounts module's own refusal; any other change drops the code.
    if (what.strictDiscount) throw priced.refusal;
    storedCode = null;
  }
  const after: LineRow[] = priced.lines.map((line) => ({ sku: line.sku, quantity: line.quantity, pricedUnitIncVat: line.unitPriceIncVat }));
  const values = { discountCode: storedCode, channel: channelFor(list.pricing), ownerId: row.ownerId };
  if (!(await repository.saveBasket(db, row.id, row.version, { before, after }, values, now)).saved) return null;
  const updated: BasketRow = { ...row, ...values, version: row.version + 1, updatedAt: now };
  if (storedCode !== discountCode) priced = { ...priced, discount: null };
  return { basket: present(updated, priced, list.pricing, notices), saved: { row: updated, lines: after } };
}

function refreshItems(
  deps: Deps,
  items: Item[],
  before: readonly LineRow[],
  offerings: Map<string, SellableOffering>,
  list: PriceList,
  notices: BasketNotice[],
  names: ReadonlyMap<string, LineName>,
): Item[] {
  const shown = new Map(before.map((line) => [line.sku, line.pricedUnitIncVat]));
  const kept: Item[] = [];
  for (const [i, line] of priceLines(deps, items, offerings, list, names).entries()) {
    const item = items[i]!;
    if (line.unavailableReason === 'sku_not_found' || line.unavailableReason === 'out_of_stock') {
      // Named by its product and variant, as the catalogue still has them (a withdrawn product's row stays); by its code when not.
      const named = line.label ? `${line.productName} (${line.label})` : line.productName;
      const message =
        line.unavailableReason === 'sku_not_found'
          ? `${named} is no longer available and has been removed.`
          : `${line.productName} is out of stock and has been removed.`;
      notices.push({ type: 'line_unavailable', sku: item.sku, reason: line.unavailableReason, message });
      continue;
    }
    let quantity = item.quantity;
    if (line.unavailableReason === 'insufficient_stock') {
      notices.push({
        type: 'quantity_reduced',
        sku: item.sku,
        reason: 'insufficient_stock',
        from: quantity,
        to: line.maxQuantity,
        message: `Only ${line.maxQuantity} of ${line.productName} can be ordered now, so we lowered the quantity.`,
      });
      quantity = line.maxQuantity;
    }
    const was = shown.get(item.sku);
    if (was !== undefined && was !== line.unitPriceIncVat) {
      notices.push({ type: 'price_changed', sku: item.sku, from: was, to: line.unitPriceIncVat, message: `The price of ${line.productName} has changed.` });
    }
    kept.push({ sku: item.sku, quantity });
  }
  return kept;
}

/**
 * Locks the basket a caller names and settles whose it is. Another shopper's basket is the same 404
 * as an unknown id. A guest basket named with a token is merged into the shopper's current basket.
 */
async function open(
  deps: Deps,
  db: Database,
  actor: Actor | null,
  basketId: string,
  basketPricing: Pricing,
  now: Date,
): Promise<{ row: BasketRow; lines: LineRow[]; notices: BasketNotice[] }> {
  if (basketId === CURRENT_BASKET_ALIAS) {
    if (!actor) throw BasketErrors.notFound();
    const current =
      (await repository.lockCurrentBasketOf(db, actor.userId)) ??
      (await repository.insertBasket(db, { id: newBasketId(), ownerId: actor.userId, channel: channelFor(basketPricing), now }));
    return { row: current, lines: await repository.findLines(db, current.id), notices: [] };
  }
  const row = await repository.lockBasket(db, basketId);
  if (!row || (row.ownerId !== null && row.ownerId !== actor?.userId)) throw BasketErrors.notFound();
  const lines = await repository.findLines(db, row.id);
  if (row.ownerId !== null || !actor) return { row, lines, notices: [] };

  const target = await repository.lockCurrentBasketOf(db, actor.userId);
  if (!target) {
    const claimed = { ...row, ownerId: actor.userId };
    return { row: claimed, lines, notices: [{ type: 'merged', message: 'The basket you started before signing in is now saved to your account.' }] };
  }
  const targetLines = await repository.findLines(db, target.id);
  const offerings = await deps.catalogue.findSellableOfferings(
    { db },
    lines.map((line) => line.sku),
    { heldBy: row.id },
  );
  const merged = new Map(targetLines.map((line) => [line.sku, { ...line }]));
  const notices: BasketNotice[] = [];
  let added = 0;
  for (const line of lines) {
    const existing = merged.get(line.sku);
    const wanted = (existing?.quantity ?? 0) + line.quantity;
    const cap = Math.min(MAX_QUANTITY, Math.max(sellableQuantity(offerings.get(line.sku)), existing?.quantity ?? 0));
    const quantity = Math.min(wanted, cap);
    if (quantity < wanted) {
      notices.push({
        type: 'quantity_reduced',
        sku: line.sku,
        reason: 'insufficient_stock',
        from: wanted,
        to: quantity,
        message: `Only ${quantity} of ${line.sku} can be ordered, so the merged quantity was capped.`,
      });
    }
    if (quantity === 0) continue;
    added += quantity - (existing?.quantity ?? 0);
    merged.set(line.sku, { sku: line.sku, quantity, pricedUnitIncVat: existing?.pricedUnitIncVat ?? line.pricedUnitIncVat });
  }
  const mergedLines = [...merged.values()].slice(0, MAX_LINES);
  await repository.writeLines(db, target.id, targetLines, mergedLines, now);
  // Keep the guest's code when the shopper had none: it is re-checked for them below.
  const withCode = target.discountCode ?? row.discountCode;
  await repository.deleteBasket(db, row.id);
  notices.unshift({
    type: 'merged',
    from: lines.length,
    to: mergedLines.length,
    message: `We added ${added} item${added === 1 ? '' : 's'} from the basket you started before signing in.`,
  });
  return { row: { ...target, discountCode: withCode }, lines: mergedLines, notices };
}

/**
 * A basket the caller may read as it is, with its lines (one round trip). `null` when reading it
 * means taking it over first: a signed-in shopper's first basket, or a guest basket they name.
 */
export async function findReadable(ctx: Ctx, basketId: string): Promise<{ row: BasketRow; lines: LineRow[] } | null> {
  const found =
    basketId === CURRENT_BASKET_ALIAS
      ? ctx.actor && (await repository.findCurrentBasketWithLinesOf(ctx.db, ctx.actor.userId))
      : await repository.findBasketWithLines(ctx.db, basketId);
  // Taking over a guest basket, or creating a shopper's first, writes; a plain read does not.
  if (ctx.actor && (!found ? basketId === CURRENT_BASKET_ALIAS : found.row.ownerId === null)) return null;
  if (!found || (found.row.ownerId !== null && found.row.ownerId !== ctx.actor?.userId)) throw BasketErrors.notFound();
  return found;
}

/** A new, empty basket for the caller, then the change: creation and first items are one transaction. */
export async function create(deps: Deps, ctx: Ctx, what: Change, discountCode: string | null = null): Promise<Basket> {
  const now = ctx.clock.now();
  const list = await deps.pricing.priceListFor(ctx);
  const applied = await ctx.db.transaction(async (db) => {
    const row = await repository.insertBasket(db, {
      id: newBasketId(),
      ownerId: ctx.actor?.userId ?? null,
      channel: channelFor(list.pricing),
      discountCode,
      now,
    });
    return (await apply(deps, db, row, [], [], what, list, now))!;
  });
  return keep(deps, applied);
}

export function setLines(items: readonly Item[], mode: 'add' | 'set'): Change {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.sku)) throw BasketErrors.duplicateSku(item.sku);
    seen.add(item.sku);
    checkQuantity(item, mode === 'set');
  }
  return {
    skus: items.map((item) => item.sku),
    stockOfNamed: true,
    lines: (current, offerings) => {
      const next = new Map(current.map((line) => [line.sku, { sku: line.sku, quantity: line.quantity }]));
      for (const item of items) {
        const inBasket = mode === 'add' ? (next.get(item.sku)?.quantity ?? 0) : undefined;
        const quantity = (inBasket ?? 0) + item.quantity;
        if (quantity === 0) {
          next.delete(item.sku);
          continue;
        }
        checkSellable(item.sku, quantity, offerings.get(item.sku), inBasket);
        next.set(item.sku, { sku: item.sku, quantity });
      }
      return [...next.values()];
    },
  };
}

/** The lines and code of a basket the caller may see, without taking it over. */
export async function readable(ctx: Ctx, basketId: string): Promise<{ row: BasketRow; lines: Item[]; discountCode: string | null }> {
  const found =
    basketId === CURRENT_BASKET_ALIAS
      ? ctx.actor && (await repository.findCurrentBasketWithLinesOf(ctx.db, ctx.actor.userId))
      : await repository.findBasketWithLines(ctx.db, basketId);
  if (!found || (found.row.ownerId !== null && found.row.ownerId !== ctx.actor?.userId)) throw BasketErrors.notFound();
  const { row, lines } = found;
  return { row, lines: lines.map(({ sku, quantity }) => ({ sku, quantity })), discountCode: row.discountCode };
}

/** A line of a list that could not be added in full, and why (a project's add-all reports each). */
export interface NotAddedLine {
  sku: string;
  productName: string;
  reason: 'out_of_stock' | 'discontinued' | 'capped_to_stock';
  wanted: number;
  added: number;
}

/**
 * Adds what can be sold of each item, never refusing the whole list: a sku no longer sold or out of
 * stock is left out, a quantity above what can be sold (with what the basket already holds) is
 * capped. `report` is filled afresh each time the change is worked out (a lost save is redone).
 */
export function addWhatCanBeSold(items: readonly Item[], report: { added: Item[]; notAdded: NotAddedLine[] }): Change {
  return {
    skus: items.map((item) => item.sku),
    lines: (current, offerings) => {
      report.added = [];
      report.notAdded = [];
      const next = new Map(current.map((line) => [line.sku, { sku: line.sku, quantity: line.quantity }]));
      for (const item of items) {
        const offering = offerings.get(item.sku);
        const inBasket = next.get(item.sku)?.quantity ?? 0;
        const room = Math.max(0, sellableQuantity(offering) - inBasket);
        const added = Math.min(item.quantity, room);
        const productName = offering ? itemName(offering) : item.sku;
        if (added < item.quantity) {
          const reason = !offering ? 'discontinued' : sellableQuantity(offering) === 0 ? 'out_of_stock' : 'capped_to_stock';
          report.notAdded.push({ sku: item.sku, productName, reason, wanted: item.quantity, added });
        }
        if (added === 0) continue;
        next.set(item.sku, { sku: item.sku, quantity: inBasket + added });
        report.added.push({ sku: item.sku, quantity: added });
      }
      return [...next.values()];
    },
  };
}
