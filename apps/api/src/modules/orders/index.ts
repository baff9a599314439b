import type { ApiModule } from '../../platform/module.ts';
import { ordersPersonalData } from './orders.personal-data.ts';
import { registerOrderRoutes } from './orders.routes.ts';
import type { OrdersService } from './orders.service.ts';

export { createOrdersService, type OrdersService } from './orders.service.ts';
export type { HelpOrder, PurchasedLine, RecentBuyer } from './order-lookups.ts';
export type { PlacedOrderInput } from './placing.ts';
export type { AccountCredit, AccountPayments, OrderOnAccountAfterCredit, OrdersDeps } from './orders.deps.ts';
export type { CancelledLine, CustomerRefundOutcome } from './refunds.ts';
export type { PendingCreditsClaim } from './pending-credits.ts';
export type { OrderProof } from './order-links.ts';
export type { HistoricalOrder } from './historical-orders.ts';
export type { ChangeableOrder, ChangeCaller, OrderChange } from './order-changes.ts';
export type { DeliveryUpgradeChange } from './delivery-upgrades.ts';

/**
 * Orders (`OrdersService`): placed by checkout's place-order (one per basket, one per payment), read
 * by their customers, tracked with number and e-mail, moved through fulfilment by staff, and
 * cancelled or refunded by them (refunds.ts: the refund recorded first, the gateway called outside
 * any transaction, the provider's refund webhooks settling what an answer did not).
 */
export function createOrdersModule({ orders }: { orders: OrdersService }): ApiModule {
  return { name: 'orders', registerRoutes: (app) => registerOrderRoutes(app, orders), personalData: ordersPersonalData };
}
