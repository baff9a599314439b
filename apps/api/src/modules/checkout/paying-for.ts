/**
 * The order a payment was started for, kept with its checkout (decision 0095), so completing the
 * payment places it without reading and pricing the basket again: the basket's removal in the
 * placing transaction still checks that it is at the version paid for.
 */
import type { Checkout } from '@shop/contracts';
import { CURRENT_BASKET_ALIAS, type BasketForCheckout, type PricedBasket } from '../basket/index.ts';
import type { CheckoutState, Ctx } from './checkout-steps.ts';
import * as repository from './checkout.repository.ts';
import type { PayingFor } from './checkout.tables.ts';

/** The kept order does not match the checkout as it is now (its delivery changed): it is read and priced again. */
export class NotAsKept extends Error {}

/** What a payment started now for `checkout` is for, from the basket as checkout read it and priced it. */
export function whatIsPaidFor(ctx: Ctx, goods: BasketForCheckout, checkout: Checkout, priced: PricedBasket): PayingFor {
  const option = checkout.deliveryOption;
  return {
    ownerId: checkout.basket.owner === 'shopper' ? (ctx.actor?.userId ?? null) : null,
    lines: [...goods.lines],
    goodsIncVat: goods.goodsIncVat,
    delivery: { code: option?.code ?? '', name: option?.name ?? '', priceIncVat: option?.priceIncVat ?? 0 },
    priced,
  };
}

/**
 * The checkout as its payment was started, from one read of its row: null when there is nothing kept
 * (no payment, or the basket is gone), or when the caller is not the basket's owner (reading the basket
 * answers them: a 404, or a guest basket taken over first).
 */
export async function keptState(ctx: Ctx, basketId: string): Promise<CheckoutState | null> {
  if (basketId === CURRENT_BASKET_ALIAS) return null;
  const row = await repository.findCheckout(ctx.db, basketId);
  const kept = row?.payingFor;
  if (!row?.paymentIntentRef || !kept || kept.ownerId !== (ctx.actor?.userId ?? null)) return null;
  const goods: BasketForCheckout = {
    basketId,
    lines: kept.lines,
    goodsIncVat: kept.goodsIncVat,
    // Checkout works the delivery out again from the kept lines and the clock: another one than was paid for is priced afresh.
    price: (delivery) => {
      const same = delivery.code === kept.delivery.code && delivery.name === kept.delivery.name && delivery.priceIncVat === kept.delivery.priceIncVat;
      if (!same) throw new NotAsKept();
      return kept.priced;
    },
  };
  return { goods, row };
}
