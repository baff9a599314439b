/**
 * The basket as checkout reads it (once, priced with the delivery checkout chooses), and as it
 * becomes an order in checkout's transaction.
 */
import type { Basket, BasketLine, BasketNotice } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { CallerContext as Ctx } from '../../platform/context.ts';
import type { Returnability } from '../catalogue/index.ts';
import type { ChosenDelivery } from '../pricing/index.ts';
import { change, findReadable } from './basket-changes.ts';
import { loadCode, namesOfUnsold, present, priceLines, priceWith, type CodeClaim } from './basket-pricing.ts';
import * as repository from './basket.repository.ts';
import type { BasketDeps as Deps } from './basket.deps.ts';

/**
 * A line as checkout chooses delivery for it: priced, with the date it is due back when out of stock,
 * and whether it may be returned (the order's confirmation says so).
 */
export type CheckoutLine = BasketLine & { eta: string | null; returnability: Returnability };

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
export async function priceForCheckout(deps: Deps, ctx: Ctx, basketId: string): Promise<BasketForCheckout> {
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
  const lines = priceLines(deps, found.lines, offerings, list, await namesOfUnsold(deps, ctx.db, found.lines, offerings));
  const code = await loadCode(deps, ctx.db, row);
  const { goodsIncVat } = priceWith(deps, row, lines, offerings, list, code, now);
  return {
    basketId: row.id,
    lines: lines.map((line) => {
      const offering = offerings.get(line.sku);
      return { ...line, eta: offering?.eta ?? null, returnability: offering?.returnability ?? 'standard' };
    }),
    goodsIncVat: Math.max(0, goodsIncVat),
    price: (delivery) => {
      const priced = priceWith(deps, row, lines, offerings, list, code, now, delivery);
      return { basket: present(row, priced, list.pricing, merged), claim: priced.claim };
    },
  };
}

/**
 * The basket becomes an order: removed in the caller's transaction (its id then answers 404; the
 * order keeps its own copy), in one statement that also holds its row until that transaction ends,
 * so one order is made per basket however many requests race, and a change made meanwhile waits and
 * then finds it gone. The version it was at, or null when it is gone (rolled back, it is there again).
 */
export async function takeBasketForOrder(db: Transaction, basketId: string): Promise<{ version: number } | null> {
  return (await repository.takeBasket(db, basketId)) ?? null;
}

/**
 * The code's redemption is claimed as the basket was priced (refused, the caller's transaction rolls
 * back). After `takeBasketForOrder`, so it is the basket that was priced.
 */
export async function convertToOrder({ discounts }: Deps, db: Transaction, priced: PricedBasket, orderId: string, now: Date): Promise<void> {
  if (priced.claim) await discounts.claimDiscount({ db }, { ...priced.claim, orderId }, now);
}
