/**
 * Placing an order: the one write that spans modules (docs/architecture.md, "Module rules"). After the gateway has
 * confirmed the payment, in one transaction that first removes the basket, holding its row lock: write the order with its
 * lines and confirmation e-mail, claim the discount code, and commit
 * the stock held for the basket (or hold it again if the hold ran out). If any step refuses, the
 * transaction rolls back and the caller refunds the payment: nobody pays for an order that is not there.
 */
import type { Checkout, Order } from '@shop/contracts';
import { sendNow, type Database, type Transaction } from '../../db/client.ts';
import type { Actor } from '../../platform/context.ts';
import type { PricedBasket } from '../basket/index.ts';
import type { Returnability } from '../catalogue/index.ts';
import type { PaymentIntent } from '../payments/index.ts';
import type { RecordedTradeOrder, TradeBuyer } from '../trade/index.ts';
import type { ApprovedCreditOrder } from '../trade-credit/index.ts';
import { CheckoutErrors } from './checkout.errors.ts';
import type { CheckoutDeps } from './checkout.deps.ts';

export interface PlaceOrderInput {
  checkout: Checkout;
  /** The basket as the checkout priced it (`checkout.basket`), with the code's redemption to claim. */
  priced: PricedBasket;
  /** Each line's returnability, read with the basket (`BasketForCheckout.lines`). */
  returnability: ReadonlyMap<string, Returnability>;
  /** How it was paid: a card payment (`cardPayment`), or on account with the provider's order id. */
  payment: { intentRef: string; method: 'card' | 'on_account'; cardBrand: string | null; cardLast4: string | null; capturedPence: number };
  /** Paid on account: the provider's approved order, recorded beside the order in its transaction; its stock was not held before (decision 0121). */
  creditOrder?: ApprovedCreditOrder;
  /** The caller's trade account as read for this payment (`trade.tradeBuyerFor`): not read again in the transaction. */
  buyer?: TradeBuyer | null;
  actor: Actor | null;
  now: Date;
}

/** A card payment the gateway says succeeded, as the order records it. */
export const cardPayment = (intent: PaymentIntent): PlaceOrderInput['payment'] => ({
  intentRef: intent.id,
  method: 'card',
  cardBrand: intent.card?.brand ?? null,
  cardLast4: intent.card?.last4 ?? null,
  capturedPence: intent.amountPence,
});

/** A named point a test can stop the process at, to prove a crash there loses nothing. */
export const crashPoints = { afterPaymentBeforeOrder: async (): Promise<void> => {} };

/** Thrown inside the placing transaction when the basket has gone: rolled back, then its order is looked for. */
class BasketGone extends Error {}

export async function placeOrder(deps: CheckoutDeps, database: Database | Transaction, input: PlaceOrderInput): Promise<Order> {
  const { checkout } = input;
  await crashPoints.afterPaymentBeforeOrder();
  try {
    return await database.transaction((db) => placeInTransaction(deps, db, input, database));
  } catch (error) {
    if (!(error instanceof BasketGone)) throw error;
    // Gone since the checkout was read: a completion running alongside made it an order (its transaction has committed).
    const placed = await deps.orders.findOrderByBasket({ db: database }, checkout.basketId);
    if (!placed) throw new Error(`Basket ${checkout.basketId} is gone and has no order`, { cause: error });
    // This request held the stock again after the other had committed it (it read the basket
    // first): that hold is for an order already placed, so it is let go now, not at its expiry.
    await database.transaction((db) => deps.inventory.releaseReservations({ db }, checkout.basketId));
    return placed;
  }
}

