import type { ApiModule } from '../../platform/module.ts';
import { orderBasketExpiryJob } from './order-basket-expiry.ts';
import { orderBasketsPersonalData } from './order-baskets.personal-data.ts';
import { registerOrderBasketRoutes } from './order-baskets.routes.ts';
import type { OrderBasketsService } from './order-baskets.service.ts';

export { createOrderBasketsService, ORDER_BASKET_MINUTES, type OrderBasketsService } from './order-baskets.service.ts';
export type { OrderBasketsDeps } from './order-baskets.deps.ts';
export { OrderBasketErrors } from './order-baskets.errors.ts';

/**
 * Order baskets (`OrderBasketsService`): a customer (or order staff) changes a placed order until it
 * is picked: items added, quantities set, items removed, a new delivery address, each recorded with
 * the spec's modification type; completing it keeps the order number, pays or refunds the difference
 * and records who changed what, when.
 */
export function createOrderBasketsModule({ orderBaskets }: { orderBaskets: OrderBasketsService }): ApiModule {
  return {
    name: 'order-baskets',
    personalData: orderBasketsPersonalData,
    registerRoutes: (app) => registerOrderBasketRoutes(app, orderBaskets),
    jobs: () => [orderBasketExpiryJob(orderBaskets)],
  };
}
