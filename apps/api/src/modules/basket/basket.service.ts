import type { Basket, SavedBasket } from '@shop/contracts';
import type { CallerContext as Ctx, TransactionContext } from '../../platform/context.ts';
import { addWhatCanBeSold, change, create, findReadable, readable, setLines, type Item, type NotAddedLine } from './basket-changes.ts';
import { convertToOrder, priceForCheckout, takeBasketForOrder, type BasketForCheckout, type PricedBasket } from './basket-checkout.ts';
import { present, price } from './basket-pricing.ts';
import { BasketErrors } from './basket.errors.ts';
import { keptBaskets } from './kept-baskets.ts';
import { retrieveBasket, saveBasket, sendBasketSavedEmail } from './saved-baskets.ts';
import type { BasketDeps as Deps } from './basket.deps.ts';

export { CURRENT_BASKET_ALIAS } from './basket-changes.ts';
export type { NotAddedLine } from './basket-changes.ts';
export type { BasketForCheckout, CheckoutLine, PricedBasket } from './basket-checkout.ts';
export type { CodeClaim } from './basket-pricing.ts';

async function getBasket(deps: Deps, ctx: Ctx, basketId: string): Promise<Basket> {
  const found = await findReadable(ctx, basketId);
  if (!found) return change(deps, ctx, basketId, {});
  deps.kept?.keep(found);
  const list = await deps.pricing.priceListFor(ctx);
  return present(found.row, await price(deps, ctx.db, found.row, found.lines, list, ctx.clock.now()), list.pricing, []);
}

function refreshBasket(deps: Deps, ctx: Ctx, basketId: string): Promise<Basket> {
  return change(deps, ctx, basketId, { refresh: true });
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
  /** Adds what can be sold of each item (a project's add-all): lines not sold or out of stock left out, quantities capped, each reported. */
  addWhatCanBeSold(ctx: Ctx, basketId: string, items: readonly Item[]): Promise<{ basket: Basket; added: Item[]; notAdded: NotAddedLine[] }>;
  /** A refused code fails the call with the discounts module's reason. */
  addDiscount(ctx: Ctx, basketId: string, code: string): Promise<Basket>;
  removeDiscount(ctx: Ctx, basketId: string, code: string): Promise<Basket>;
  /** A new basket with the same lines and code, checked again. */
  copyBasket(ctx: Ctx, basketId: string): Promise<Basket>;
  /** Lines that cannot be sold removed, quantities capped at stock, price changes reported. */
  refreshBasket(ctx: Ctx, basketId: string): Promise<Basket>;
  /** The basket's state under a retrieval code for 30 days (the same code for the same state). */
  saveBasket(ctx: Ctx, basketId: string): Promise<SavedBasket>;
  sendBasketSavedEmail(ctx: Ctx, input: { basketId: string; emailAddress: string }): Promise<SavedBasket>;
  /** A new basket copied from a saved one, for whoever holds the code. */
  retrieveBasket(ctx: Ctx, retrievalCode: string): Promise<Basket>;
  /** The basket as checkout shows and charges it: read once, priced with the delivery checkout chooses. */
  priceForCheckout(ctx: Ctx, basketId: string): Promise<BasketForCheckout>;
  /**
   * Removes the basket that becomes an order, holding its row until the caller's transaction ends (one
   * order per basket, however many requests race): the version it was at, or null when it is gone.
   */
  takeForOrder(ctx: TransactionContext, basketId: string): Promise<{ version: number } | null>;
  /** The basket became an order: its code claimed as priced, in the caller's transaction. */
  convertToOrder(ctx: TransactionContext, priced: PricedBasket, orderId: string, now: Date): Promise<void>;
}

export function createBasketService(given: Deps): BasketService {
  const deps: Deps = { ...given, kept: given.kept ?? keptBaskets() };
  return {
    getBasket: (ctx, basketId) => getBasket(deps, ctx, basketId),
    createBasket: (ctx, item) => create(deps, ctx, setLines([item], 'add')),
    createBasketWithItems: (ctx, items) => create(deps, ctx, setLines(items, 'set')),
    addItem: (ctx, basketId, item) => change(deps, ctx, basketId, setLines([item], 'add')),
    setItem: (ctx, basketId, item) => change(deps, ctx, basketId, setLines([item], 'set')),
    setItems: (ctx, basketId, items) => change(deps, ctx, basketId, setLines(items, 'set')),
    removeItem: (ctx, basketId, sku) => removeItem(deps, ctx, basketId, sku),
    addWhatCanBeSold: async (ctx, basketId, items) => {
      const report = { added: [] as Item[], notAdded: [] as NotAddedLine[] };
      const basket = await change(deps, ctx, basketId, addWhatCanBeSold(items, report));
      return { basket, ...report };
    },
    addDiscount: (ctx, basketId, code) => addDiscount(deps, ctx, basketId, code),
    removeDiscount: (ctx, basketId, code) => removeDiscount(deps, ctx, basketId, code),
    copyBasket: (ctx, basketId) => copyBasket(deps, ctx, basketId),
    refreshBasket: (ctx, basketId) => refreshBasket(deps, ctx, basketId),
    saveBasket: (ctx, basketId) => saveBasket(deps, ctx, basketId),
    sendBasketSavedEmail: (ctx, input) => sendBasketSavedEmail(deps, ctx, input),
    retrieveBasket: (ctx, code) => retrieveBasket(deps, ctx, code),
    priceForCheckout: (ctx, basketId) => priceForCheckout(deps, ctx, basketId),
    takeForOrder: (ctx, basketId) => takeBasketForOrder(ctx.db, basketId),
    convertToOrder: (ctx, priced, orderId, now) => convertToOrder(deps, ctx.db, priced, orderId, now),
  };
}
