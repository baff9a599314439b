/**
 * Placing an order: the one write that spans modules (docs/architecture.md, "Module rules"). After the gateway has
 * confirmed the payment, in one transaction that first removes the basket, holding its row lock: write the order with its
 * lines and confirmation e-mail, claim the discount code, and commit
 * the stock held for the basket (or hold it again if the hold ran out). If any step refuses, the
 * transaction rolls back and the caller refunds the payment: nobody pays for an order that is not there.
 */
import type { Checkout, Order } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Actor } from '../../platform/context.ts';
import type { PricedBasket } from '../basket/index.ts';
import type { Returnability } from '../catalogue/index.ts';
import type { PaymentIntent } from '../payments/index.ts';
import { CheckoutErrors } from './checkout.errors.ts';
import type { CheckoutDeps } from './checkout.deps.ts';

export interface PlaceOrderInput {
  checkout: Checkout;
  /** The basket as the checkout priced it (`checkout.basket`), with the code's redemption to claim. */
  priced: PricedBasket;
  /** Each line's returnability, read with the basket (`BasketForCheckout.lines`). */
  returnability: ReadonlyMap<string, Returnability>;
  intent: PaymentIntent;
  actor: Actor | null;
  now: Date;
}

/** A named point a test can stop the process at, to prove a crash there loses nothing. */
export const crashPoints = { afterPaymentBeforeOrder: async (): Promise<void> => {} };

export async function placeOrder(deps: CheckoutDeps, database: Database | Transaction, input: PlaceOrderInput): Promise<Order> {
  const { checkout, intent, now } = input;
  await crashPoints.afterPaymentBeforeOrder();
  return database.transaction(async (db) => {
    // The basket goes first, in the statement that locks it, and its checkout with it (decision 0072):
    // two completions of one basket queue here, and the second finds the first's order.
    const locked = await deps.basket.takeForOrder({ db }, checkout.basketId);
    if (!locked) {
      const placed = await deps.orders.findOrderByBasket({ db }, checkout.basketId);
      if (placed) return placed;
      throw new Error(`Basket ${checkout.basketId} is gone and has no order`);
    }
    // The basket was still there, so no order was made of it (that would have removed it). Changed in
    // another tab since it was read: the payment was for something else (the removal rolls back).
    if (locked.version !== checkout.basket.version) throw CheckoutErrors.basketChanged();

    const lines = checkout.basket.lines.filter((line) => line.available);
    const orderId = crypto.randomUUID();
    const contact = checkout.contact!;
    const billing = checkout.billing!;
    const option = checkout.deliveryOption!;
    const order = await deps.orders.recordPlacedOrder(
      { db },
      {
        basketId: checkout.basketId,
        customerId: checkout.basket.owner === 'shopper' ? (input.actor?.userId ?? null) : null,
        contact,
        deliveryAddress: option.code === 'click_collect' ? null : (checkout.delivery?.address ?? null),
        deliveryInstructions: checkout.delivery?.instructions ?? null,
        orderReference: checkout.orderReference,
        billingAddress: billing.address,
        delivery: {
          code: option.code,
          name: option.name,
          date: option.date,
          earliestDate: option.earliestDate,
          latestDate: option.latestDate,
          collection: option.collection,
        },
        channel: checkout.basket.channel,
        discountCode: checkout.basket.discount?.applies ? checkout.basket.discount.code : null,
        lines: lines.map((line) => ({
          sku: line.sku,
          productName: line.productName,
          productSlug: line.productSlug,
          label: line.label,
          imageUrl: line.imageUrl,
          quantity: line.quantity,
          unitPriceIncVat: line.unitPriceIncVat,
          lineTotalIncVat: line.lineTotalIncVat,
          lineTotalExVat: line.lineTotalExVat,
        })),
        totals: {
          goodsPence: checkout.basket.totals.subtotalIncVat,
          discountPence: checkout.basket.totals.discountIncVat,
          deliveryPence: checkout.totals.deliveryIncVat,
          totalPence: checkout.totals.totalIncVat,
          vatPence: checkout.totals.vatIncluded,
        },
        payment: {
          intentRef: intent.id,
          method: 'card',
          cardBrand: intent.card?.brand ?? null,
          cardLast4: intent.card?.last4 ?? null,
          capturedPence: intent.amountPence,
        },
        returnability: input.returnability,
      },
      now,
      orderId,
    );
    if (checkout.basket.pricing.tradePriced && order.orderGuid && input.actor && checkout.basket.owner === 'shopper') {
      await deps.trade.recordTradeOrder(db, {
        orderId,
        orderNumber: order.orderNumber,
        customerUserId: input.actor.userId,
        placedAt: now,
        lines: lines.map(({ sku, quantity }) => ({ sku, quantity })),
        totalIncVat: checkout.totals.totalIncVat,
        vatIncVat: checkout.totals.vatIncluded,
        goodsExVat: checkout.basket.totals.subtotalExVat,
        tradeDiscountBasisPoints: checkout.basket.pricing.tradeDiscountBasisPoints,
      });
    }
    // Last, just before the commit: a popular code's claims and a best seller's stock row are the
    // rows every order for them waits on, so they are held for as short a time as possible.
    await deps.basket.convertToOrder({ db }, input.priced, orderId, now);
    const { inventory } = deps;
    if (!(await inventory.commitReservations({ db }, checkout.basketId, now))) {
      // The hold ran out while the shopper paid: take the stock now if it is still there.
      await inventory.reserveStock(
        { db },
        checkout.basketId,
        lines.map(({ sku, quantity, productName }) => ({ sku, quantity, productName })),
        new Date(now.getTime() + 60_000),
        now,
      );
      await inventory.commitReservations({ db }, checkout.basketId, now);
    }
    return order;
  });
}
