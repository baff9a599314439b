import type { AddressesService } from '../addresses/index.ts';
import type { BasketService } from '../basket/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { TradeService } from '../trade/index.ts';
import type { TradeCreditService } from '../trade-credit/index.ts';

/**
 * The basket prices what checkout charges; delivery gives the options, dates and postcode rules;
 * inventory holds the stock while the shopper pays; payments takes the money, orders records the
 * order; notifications says which e-mail addresses can be sent to. A trade-priced basket is paid
 * for only once its customer has accepted the current trade terms, and its order counts towards the
 * business's band. A signed-in customer's delivery address is saved to their address book when they ask.
 */
export interface CheckoutDeps {
  addresses: Pick<AddressesService, 'rememberAddress'>;
  basket: BasketService;
  delivery: DeliveryService;
  inventory: InventoryService;
  notifications: NotificationsService;
  orders: OrdersService;
  payments: PaymentsService;
  trade: Pick<TradeService, 'requireTermsAccepted' | 'recordTradeOrder' | 'recordOrderedProducts' | 'tradeBuyerFor'>;
  /** Paying on account: whether the provider would take the order, its approval, and the provider's order beside the shop's. */
  tradeCredit: Pick<TradeCreditService, 'onAccountOption' | 'approveOrder' | 'giveUpOrder' | 'recordPlacedOrder'>;
  /** The shop's address, for links in e-mails and the sandbox wallet's script. */
  publicUrl: string;
  /** How long a shopper's browser has to place the order after the payment succeeds before recovery does (`PAYMENT_RECOVERY_GRACE_SECONDS`). */
  recoveryGraceMs?: number;
}
