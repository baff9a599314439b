import { AMENDABLE_STATUSES, ORDER_MODIFICATION_TYPES, storedAddress, type Address, type OrderBasket, type OrderBasketCompletion } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { ZONE_RULES } from '../delivery/index.ts';
import type { ChangeableOrder } from '../orders/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEventHandler } from '../payments/index.ts';
import { complete, type CompletionInput } from './order-basket-completion.ts';
import { noteStrayPayments, refundStrayPayments, releaseExpiredPayments } from './order-basket-payments.ts';
import { ORDER_BASKET_MINUTES, quantitiesAfter, quantityProblem } from './order-basket-rules.ts';
import { orderLineFacts, priceOrderBasket, recorded, type PricedOrderBasket } from './order-basket-pricing.ts';
import type { Ctx, Opened, OrderBasketsDeps } from './order-baskets.deps.ts';
import { OrderBasketErrors } from './order-baskets.errors.ts';
import * as repository from './order-baskets.repository.ts';
import type { OrderBasketRow } from './order-baskets.repository.ts';

export { ORDER_BASKET_MINUTES };

/**
 * Order baskets: a change set over a placed order, by the customer who placed it or by order staff,
 * until the order is picked. Each change is recorded with its modification type and answered with
 * the whole basket, new figures and the difference; completing it changes the same order.
 */
export interface OrderBasketsService {
  openOrderBasket(ctx: Ctx, orderNumber: string): Promise<OrderBasket>;
  addItem(ctx: Ctx, orderNumber: string, item: { sku: string; quantity: number }): Promise<OrderBasket>;
  setItem(ctx: Ctx, orderNumber: string, item: { sku: string; quantity: number }): Promise<OrderBasket>;
  removeItem(ctx: Ctx, orderNumber: string, sku: string): Promise<OrderBasket>;
  setDeliveryDetails(ctx: Ctx, orderNumber: string, address: Address): Promise<OrderBasket>;
  completeOrderBasket(ctx: Ctx, orderNumber: string, input: CompletionInput): Promise<OrderBasketCompletion>;
  /** Closes baskets left past their expiry and gives back their stock (a job); how many it closed. */
  expireOrderBaskets(ctx: Pick<Ctx, 'db' | 'clock'>, limit?: number): Promise<number>;
  /** Lets go of the payments of baskets that expired with one: cancelled, or refunded if taken (a job); how many. */
  releaseExpiredPayments(ctx: Pick<Ctx, 'db' | 'clock'> & { log?: FastifyBaseLogger }, limit?: number): Promise<number>;
  /** Refunds taken payments for a change that were not its basket's payment (a job); how many. */
  refundStrayPayments(ctx: Pick<Ctx, 'db' | 'clock'> & { log?: FastifyBaseLogger }, limit?: number): Promise<number>;
  /** The payment webhook's part: notes such a payment for the job (subscribed by `composeApi`). */
  noteStrayPayments: PaymentEventHandler;
}

const expiry = (now: Date) => new Date(now.getTime() + ORDER_BASKET_MINUTES * 60_000);