async function placeInTransaction(deps: CheckoutDeps, db: Transaction, input: PlaceOrderInput, database: Database | Transaction): Promise<Order> {
  const { checkout, now } = input;
  const lines = checkout.basket.lines.filter((line) => line.available);
  const orderId = crypto.randomUUID();
  const contact = checkout.contact!;
  const billing = checkout.billing!;
  const option = checkout.deliveryOption!;
  // The basket goes first, in the statement that locks it, and its checkout with it (decision 0072):
  // two completions of one basket queue there, and the second finds the first's order. The order's
  // rows follow it on the connection without waiting for its answer (decision 0078): both are
  // answered before anything is decided, and a basket gone or changed rolls the order back with it.
  const taking = deps.basket.takeForOrder({ db }, checkout.basketId);
  const recording = deps.orders.recordPlacedOrder(
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
        // As the product is now: the order keeps it, whatever the product later becomes.
        returnability: input.returnability.get(line.sku) ?? 'standard',
      })),
      totals: {
        goodsPence: checkout.basket.totals.subtotalIncVat,
        discountPence: checkout.basket.totals.discountIncVat,
        deliveryPence: checkout.totals.deliveryIncVat,
        totalPence: checkout.totals.totalIncVat,
        vatPence: checkout.totals.vatIncluded,
      },
      payment: input.payment,
    },
    now,
    orderId,
  );
  // Both settled before deciding, so no statement of the order's is still to be sent when the transaction ends.
  const [taken, recorded] = await Promise.allSettled([taking, recording]);
  if (taken.status === 'rejected') throw taken.reason;
  if (!taken.value) throw new BasketGone();
  // The basket was still there, so no order was made of it (that would have removed it). Changed in
  // another tab since it was read: the payment was for something else (the removal rolls back).
  if (taken.value.version !== checkout.basket.version) throw CheckoutErrors.basketChanged();
  if (recorded.status === 'rejected') throw recorded.reason;
  const order = recorded.value;
  let counted: RecordedTradeOrder | null = null;
  if (checkout.basket.pricing.tradePriced && order.orderGuid && input.actor && checkout.basket.owner === 'shopper') {
    counted = await deps.trade.recordTradeOrder(
      db,
      {
        orderId,
        orderNumber: order.orderNumber,
        customerUserId: input.actor.userId,
        placedAt: now,
        lines: lines.map(({ sku, quantity }) => ({ sku, quantity })),
        totalIncVat: checkout.totals.totalIncVat,
        vatIncVat: checkout.totals.vatIncluded,
        goodsExVat: checkout.basket.totals.subtotalExVat,
        tradeDiscountBasisPoints: checkout.basket.pricing.tradeDiscountBasisPoints,
      },
      { buyer: input.buyer, database },
    );
  }
  if (input.creditOrder) await deps.tradeCredit.recordPlacedOrder(db, { ...input.creditOrder, orderId, placedAt: now });
  // Last, just before the commit: a popular code's claims, a best seller's stock row and what a business has ordered of
  // it are the rows every order for them waits on, so they are held for as short a time as possible. What the business
  // has ordered travels with the stock's first statement (pipelined), answered before the transaction ends.
  await deps.basket.convertToOrder({ db }, input.priced, orderId, now);
  const ordered = counted && sendNow(deps.trade.recordOrderedProducts(db, counted));
  const [stocked, orderedToo] = await Promise.allSettled([takeStock(deps, db, input, lines), ordered]);
  // A failed upsert ends the transaction, and the stock's statements behind it fail for that: its reason is the one told.
  if (orderedToo.status === 'rejected') throw orderedToo.reason;
  if (stocked.status === 'rejected') throw stocked.reason;
  return order;
}

async function takeStock(deps: CheckoutDeps, db: Transaction, input: PlaceOrderInput, lines: Checkout['basket']['lines']): Promise<void> {
  const { inventory } = deps;
  const { checkout, now } = input;
  const stocked = lines.map(({ sku, quantity, productName }) => ({ sku, quantity, productName }));
  // On account nothing moves until the provider approves, so nothing was held while it was asked: the stock is taken now.
  if (input.creditOrder) await inventory.commitStock({ db }, checkout.basketId, stocked, now);
  else if (!(await inventory.commitReservations({ db }, checkout.basketId, now))) {
    // The hold ran out while the shopper paid: take the stock now if it is still there.
    await inventory.reserveStock({ db }, checkout.basketId, stocked, new Date(now.getTime() + 60_000), now);
    await inventory.commitReservations({ db }, checkout.basketId, now);
  }
}
