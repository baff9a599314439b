import type { ApiModule } from '../../platform/module.ts';
import { registerBasketRoutes } from './basket.routes.ts';

export { claimBasketDiscount, CURRENT_BASKET_ALIAS, lockBasketForOrder, readForCheckout, removeConvertedBasket, type CheckoutBasket } from './basket.service.ts';
export { BasketErrors } from './basket.errors.ts';

/**
 * Baskets: guest baskets by unguessable id, shoppers' baskets by owner, lines priced and totalled
 * on the server by the pricing module (trade prices for trade customers), what can be sold from
 * inventory, discount codes through the discounts module, saved baskets by retrieval code. See
 * basket.service.ts for the merge rule.
 */
export const basketModule: ApiModule = {
  name: 'basket',
  registerRoutes: registerBasketRoutes,
};
