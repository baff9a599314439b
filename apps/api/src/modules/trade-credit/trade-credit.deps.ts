import type { ServiceContext } from '../../platform/context.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { TradeService } from '../trade/index.ts';
import type { CreditProvider } from './credit-provider.ts';

/**
 * What trade credit is made with: the caller's approved trade account from trade, order numbers from orders, postcodes read by
 * delivery, e-mail through notifications' outbox, the configured provider (sandbox or Two), and the
 * shop's address for the link back after the provider's verification.
 */
export interface TradeCreditDeps {
  trade: Pick<TradeService, 'creditHolderFor' | 'businessNamesOf'>;
  /**
   * The order numbers of orders on account (the trade orders list), an order by its number (staff's sandbox events), and a
   * refund whose credit's answer was lost, finished when the provider's webhook says it credited the order or, failing that, by
   * the `credit-recovery` job (which also counts those waiting for it).
   */
  orders: Pick<OrdersService, 'orderStates' | 'getOrderForStaff' | 'finishPendingRefund' | 'finishPendingCredits' | 'countPendingCredits'>;
  delivery: Pick<DeliveryService, 'parsePostcode'>;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
  provider: CreditProvider;
  publicUrl: string;
  /** False in production without a provider: checkout offers no paying on account. */
  payingOnAccount: boolean;
}

export type TradeCreditContext = Pick<ServiceContext, 'db' | 'actor' | 'clock'> & Partial<Pick<ServiceContext, 'log'>>;
