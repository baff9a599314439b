import type { ApiModule } from '../../platform/module.ts';
import { registerOrderRoutes } from './orders.routes.ts';

export { findOrderByBasket, paymentsWithOrders, recordPlacedOrder, type PlacedOrderInput } from './orders.service.ts';

/**
 * Orders: placed by checkout's place-order (one per basket, one per payment), read by their
 * customers, tracked with number and e-mail, moved through fulfilment by staff (order-admin), and
 * cancelled or refunded by them (refunds.ts: the refund recorded first, the gateway called outside
 * any transaction, the provider's refund webhooks settling what an answer did not).
 */
export const ordersModule: ApiModule = {
  name: 'orders',
  registerRoutes: registerOrderRoutes,
};
