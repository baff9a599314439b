import type { ApiModule } from '../../platform/module.ts';
import { registerBasketRoutes } from './basket.routes.ts';

export { TRADE_BANDS, sellableQuantity, unitPrice, type Pricing, type TradeBand } from './basket-pricing.ts';
export { claimBasketDiscount, CURRENT_BASKET_ALIAS, lockBasketForOrder, pricingFor, readForCheckout, removeConvertedBasket, type CheckoutBasket } from './basket.service.ts';
export type { ChosenDelivery } from './basket-pricing.ts';
export { BasketErrors } from './basket.errors.ts';

/**
 * Baskets: guest baskets by unguessable id, shoppers' baskets by owner, server-side totals with
 * trade prices (band T1 until the trade module records bands), discount codes through the
 * discounts module, saved baskets by retrieval code. See basket.service.ts for the merge rule.
 */
export const basketModule: ApiModule = {
  name: 'basket',
  registerRoutes: registerBasketRoutes,
};
