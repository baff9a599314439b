import {
  AMENDABLE_STATUSES,
  ORDER_MODIFICATION_TYPES,
  formatPenceShort,
  londonClock,
  storedAddress,
  type Address,
  type OrderBasket,
  type OrderBasketCompletion,
} from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ZONE_RULES } from '../delivery/index.ts';
import type { ChangeableOrder } from '../orders/index.ts';
import { describeChange, quantitiesAfter, quantityProblem } from './order-basket-rules.ts';
import { orderLineFacts, priceOrderBasket, recorded, type PricedOrderBasket } from './order-basket-pricing.ts';
import type { OrderBasketsDeps } from './order-baskets.deps.ts';
import { OrderBasketErrors } from './order-baskets.errors.ts';
import * as repository from './order-baskets.repository.ts';
import type { OrderBasketRow } from './order-baskets.repository.ts';

type Ctx = ServiceContext;

/** An order basket left this long is closed and its stock given back (each change starts the time again). */
export const ORDER_BASKET_MINUTES = 30;

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
  completeOrderBasket(ctx: Ctx, orderNumber: string, input: { orderVersion: number; paymentIntentId?: string }): Promise<OrderBasketCompletion>;
  /** Closes baskets left past their expiry and gives back their stock (a job); how many it closed. */
  expireOrderBaskets(ctx: Pick<Ctx, 'db' | 'clock'>, limit?: number): Promise<number>;
}

