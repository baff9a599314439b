/** What paying by card and on account share: the checkout ready to pay for, the stock held for it, the placed order's answer. */
import type { Checkout, Order } from '@shop/contracts';
import { InventoryErrors } from '../inventory/index.ts';
import { CheckoutErrors } from './checkout.errors.ts';
import type { CheckoutDeps } from './checkout.deps.ts';
import { AppError } from '../../platform/errors.ts';
import { present, readState, type Ctx } from './checkout-steps.ts';

/** How long stock is held for a payment in progress. */
export const HOLD_MINUTES = 15;

/** The checkout as read, priced, when it can be paid for: its lines can be sold and no step is missing (`presented`: already worked out). */
export function readyToPay(deps: CheckoutDeps, ctx: Ctx, state: Awaited<ReturnType<typeof readState>>, presented = present(deps, ctx, state)) {
  const { checkout } = presented;
  if (!checkout.basket.lines.some((line) => line.available)) {
    // Lines are there but none can be sold now (another shopper may be paying for the last ones):
    // say which, as a refused hold does, rather than call the basket empty.
    const short = checkout.basket.lines.filter((line) => line.unavailableReason === 'out_of_stock' || line.unavailableReason === 'insufficient_stock');
    if (short.length > 0) throw InventoryErrors.outOfStock(short.map((line) => ({ productName: line.productName, available: line.maxQuantity })));
    throw CheckoutErrors.basketEmpty();
  }
  if (checkout.missing.length > 0) throw CheckoutErrors.stepsMissing(checkout.missing);
  return presented;
}

export const holdLines = (checkout: Checkout) =>
  checkout.basket.lines.filter((line) => line.available).map(({ sku, quantity, productName }) => ({ sku, quantity, productName }));

export const orderPlaced = (order: Order) => ({
  orderNumber: order.orderNumber,
  orderGuid: order.orderGuid,
  totalIncVat: order.totals.totalIncVat,
  emailAddress: order.emailAddress,
  status: order.status,
});

/** The basket's checkout to pay for, or the order it already became (a repeat of the payment gets that order, if it is the caller's). */
export async function stateOrOrder(deps: CheckoutDeps, ctx: Ctx, basketId: string): Promise<Awaited<ReturnType<typeof readState>> | Order> {
  return readState(deps, ctx, basketId).catch(async (error: unknown) => {
    // The basket is gone once it became an order.
    const already = error instanceof AppError && error.status === 404 ? await deps.orders.findOrderByBasket(ctx, basketId, ctx.actor) : undefined;
    if (already) return already;
    throw error;
  });
}
