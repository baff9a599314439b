import type { ApiModule } from '../../platform/module.ts';
import { basketPersonalData } from './basket.personal-data.ts';
import { registerBasketRoutes } from './basket.routes.ts';
import type { BasketService } from './basket.service.ts';

export {
  createBasketService,
  CURRENT_BASKET_ALIAS,
  type BasketForCheckout,
  type BasketService,
  type CheckoutLine,
  type CodeClaim,
  type PricedBasket,
} from './basket.service.ts';
export type { BasketDeps } from './basket.deps.ts';
export { BasketErrors } from './basket.errors.ts';

/**
 * Baskets (`BasketService`): guest baskets by unguessable id, shoppers' baskets by owner, lines
 * priced and totalled on the server by the pricing module (trade prices for trade customers), what
 * can be sold from the catalogue, discount codes through the discounts module, saved baskets by
 * retrieval code; checkout reads a basket once and prices it with the delivery chosen. See
 * basket-changes.ts for the merge rule.
 */
export function createBasketModule({ basket }: { basket: BasketService }): ApiModule {
  return { name: 'basket', registerRoutes: (app) => registerBasketRoutes(app, basket), personalData: basketPersonalData };
}
