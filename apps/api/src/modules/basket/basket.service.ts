import { SALES_CHANNELS, londonLongDate, type Basket, type BasketLine, type BasketNotice, type SavedBasket } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor, CallerContext, TransactionContext } from '../../platform/context.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { AppliedDiscount, DiscountCheck, LoadedDiscount, SalesChannel } from '../discounts/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ChosenDelivery, PriceList, Pricing } from '../pricing/index.ts';
import { MAX_LINES, MAX_QUANTITY, priceLine, sellableQuantity, type StoredLine } from './basket-lines.ts';
import { BasketErrors } from './basket.errors.ts';
import * as repository from './basket.repository.ts';
import type { BasketRow, LineRow, SavedBasketRow } from './basket.repository.ts';
import { formatRetrievalCode, newBasketId, newRetrievalCode, normaliseRetrievalCode, RETRIEVAL_CODE_ATTEMPTS } from './retrieval-code.ts';
import type { BasketDeps } from './basket.deps.ts';

/** `GET /basket/mine`: a signed-in shopper's current basket, for a device that has no basket id yet. */
export const CURRENT_BASKET_ALIAS = 'mine';
export const SAVED_BASKET_DAYS = 30;

type Ctx = CallerContext;

type Deps = BasketDeps;
interface Item {
  sku: string;
  quantity: number;
}

/** Lines as the caller sees them: each offering priced by the caller's price list. */
const priceLines = ({ pricing }: Deps, items: readonly StoredLine[], offerings: Map<string, SellableOffering>, list: PriceList): BasketLine[] =>
  items.map((item) => {
    const offering = offerings.get(item.sku);
    return priceLine(item, offering && { offering, price: pricing.unitPrice(offering, list) });
  });

/** The VAT rate each offering's price was worked out with, as pricing's totals need it. */
const vatRateCodes = (offerings: Map<string, SellableOffering>) => new Map([...offerings.values()].map((offering) => [offering.sku, offering.vatRateCode]));

/** Trade-priced baskets are sold through the Trade Site; everything else through the Website. */
const channelFor = (basketPricing: Pricing): SalesChannel => (basketPricing.tradePriced ? SALES_CHANNELS.TradeSite : SALES_CHANNELS.Website);

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

// ── reading and pricing ─────────────────────────────────────────────────────────────────────────

/** A code's redemption as the basket was priced: placing the order claims exactly this. */
export type CodeClaim = DiscountCheck & { amountPence: number };

interface Priced {
  lines: BasketLine[];
  discount: Basket['discount'];
  totals: Basket['totals'];
  notices: BasketNotice[];
  /** Why the stored code no longer applies (null when it applies, or there is none). */
  refusal: AppError | null;
  claim: CodeClaim | null;
  /** The goods after goods discounts (never a delivery code's): what free-delivery thresholds count. */
  goodsIncVat: number;
}

/** The basket's code, read once: loaded for judging, or refused on reading (no longer known). Null without a code. */
type StoredCode = { loaded: LoadedDiscount } | { refused: AppError } | null;

