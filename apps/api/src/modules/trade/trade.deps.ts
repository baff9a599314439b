import type { ServiceContext } from '../../platform/context.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { IdentityService } from '../identity/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PricingService } from '../pricing/index.ts';

/**
 * What trade asks of other modules: prices and bands from pricing, what can be sold from the
 * catalogue, accounts (profiles, the trade role, password resets) from identity, where orders stand
 * (refunds, cancellations) from orders, e-mail from notifications, and postcodes checked by delivery.
 * The files service and the shop's address are the platform's settings: the routes pass them to the
 * calls that need them.
 */
export interface TradeDeps {
  pricing: PricingService;
  identity: Pick<IdentityService, 'getUserProfile' | 'setTradeAccount' | 'requestPasswordReset'>;
  orders: Pick<OrdersService, 'orderStates'>;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
  catalogue: { findSellableOfferings(ctx: Pick<ServiceContext, 'db'>, skus: readonly string[]): Promise<Map<string, SellableOffering>> };
  delivery: Pick<DeliveryService, 'parsePostcode'>;
}

/** What a call is made with: storage (the handle or the transaction it runs in), the caller and the time. */
export type TradeContext = Pick<ServiceContext, 'db' | 'actor' | 'clock'> & Partial<Pick<ServiceContext, 'log'>>;
export type StaffContext = TradeContext & { actor: NonNullable<TradeContext['actor']> };