interface Opened {
  order: ChangeableOrder;
  basket: OrderBasketRow;
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
      await holdAdded(tx, order, basket.id, now);
    });
    const refreshed = (await repository.findOpen(ctx.db, order.id))!;
    return (await present(ctx, { order, basket: refreshed })).view;
  }

  async function holdAdded(tx: Transaction, order: ChangeableOrder, basketId: string, now: Date): Promise<void> {
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
        expiry(now),
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

    completeOrderBasket: (ctx, orderNumber, input) => complete(deps, ctx, orderNumber, input, { opened, present }),

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

interface Steps {
  opened(ctx: Ctx, orderNumber: string, open: boolean): Promise<Opened>;
  present(ctx: Ctx, state: Opened): Promise<PricedOrderBasket>;
}

/** Thrown inside the completing transaction to roll it back when the order moved on. */
class Stale extends Error {
  readonly detail: string;
  readonly version: number;
  constructor(detail: string, version: number) {
    super(detail);
    this.detail = detail;
    this.version = version;
  }
}

/**
 * Completing: the difference is paid first (a payment intent for it, confirmed in the browser with
 * 3-D Secure when asked), then, under the basket's and the order's locks, the order is changed if it
 * is still at the version the basket was opened on; else the payment goes back at once and 409. A
 * lower total is refunded through orders' refund code after the commit.
 */
async function complete(
  deps: OrderBasketsDeps,
  ctx: Ctx,
  orderNumber: string,
  input: { orderVersion: number; paymentIntentId?: string },
  steps: Steps,
): Promise<OrderBasketCompletion> {
  let state: Opened;
  try {
    state = await steps.opened(ctx, orderNumber, false);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'ORDER_BASKET_NOT_OPEN') throw error;
    const order = await deps.orders.orderForChange(ctx, orderNumber);
    const latest = await repository.findLatest(ctx.db, order.id);
    if (latest?.state === 'completed') throw OrderBasketErrors.alreadyCompleted(order.orderNumber);
    throw error;
  }
  const { order, basket } = state;
  const changes = await repository.changesOf(ctx.db, basket.id);
  if (changes.length === 0) throw OrderBasketErrors.empty();
  if (basket.orderVersion !== order.version || input.orderVersion !== basket.orderVersion) {
    throw OrderBasketErrors.stale(
      order.orderNumber,
      'The order was changed since you opened these changes (in another window, or by our staff).',
      order.version,
    );
  }
  const priced = await steps.present(ctx, state);
  if (quantitiesAfterTotal(priced) === 0) throw OrderBasketErrors.nothingLeft();
  if (priced.blocked) throw priced.blocked;
  const byStaff = ctx.actor?.userId !== order.customerId;
  if (byStaff && priced.chargePence > 0) throw OrderBasketErrors.staffCannotCharge(formatPenceShort(priced.chargePence), londonClock(basket.expiresAt));
  const gateway = deps.payments.gateway();
  let intentRef: string | null = null;
  if (priced.chargePence > 0) {
    if (!input.paymentIntentId) {
      const intent = await gateway.createIntent({
        amountPence: priced.chargePence,
        metadata: { orderBasketId: basket.id, orderNumber: order.orderNumber },
        idempotencyKey: `order-basket:${basket.id}:${changes.length}:${priced.chargePence}`,
      });
      await repository.setPayment(ctx.db, basket.id, intent.id, priced.chargePence);
      return { status: 'payment_required', payment: { intentId: intent.id, clientSecret: intent.clientSecret, amountPence: priced.chargePence } };
    }
    if (input.paymentIntentId !== basket.paymentIntentRef) throw OrderBasketErrors.paymentMismatch();
    const intent = await gateway.retrieveIntent(input.paymentIntentId);
    if (!intent || intent.status !== 'succeeded') throw OrderBasketErrors.paymentIncomplete();
    if (intent.amountPence !== priced.chargePence) {
      await refundPayment(deps, input.paymentIntentId, basket.id);
      throw OrderBasketErrors.totalMoved();
    }
    intentRef = intent.id;
  }
  const now = ctx.clock.now();
  const summary = describeChange(priced.lines, basket.deliveryAddress !== null);
  let applied: { version: number; refundId: string | null };
  try {
    applied = await ctx.db.transaction(async (tx) => {
      const locked = await repository.findOpen(tx, order.id, true);
      if (!locked || locked.id !== basket.id) throw OrderBasketErrors.alreadyCompleted(order.orderNumber);
      const result = await deps.orders.applyOrderChange(
        { db: tx, actor: ctx.actor },
        {
          orderNumber: order.orderNumber,
          expectedVersion: basket.orderVersion,
          cancel: priced.lines
            .filter((line) => line.position !== null && line.cancelled > 0)
            .map((line) => ({ position: line.position!, quantity: line.cancelled })),
          add: priced.lines
            .filter((line) => line.position === null && line.quantity > 0)
            .map((line) => {
              const offering = priced.offerings.get(line.sku)!;
              return {
                sku: line.sku,
                productName: line.productName,
                productSlug: offering.productSlug,
                label: line.label,
                imageUrl: offering.imageUrl,
                quantity: line.quantity,
                unitPriceIncVat: line.unitPriceIncVat,
              };
            }),
          deliveryAddress: basket.deliveryAddress,
          figures: { discountPence: priced.after.discountIncVat, deliveryPence: priced.after.deliveryIncVat, vatPence: priced.after.vatIncluded },
          chargedPence: priced.chargePence,
          refundPence: priced.refundPence,
          summary,
          changeId: basket.id,
        },
        now,
      );
      if (result.stale) throw new Stale(result.stale, result.version);
      // Added units: the hold becomes committed; removed units can be sold again.
      await deps.inventory.commitReservations({ db: tx }, order.basketId, now);
      const released = priced.lines.filter((line) => line.cancelled > 0).map((line) => ({ sku: line.sku, quantity: line.cancelled }));
      if (released.length > 0) await deps.inventory.releaseCommittedLines({ db: tx }, order.basketId, released);
      await repository.close(tx, basket.id, 'completed', now);
      await repository.insertHistory(tx, {
        orderId: order.id,
        basketId: basket.id,
        fromVersion: basket.orderVersion,
        toVersion: result.version,
        actor: ctx.actor?.userId ?? null,
        byStaff: byStaff ? 1 : 0,
        summary,
        totalBeforePence: order.capturedPence - order.refundedPence,
        totalAfterPence: priced.after.totalIncVat,
        chargedPence: priced.chargePence,
        refundedPence: priced.refundPence,
        at: now,
      });
      await deps.notifications.enqueueEmail(
        { db: tx },
        { to: order.emailAddress, ...changedEmail(deps, order, summary, priced), template: 'order.changed', dedupeKey: `order.changed:${basket.id}` },
      );
      return { version: result.version, refundId: result.refundId };
    });
  } catch (error) {
    if (error instanceof Stale) {
      // Dispatch or another change won the race: the difference paid for this one goes straight back.
      if (intentRef) await refundPayment(deps, intentRef, basket.id);
      throw OrderBasketErrors.stale(order.orderNumber, error.detail, error.version);
    }
    throw error;
  }
  let refundedPence = 0;
  if (applied.refundId) {
    try {
      const after = await deps.orders.refundOrderChange(ctx, order.orderNumber, applied.refundId);
      refundedPence = after.refunds.some((refund) => refund.refundId === applied.refundId && refund.state === 'succeeded') ? priced.refundPence : 0;
    } catch (error) {
      // The change is made and its refund recorded as pending: a retry or the provider's webhook settles it.
      ctx.log.warn({ err: error, order: order.orderNumber }, 'an order change’s refund is not yet confirmed');
    }
  }
  const latest = await deps.orders.orderForChange(ctx, order.orderNumber);
  return { status: 'completed', orderNumber: order.orderNumber, orderVersion: latest.version, chargedPence: priced.chargePence, refundedPence };
}

const quantitiesAfterTotal = (priced: PricedOrderBasket) => priced.lines.reduce((sum, line) => sum + line.quantity, 0);

/** A difference paid for a change that was not made goes back in full, once (keyed by the basket). */
async function refundPayment(deps: OrderBasketsDeps, intentRef: string, basketId: string): Promise<void> {
  await deps.payments.gateway().refund(intentRef, undefined, `order-basket:${basketId}:not-applied`);
}

function changedEmail(deps: OrderBasketsDeps, order: ChangeableOrder, summary: string, priced: PricedOrderBasket) {
  const money =
    priced.chargePence > 0
      ? `We have taken ${formatPenceShort(priced.chargePence)} from your card for the difference.`
      : priced.refundPence > 0
        ? `We are refunding ${formatPenceShort(priced.refundPence)} to your card for the difference.`
        : 'The total has not changed.';
  return deps.notifications.renderEmail({
    subject: `Your order ${order.orderNumber} has been changed`,
    preheader: summary,
    heading: 'Your order has been changed',
    paragraphs: [
      `Your order ${order.orderNumber} has been changed: ${summary}.`,
      `The order total is now ${formatPenceShort(priced.after.totalIncVat)}. ${money}`,
      'Your order number stays the same.',
    ],
    action: { label: 'See the order', url: `${deps.publicUrl}/account/orders/${order.orderNumber}` },
  });
}
