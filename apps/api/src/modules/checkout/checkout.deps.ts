import type { BasketService } from '../basket/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { TradeService } from '../trade/index.ts';

/**
 * The basket prices what checkout charges; delivery gives the options, dates and postcode rules;
 * inventory holds the stock while the shopper pays; payments takes the money, orders records the
 * order; notifications says which e-mail addresses can be sent to. A trade-priced basket is paid
 * for only once its customer has accepted the current trade terms, and its order counts towards the
 * business's band.
 */
export interface CheckoutDeps {
  basket: BasketService;
  delivery: DeliveryService;
  inventory: InventoryService;
  notifications: NotificationsService;
  orders: OrdersService;
  payments: PaymentsService;
  trade: Pick<TradeService, 'requireTermsAccepted' | 'recordTradeOrder'>;
  /** The shop's address, for links in e-mails and the sandbox wallet's script. */
  publicUrl: string;
  /** How long a shopper's browser has to place the order after the payment succeeds before recovery does (`PAYMENT_RECOVERY_GRACE_SECONDS`). */
  recoveryGraceMs?: number;
}
