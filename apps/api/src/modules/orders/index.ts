import type { ApiModule } from '../../platform/module.ts';
import { registerOrderRoutes } from './orders.routes.ts';

export { findOrderByBasket, findOrderByPayment, recordPlacedOrder, type PlacedOrderInput } from './orders.service.ts';

/**
 * Orders: placed by checkout's place-order (one per basket, one per payment), read by their
 * customers, tracked with number and e-mail, and moved through fulfilment by staff (order-admin).
 */
export const ordersModule: ApiModule = {
  name: 'orders',
  registerRoutes: registerOrderRoutes,
};