async function loadCode({ discounts }: Deps, db: Database, row: BasketRow): Promise<StoredCode> {
  if (!row.discountCode) return null;
  try {
    return { loaded: await discounts.loadDiscount({ db }, row.discountCode, row.ownerId) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { refused: error };
  }
}

/**
 * The priced lines' totals with the code judged against them, and with the delivery checkout chose in
 * place of the estimate: arithmetic only, so checkout can price a basket it read once.
 */
function priceWith(
  { pricing }: Deps,
  row: BasketRow,
  lines: BasketLine[],
  facts: Map<string, SellableOffering>,
  list: PriceList,
  code: StoredCode,
  now: Date,
  delivery?: ChosenDelivery,
): Priced {
  const totalsOf = (discountPence: number, deliveryDiscountPence = 0) =>
    pricing.basketTotals({ lines, vatRateCodes: vatRateCodes(facts), discountPence, deliveryDiscountPence, chosenDelivery: delivery }, list);
  const notices: BasketNotice[] = [];
  let applied: { check: DiscountCheck; discount: AppliedDiscount } | null = null;
  let refusal: AppError | null = null;
  if (row.discountCode && code) {
    try {
      if ('refused' in code) throw code.refused;
      const check = discountCheck(row, row.discountCode, lines, facts, list.pricing, totalsOf(0).delivery?.priceIncVat ?? 0);
      applied = { check, discount: code.loaded.judge(check, now) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal = error;
      notices.push({
        type: 'discount_removed',
        code: row.discountCode,
        reason: error.code,
        message: `The code ${row.discountCode} no longer applies: ${error.message}`,
      });
    }
  }
  const totals = totalsOf(applied?.discount.discountPence ?? 0, applied?.discount.deliveryDiscountPence ?? 0);
  const discount = row.discountCode
    ? {
        code: row.discountCode,
        description: applied?.discount.description ?? '',
        discountIncVat: applied ? totals.discountIncVat : 0,
        applies: applied !== null,
      }
    : null;
  const claim = applied && { ...applied.check, amountPence: totals.discountIncVat };
  // Free-delivery thresholds count the goods after goods discounts: a delivery code takes nothing off them.
  const goodsDiscount = applied ? Math.max(0, applied.discount.discountPence - applied.discount.deliveryDiscountPence) : 0;
  const goodsIncVat = totals.subtotalIncVat - Math.min(totals.subtotalIncVat, goodsDiscount);
  return { lines, discount, totals, notices, refusal, claim, goodsIncVat };
}

async function price(
  deps: Deps,
  db: Database,
  row: BasketRow,
  stored: readonly Item[],
  list: PriceList,
  now: Date,
  offerings?: Map<string, SellableOffering>,
): Promise<Priced> {
  const facts =
    offerings ??
    (await deps.catalogue.findSellableOfferings(
      { db },
      stored.map((line) => line.sku),
      { heldBy: row.id },
    ));
  return priceWith(deps, row, priceLines(deps, stored, facts, list), facts, list, await loadCode(deps, db, row), now);
}

function present(row: BasketRow, priced: Priced, basketPricing: Pricing, notices: BasketNotice[]): Basket {
  return {
    basketId: row.id,
    version: row.version,
    owner: row.ownerId ? 'shopper' : 'guest',
    channel: channelFor(basketPricing),
    pricing: basketPricing,
    lines: priced.lines,
    discount: priced.discount,
    totals: priced.totals,
    notices: [...notices, ...priced.notices],
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ── changing a basket ───────────────────────────────────────────────────────────────────────────

interface Change {
  /** The lines wanted; validated against the catalogue before anything is written. */
  lines?: (current: readonly Item[], offerings: Map<string, SellableOffering>) => Item[];
  /** Skus the change needs facts about besides the basket's own. */
  skus?: readonly string[];
  discountCode?: string | null;
  /** Remove lines that cannot be sold, cap quantities at stock and report price changes. */
  refresh?: boolean;
  /** A refused discount code fails the call rather than being dropped (adddiscount). */
  strictDiscount?: boolean;
  /** removediscount names the code it removes: another code is left alone. */
  removingCode?: string;
}

/** Tries at saving a change against the version read before falling back to queueing on the basket's lock. */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Every change runs here; none is lost when several arrive at once. A basket the caller already
 * holds (a guest's own, or a shopper's) is read, changed and saved in one statement that checks
 * its version (`repository.saveBasket`): no transaction, so a change costs three round trips and
 * holds the basket's lock only while that statement runs. If another change got in between, it is
 * read and redone; after a few such losses, and whenever the basket changes hands (a signed-in
 * caller naming a guest basket takes it over: it is merged into their current basket, or becomes
 * theirs when they have none), the change runs in one transaction holding the basket's row lock,
 * where parallel changes queue.
 */
async function change(deps: Deps, ctx: Ctx, basketId: string, what: Change): Promise<Basket> {
  const now = ctx.clock.now();
  const list = await deps.pricing.priceListFor(ctx);
  // The current-basket alias may need a basket made: that is the locked path's work.
  const attempts = basketId === CURRENT_BASKET_ALIAS ? 0 : OPTIMISTIC_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const found = await repository.findBasketWithLines(ctx.db, basketId);
    if (!found || (found.row.ownerId !== null && found.row.ownerId !== ctx.actor?.userId)) throw BasketErrors.notFound();
    // A guest basket named by a shopper changes hands: that needs the lock.
    if (found.row.ownerId === null && ctx.actor) break;
    const saved = await apply(deps, ctx.db, found.row, found.lines, [], what, list, now);
    if (saved) return saved;
  }
  return ctx.db.transaction(async (db) => {
    const { row, lines: before, notices } = await open(deps, db, ctx.actor, basketId, list.pricing, now);
    // Under the row lock the version cannot move, so the save always lands.
    return (await apply(deps, db, row, before, notices, what, list, now))!;
  });
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
): Promise<Basket | null> {
  if (what.removingCode !== undefined && row.discountCode !== what.removingCode) throw BasketErrors.discountNotApplied(what.removingCode);
  const offerings = await deps.catalogue.findSellableOfferings({ db }, [...before.map((line) => line.sku), ...(what.skus ?? [])], { heldBy: row.id });
  let items: Item[] = what.lines ? what.lines(before, offerings) : before.map(({ sku, quantity }) => ({ sku, quantity }));
  if (items.length > MAX_LINES) throw BasketErrors.tooManyLines();
  if (what.refresh) items = refreshItems(deps, items, before, offerings, list, notices);
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
  if (!(await repository.saveBasket(db, row.id, row.version, { before, after }, values, now))) return null;
  const updated: BasketRow = { ...row, ...values, version: row.version + 1, updatedAt: now };
  if (storedCode !== discountCode) priced = { ...priced, discount: null };
  return present(updated, priced, list.pricing, notices);
}

/** What the discounts module needs to judge a code against this basket: its available lines, channel and delivery. */
function discountCheck(
  row: BasketRow,
  code: string,
  lines: readonly BasketLine[],
  offerings: Map<string, SellableOffering>,
  basketPricing: Pricing,
  deliveryPence: number,
): DiscountCheck {
  return {
    code,
    channel: channelFor(basketPricing),
    customerId: row.ownerId,
    isTradePriced: basketPricing.tradePriced,
    lines: lines
      .filter((line) => line.available)
      .map((line) => {
        const offering = offerings.get(line.sku)!;
        return {
          sku: line.sku,
          productId: offering.productId,
          categoryId: offering.categoryId,
          brandId: offering.brandId,
          quantity: line.quantity,
          lineTotalPence: line.lineTotalIncVat,
        };
      }),
    deliveryPence,
  };
}

function refreshItems(
  deps: Deps,
  items: Item[],
  before: readonly LineRow[],
  offerings: Map<string, SellableOffering>,
  list: PriceList,
  notices: BasketNotice[],
): Item[] {
  const shown = new Map(before.map((line) => [line.sku, line.pricedUnitIncVat]));
  const kept: Item[] = [];
  for (const [i, line] of priceLines(deps, items, offerings, list).entries()) {
    const item = items[i]!;
    if (line.unavailableReason === 'sku_not_found' || line.unavailableReason === 'out_of_stock') {
      const message =
        line.unavailableReason === 'sku_not_found'
          ? `${item.sku} is no longer sold and has been removed.`
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

// ── the calls ───────────────────────────────────────────────────────────────────────────────────

/**
 * A basket the caller may read as it is, with its lines (one round trip). `null` when reading it
 * means taking it over first: a signed-in shopper's first basket, or a guest basket they name.
 */
async function findReadable(ctx: Ctx, basketId: string): Promise<{ row: BasketRow; lines: LineRow[] } | null> {
  const found =
    basketId === CURRENT_BASKET_ALIAS
      ? ctx.actor && (await repository.findCurrentBasketWithLinesOf(ctx.db, ctx.actor.userId))
      : await repository.findBasketWithLines(ctx.db, basketId);
  // Taking over a guest basket, or creating a shopper's first, writes; a plain read does not.
  if (ctx.actor && (!found ? basketId === CURRENT_BASKET_ALIAS : found.row.ownerId === null)) return null;
  if (!found || (found.row.ownerId !== null && found.row.ownerId !== ctx.actor?.userId)) throw BasketErrors.notFound();
  return found;
}

async function getBasket(deps: Deps, ctx: Ctx, basketId: string): Promise<Basket> {
  const found = await findReadable(ctx, basketId);
  if (!found) return change(deps, ctx, basketId, {});
  const list = await deps.pricing.priceListFor(ctx);
  return present(found.row, await price(deps, ctx.db, found.row, found.lines, list, ctx.clock.now()), list.pricing, []);
}

/** A line as checkout chooses delivery for it: priced, and with the date it is due back when out of stock. */
export type CheckoutLine = BasketLine & { eta: string | null };

/** A basket priced for checkout: what is shown and charged, and the code's redemption that placing the order claims. */
export interface PricedBasket {
  basket: Basket;
  claim: CodeClaim | null;
}

/** A basket as checkout reads it: see `priceForCheckout`. */
export interface BasketForCheckout {
  basketId: string;
  /** The lines as they can be sold now (stock, eta, delivery class): checkout's delivery options come from these. */
  lines: readonly CheckoutLine[];
  /** The goods after the discount, with the delivery estimate: free-delivery thresholds are checked against it. */
  goodsIncVat: number;
  /** Priced with checkout's delivery in place of the estimate, from what was read: no further reads. */
  price(delivery: ChosenDelivery): PricedBasket;
}

/**
 * The basket as checkout shows and charges it: owned by the caller (a guest basket named with a
 * token is taken over first) and read once, with its catalogue facts and its code. Checkout chooses
 * the delivery from `lines` and `goodsIncVat`, then `price`s the basket with it.
 */
async function priceForCheckout(deps: Deps, ctx: Ctx, basketId: string): Promise<BasketForCheckout> {
  const list = await deps.pricing.priceListFor(ctx);
  const now = ctx.clock.now();
  let found = await findReadable(ctx, basketId);
  let merged: BasketNotice[] = [];
  if (!found) {
    const takenOver = await change(deps, ctx, basketId, {});
    merged = takenOver.notices.filter((notice) => notice.type === 'merged');
    found = (await repository.findBasketWithLines(ctx.db, takenOver.basketId))!;
  }
  const { row } = found;
  // A basket paying now holds its stock: that stock is still its own to buy.
  const offerings = await deps.catalogue.findSellableOfferings(
    ctx,
    found.lines.map((line) => line.sku),
    { heldBy: row.id },
  );
  const lines = priceLines(deps, found.lines, offerings, list);
  const code = await loadCode(deps, ctx.db, row);
  const { goodsIncVat } = priceWith(deps, row, lines, offerings, list, code, now);
  return {
    basketId: row.id,
    lines: lines.map((line) => ({ ...line, eta: offerings.get(line.sku)?.eta ?? null })),
    goodsIncVat: Math.max(0, goodsIncVat),
    price: (delivery) => {
      const priced = priceWith(deps, row, lines, offerings, list, code, now, delivery);
      return { basket: present(row, priced, list.pricing, merged), claim: priced.claim };
    },
  };
}

function refreshBasket(deps: Deps, ctx: Ctx, basketId: string): Promise<Basket> {
  return change(deps, ctx, basketId, { refresh: true });
}

/** A new, empty basket for the caller, then the change: creation and first items are one transaction. */
async function create(deps: Deps, ctx: Ctx, what: Change, discountCode: string | null = null): Promise<Basket> {
  const now = ctx.clock.now();
  const list = await deps.pricing.priceListFor(ctx);
  return ctx.db.transaction(async (db) => {
    const row = await repository.insertBasket(db, {
      id: newBasketId(),
      ownerId: ctx.actor?.userId ?? null,
      channel: channelFor(list.pricing),
      discountCode,
      now,
    });
    return (await apply(deps, db, row, [], [], what, list, now))!;
  });
}

function setLines(items: readonly Item[], mode: 'add' | 'set'): Change {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.sku)) throw BasketErrors.duplicateSku(item.sku);
    seen.add(item.sku);
    checkQuantity(item, mode === 'set');
  }
  return {
    skus: items.map((item) => item.sku),
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

function removeItem(deps: Deps, ctx: Ctx, basketId: string, sku: string): Promise<Basket> {
  return change(deps, ctx, basketId, {
    lines: (current) => {
      if (!current.some((line) => line.sku === sku)) throw BasketErrors.lineNotFound(sku);
      return current.filter((line) => line.sku !== sku);
    },
  });
}

function addDiscount(deps: Deps, ctx: Ctx, basketId: string, code: string): Promise<Basket> {
  return change(deps, ctx, basketId, { discountCode: code.trim().toUpperCase(), strictDiscount: true });
}

function removeDiscount(deps: Deps, ctx: Ctx, basketId: string, code: string): Promise<Basket> {
  return change(deps, ctx, basketId, { discountCode: null, removingCode: code.trim().toUpperCase() });
}

async function copyBasket(deps: Deps, ctx: Ctx, basketId: string): Promise<Basket> {
  const source = await readable(ctx, basketId);
  return create(deps, ctx, { lines: () => source.lines, skus: source.lines.map((line) => line.sku), refresh: true }, source.discountCode);
}

/** The lines and code of a basket the caller may see, without taking it over. */
async function readable(ctx: Ctx, basketId: string): Promise<{ row: BasketRow; lines: Item[]; discountCode: string | null }> {
  const found =
    basketId === CURRENT_BASKET_ALIAS
      ? ctx.actor && (await repository.findCurrentBasketWithLinesOf(ctx.db, ctx.actor.userId))
      : await repository.findBasketWithLines(ctx.db, basketId);
  if (!found || (found.row.ownerId !== null && found.row.ownerId !== ctx.actor?.userId)) throw BasketErrors.notFound();
  const { row, lines } = found;
  return { row, lines: lines.map(({ sku, quantity }) => ({ sku, quantity })), discountCode: row.discountCode };
}

// ── saved baskets ───────────────────────────────────────────────────────────────────────────────

export const retrieveUrl = (publicUrl: string, code: string) => `${publicUrl}/basket/retrieve?code=${encodeURIComponent(formatRetrievalCode(code))}`;

/** The same lines (in any order) and the same discount code: the state a saved basket holds. */
function sameState(saved: SavedBasketRow, lines: readonly Item[], discountCode: string | null): boolean {
  const key = (items: readonly Item[]) =>
    items
      .map(({ sku, quantity }) => `${sku}×${quantity}`)
      .toSorted()
      .join(' ');
  return saved.discountCode === discountCode && key(saved.lines) === key(lines);
}

/**
 * Saves the basket's current state under a retrieval code. A state saved before keeps its code (its
 * 30 days start again): pressing "Save basket" twice, or e-mailing the code after saving, gives one
 * code. Saves of one basket queue on its row, so two at once cannot draw two codes either.
 * Runs in the caller's transaction.
 */
async function save(deps: Deps, db: Database, ctx: Ctx, basketId: string, publicUrl: string): Promise<{ code: string; expiresAt: Date; result: SavedBasket }> {
  const source = await readable({ ...ctx, db }, basketId);
  const row = await repository.lockBasket(db, source.row.id);
  // Placed as an order between the read and the lock.
  if (!row) throw BasketErrors.notFound();
  const lines = (await repository.findLines(db, row.id)).map(({ sku, quantity }) => ({ sku, quantity }));
  if (lines.length === 0) throw BasketErrors.empty();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SAVED_BASKET_DAYS * 86_400_000);
  const saved = (code: string) => ({
    code,
    expiresAt,
    result: { retrievalCode: formatRetrievalCode(code), expiresAt: expiresAt.toISOString(), retrieveUrl: retrieveUrl(publicUrl, code), emailedTo: null },
  });
  const before = (await repository.findLiveSavedBasketsOf(db, row.id, now)).find((entry) => sameState(entry, lines, row.discountCode));
  if (before) {
    await repository.extendSavedBasket(db, before.retrievalCode, expiresAt);
    return saved(before.retrievalCode);
  }
  const draw = deps.newRetrievalCode ?? newRetrievalCode;
  // A code already taken is not inserted (nothing else changes), and another is drawn.
  for (let attempt = 0; attempt < RETRIEVAL_CODE_ATTEMPTS; attempt++) {
    const code = draw();
    const inserted = await repository.insertSavedBasket(db, {
      retrievalCode: code,
      sourceBasketId: row.id,
      ownerId: row.ownerId,
      lines,
      discountCode: row.discountCode,
      createdAt: now,
      expiresAt,
    });
    if (inserted) return saved(code);
  }
  throw BasketErrors.saveUnavailable();
}

function saveBasket(deps: Deps, ctx: Ctx, basketId: string, publicUrl: string): Promise<SavedBasket> {
  return ctx.db.transaction(async (tx) => (await save(deps, tx, ctx, basketId, publicUrl)).result);
}

async function sendBasketSavedEmail(deps: Deps, ctx: Ctx, input: { basketId: string; emailAddress: string }, publicUrl: string): Promise<SavedBasket> {
  const { notifications } = deps;
  const to = input.emailAddress.trim();
  if (!notifications.isSendableAddress(to)) throw BasketErrors.invalidEmail();
  return ctx.db.transaction(async (db) => {
    const saved = await save(deps, db, ctx, input.basketId, publicUrl);
    const email = basketSavedEmail(notifications, saved.result, saved.expiresAt);
    // Written in the same transaction as the saved basket: no code without its e-mail, or the reverse.
    // A second press of "Send e-mail" the same day queues nothing more; another address gets its own.
    const day = saved.expiresAt.toISOString().slice(0, 10);
    await notifications.enqueueEmail({ db }, { to, ...email, template: 'basket.saved', dedupeKey: `basket.saved:${saved.code}:${to.toLowerCase()}:${day}` });
    return { ...saved.result, emailedTo: to };
  });
}

function basketSavedEmail(notifications: NotificationsService, saved: SavedBasket, expiresAt: Date) {
  const until = londonLongDate(expiresAt);
  return notifications.renderEmail({
    subject: `Your saved basket: ${saved.retrievalCode}`,
    preheader: `Retrieval code ${saved.retrievalCode}, valid until ${until}.`,
    heading: 'Your basket is saved',
    paragraphs: [
      `Your retrieval code is ${saved.retrievalCode}.`,
      `Open the link below on any device, or give the code to our team by phone, to pick up where you left off. The code works until ${until}.`,
      'Prices and stock are checked again when you retrieve the basket.',
    ],
    action: { label: 'Open my saved basket', url: saved.retrieveUrl },
    footnote: 'You are receiving this because someone saved a basket on Plumbline and asked us to e-mail it to this address.',
  });
}

/** A new basket copied from a saved one, for whoever holds the code. */
async function retrieveBasket(deps: Deps, ctx: Ctx, input: string): Promise<Basket> {
  const code = normaliseRetrievalCode(input);
  const saved = code ? await repository.findSavedBasket(ctx.db, code) : undefined;
  if (!saved) throw BasketErrors.retrievalCodeNotFound();
  if (saved.expiresAt <= ctx.clock.now()) throw BasketErrors.retrievalCodeExpired();
  return create(deps, ctx, { lines: () => saved.lines, skus: saved.lines.map((line) => line.sku), refresh: true }, saved.discountCode);
}

// ── orders (called by checkout's place-order, in its transaction) ──────────────────────────────

/** Holds the basket's row until the caller's transaction ends: one order per basket, however many requests race. */
async function lockBasketForOrder(db: Transaction, basketId: string): Promise<{ version: number } | null> {
  const row = await repository.lockBasket(db, basketId);
  return row ? { version: row.version } : null;
}

/**
 * The basket became an order: the code's redemption is claimed as it was priced (refused, the
 * caller's transaction rolls back) and the basket is gone (its id now answers 404; the order keeps
 * its own copy). Under the basket's lock (`lockBasketForOrder`), so it is the basket that was priced.
 */
async function convertToOrder({ discounts }: Deps, db: Transaction, priced: PricedBasket, orderId: string, now: Date): Promise<void> {
  if (priced.claim) await discounts.claimDiscount({ db }, { ...priced.claim, orderId }, now);
  await repository.deleteBasket(db, priced.basket.basketId);
}

// ── the service ─────────────────────────────────────────────────────────────────────────────────

/**
 * Baskets: guest baskets by unguessable id, shoppers' by owner (a guest basket named by a signed-in
 * shopper is merged into theirs), priced for the caller, with a discount code, saved under a
 * retrieval code; and, for checkout, a basket read once and priced with the delivery chosen, then
 * turned into an order in checkout's transaction (`ctx.db`).
 */
export interface BasketService {
  getBasket(ctx: Ctx, basketId: string): Promise<Basket>;
  createBasket(ctx: Ctx, item: Item): Promise<Basket>;
  createBasketWithItems(ctx: Ctx, items: Item[]): Promise<Basket>;
  addItem(ctx: Ctx, basketId: string, item: Item): Promise<Basket>;
  setItem(ctx: Ctx, basketId: string, item: Item): Promise<Basket>;
  setItems(ctx: Ctx, basketId: string, items: Item[]): Promise<Basket>;
  removeItem(ctx: Ctx, basketId: string, sku: string): Promise<Basket>;
  /** A refused code fails the call with the discounts module's reason. */
  addDiscount(ctx: Ctx, basketId: string, code: string): Promise<Basket>;
  removeDiscount(ctx: Ctx, basketId: string, code: string): Promise<Basket>;
  /** A new basket with the same lines and code, checked again. */
  copyBasket(ctx: Ctx, basketId: string): Promise<Basket>;
  /** Lines that cannot be sold removed, quantities capped at stock, price changes reported. */
  refreshBasket(ctx: Ctx, basketId: string): Promise<Basket>;
  /** The basket's state under a retrieval code for 30 days (the same code for the same state). */
  saveBasket(ctx: Ctx, basketId: string, publicUrl: string): Promise<SavedBasket>;
  sendBasketSavedEmail(ctx: Ctx, input: { basketId: string; emailAddress: string }, publicUrl: string): Promise<SavedBasket>;
  /** A new basket copied from a saved one, for whoever holds the code. */
  retrieveBasket(ctx: Ctx, retrievalCode: string): Promise<Basket>;
  /** The basket as checkout shows and charges it: read once, priced with the delivery checkout chooses. */
  priceForCheckout(ctx: Ctx, basketId: string): Promise<BasketForCheckout>;
  /** Holds the basket's row until the caller's transaction ends: one order per basket, however many requests race. Null when it is gone. */
  lockForOrder(ctx: TransactionContext, basketId: string): Promise<{ version: number } | null>;
  /** The basket became an order: its code claimed as priced, the basket removed, in the caller's transaction. */
  convertToOrder(ctx: TransactionContext, priced: PricedBasket, orderId: string, now: Date): Promise<void>;
}

export function createBasketService(deps: BasketDeps): BasketService {
  return {
    getBasket: (ctx, basketId) => getBasket(deps, ctx, basketId),
    createBasket: (ctx, item) => create(deps, ctx, setLines([item], 'add')),
    createBasketWithItems: (ctx, items) => create(deps, ctx, setLines(items, 'set')),
    addItem: (ctx, basketId, item) => change(deps, ctx, basketId, setLines([item], 'add')),
    setItem: (ctx, basketId, item) => change(deps, ctx, basketId, setLines([item], 'set')),
    setItems: (ctx, basketId, items) => change(deps, ctx, basketId, setLines(items, 'set')),
    removeItem: (ctx, basketId, sku) => removeItem(deps, ctx, basketId, sku),
    addDiscount: (ctx, basketId, code) => addDiscount(deps, ctx, basketId, code),
    removeDiscount: (ctx, basketId, code) => removeDiscount(deps, ctx, basketId, code),
    copyBasket: (ctx, basketId) => copyBasket(deps, ctx, basketId),
    refreshBasket: (ctx, basketId) => refreshBasket(deps, ctx, basketId),
    saveBasket: (ctx, basketId, publicUrl) => saveBasket(deps, ctx, basketId, publicUrl),
    sendBasketSavedEmail: (ctx, input, publicUrl) => sendBasketSavedEmail(deps, ctx, input, publicUrl),
    retrieveBasket: (ctx, code) => retrieveBasket(deps, ctx, code),
    priceForCheckout: (ctx, basketId) => priceForCheckout(deps, ctx, basketId),
    lockForOrder: (ctx, basketId) => lockBasketForOrder(ctx.db, basketId),
    convertToOrder: (ctx, priced, orderId, now) => convertToOrder(deps, ctx.db, priced, orderId, now),
  };
}