export function createOrderBasketsService(deps: OrderBasketsDeps): OrderBasketsService {
  const { orders, inventory } = deps;

  /** Closes a basket left too long, with its stock hold. */
  async function expire(db: Database, order: Pick<ChangeableOrder, 'basketId'>, basket: OrderBasketRow, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      if (await repository.close(tx, basket.id, 'expired', now)) await inventory.releaseReservations({ db: tx }, order.basketId);
    });
  }

  /** The order (its owner's or staff's, 404 otherwise) and its open basket, opened when asked and none is. */
  async function opened(ctx: Ctx, orderNumber: string, open: boolean): Promise<Opened> {
    const order = await orders.orderForChange(ctx, orderNumber);
    if (!AMENDABLE_STATUSES.includes(order.status)) throw OrderBasketErrors.tooLate(order.orderNumber, order.status);
    const now = ctx.clock.now();
    let basket = await repository.findOpen(ctx.db, order.id);
    if (basket && basket.expiresAt <= now) {
      await expire(ctx.db, order, basket, now);
      if (!open) throw OrderBasketErrors.expired(order.orderNumber, ORDER_BASKET_MINUTES);
      basket = undefined;
    }
    if (!basket && !open) throw OrderBasketErrors.notOpen(order.orderNumber);
    if (!basket) {
      await repository.insertOpen(ctx.db, {
        id: crypto.randomUUID(),
        orderId: order.id,
        stockHoldKey: order.basketId,
        orderVersion: order.version,
        openedBy: ctx.actor?.userId ?? null,
        openedAt: now,
        expiresAt: expiry(now),
      });
      basket = (await repository.findOpen(ctx.db, order.id))!;
    }
    return { order, basket };
  }

  async function present(ctx: Ctx, { order, basket }: Opened): Promise<PricedOrderBasket> {
    return priceOrderBasket(deps, ctx, order, basket, await repository.changesOf(ctx.db, basket.id));
  }

  /**
   * Records one change and holds stock for everything the basket adds (replacing its earlier hold), in
   * one transaction under the basket's lock: a unit another shopper took first refuses the change.
   */
  async function change(
    ctx: Ctx,
    orderNumber: string,
    entry: { modificationType: 1 | 2 | 3; sku?: string; quantity?: number; address?: Address },
  ): Promise<OrderBasket> {
    const { order, basket } = await opened(ctx, orderNumber, true);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const locked = await repository.findOpen(tx, order.id, true);
      if (!locked || locked.id !== basket.id) throw OrderBasketErrors.notOpen(order.orderNumber);
      await repository.recordChange(tx, { basketId: basket.id, ...entry, actor: ctx.actor?.userId ?? null, at: now }, expiry(now));
      if (entry.modificationType === ORDER_MODIFICATION_TYPES.EditDeliveryAddress) return;
      await holdAdded(tx, order, basket.id, expiry(now), now);
    });
    const refreshed = (await repository.findOpen(ctx.db, order.id))!;
    return (await present(ctx, { order, basket: refreshed })).view;
  }

  /** Holds stock for everything the basket adds until `until` (replacing its earlier hold), or gives it back when it adds nothing. */
  async function holdAdded(tx: Transaction, order: ChangeableOrder, basketId: string, until: Date, now: Date): Promise<void> {
    const changes = recorded(await repository.changesOf(tx, basketId));
    const facts = orderLineFacts(order, new Map(), new Map());
    const added = [...quantitiesAfter(facts, changes)]
      .map(([sku, quantity]) => ({ sku, quantity: quantity - facts.filter((line) => line.sku === sku).reduce((sum, line) => sum + line.quantity, 0) }))
      .filter((line) => line.quantity > 0);
    if (added.length === 0) await inventory.releaseReservations({ db: tx }, order.basketId);
    else
      await inventory.reserveStock(
        { db: tx },
        order.basketId,
        added.map((line) => ({ ...line, productName: line.sku })),
        until,
        now,
      );
  }

  /** How many of a sku the basket holds now (the order's, with the changes so far). */
  async function quantityNow(ctx: Ctx, { order, basket }: Opened, sku: string): Promise<number> {
    const facts = orderLineFacts(order, new Map(), new Map());
    return quantitiesAfter(facts, recorded(await repository.changesOf(ctx.db, basket.id))).get(sku) ?? 0;
  }

  function checkQuantity(sku: string, quantity: number): void {
    const problem = quantityProblem(quantity);
    if (problem === 'not-whole') throw OrderBasketErrors.quantityNotWhole(sku);
    if (problem === 'out-of-range') throw OrderBasketErrors.quantityOutOfRange(sku);
  }

  /** Refuses more of a sku than can be sold now (own holds count as free), or one no longer sold. */
  async function checkSellable(ctx: Ctx, order: ChangeableOrder, sku: string, addedUnits: number): Promise<void> {
    const offering = (await deps.catalogue.findSellableOfferings({ db: ctx.db }, [sku], { heldBy: order.basketId })).get(sku);
    if (!offering) throw OrderBasketErrors.notSold(sku);
    if (addedUnits > offering.sellable) throw OrderBasketErrors.aboveStock(offering.productName, Math.max(0, Math.min(999, offering.sellable)));
  }

  const addedBefore = (order: ChangeableOrder, sku: string) => order.lines.filter((line) => line.sku === sku).reduce((sum, line) => sum + line.quantity, 0);

  return {
    openOrderBasket: async (ctx, orderNumber) => (await present(ctx, await opened(ctx, orderNumber, true))).view,

    addItem: async (ctx, orderNumber, { sku, quantity }) => {
      checkQuantity(sku, quantity);
      const state = await opened(ctx, orderNumber, true);
      const now = await quantityNow(ctx, state, sku);
      if (now + quantity > 999) throw OrderBasketErrors.quantityOutOfRange(sku);
      await checkSellable(ctx, state.order, sku, now + quantity - addedBefore(state.order, sku));
      return change(ctx, orderNumber, { modificationType: ORDER_MODIFICATION_TYPES.AddOffering, sku, quantity });
    },

    setItem: async (ctx, orderNumber, { sku, quantity }) => {
      checkQuantity(sku, quantity);
      const state = await opened(ctx, orderNumber, true);
      const now = await quantityNow(ctx, state, sku);
      if (now === 0) throw OrderBasketErrors.lineNotOnOrder(sku, state.order.orderNumber);
      if (quantity === now) return (await present(ctx, state)).view;
      if (quantity > now) {
        await checkSellable(ctx, state.order, sku, quantity - addedBefore(state.order, sku));
        return change(ctx, orderNumber, { modificationType: ORDER_MODIFICATION_TYPES.AddOffering, sku, quantity: quantity - now });
      }
      return change(ctx, orderNumber, { modificationType: ORDER_MODIFICATION_TYPES.RemoveOffering, sku, quantity: now - quantity });
    },

    removeItem: async (ctx, orderNumber, sku) => {
      const state = await opened(ctx, orderNumber, true);
      const now = await quantityNow(ctx, state, sku);
      if (now === 0) throw OrderBasketErrors.lineNotOnOrder(sku, state.order.orderNumber);
      return change(ctx, orderNumber, { modificationType: ORDER_MODIFICATION_TYPES.RemoveOffering, sku, quantity: now });
    },

    setDeliveryDetails: async (ctx, orderNumber, address) => {
      const { order } = await opened(ctx, orderNumber, true);
      if (order.delivery.code === 'click_collect' || !order.deliveryAddress) throw OrderBasketErrors.collected();
      const parsed = deps.delivery.parsePostcode(address.postcode);
      if (!parsed.ok) throw OrderBasketErrors.invalidPostcode(parsed.reason);
      const zone = deps.delivery.zoneOf(parsed.postcode);
      if (ZONE_RULES[zone].notServed) throw OrderBasketErrors.notServed(ZONE_RULES[zone].label);
      const stored = storedAddress(address, parsed.postcode.normalised);
      return change(ctx, orderNumber, { modificationType: ORDER_MODIFICATION_TYPES.EditDeliveryAddress, address: stored });
    },

    completeOrderBasket: (ctx, orderNumber, input) => complete(deps, ctx, orderNumber, input, { opened, present, hold: holdAdded }),

    releaseExpiredPayments: (ctx, limit = 100) => releaseExpiredPayments(deps, ctx, limit),
    refundStrayPayments: (ctx, limit = 100) => refundStrayPayments(deps, ctx, limit),
    noteStrayPayments,
    expireOrderBaskets: async (ctx, limit = 100) => {
      const now = ctx.clock.now();
      let closed = 0;
      for (const basket of await repository.expiredOpen(ctx.db, now, limit)) {
        const done = await ctx.db.transaction(async (tx) => {
          if (!(await repository.close(tx, basket.id, 'expired', now))) return false;
          await inventory.releaseReservations({ db: tx }, basket.stockHoldKey);
          return true;
        });
        if (done) closed += 1;
      }
      return closed;
    },
  };
}
