import type { CatalogueService } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { TradeCreditService } from '../trade-credit/index.ts';

/**
 * A delivery upgrade reads and changes its order through orders, weighs the order's goods with the
 * catalogue (delivery class, made to order), quotes options, days and cut-offs with delivery, takes
 * the difference (and gives it back when it cannot apply) through payments' gateway (or, for an order
 * paid on account, has trade credit's provider agree it), and e-mails through notifications.
 */
export interface DeliveryUpgradeDeps {
  orders: Pick<OrdersService, 'orderForChange' | 'applyDeliveryUpgrade' | 'deliveryUpgradeVat'>;
  catalogue: Pick<CatalogueService, 'findSellableOfferings'>;
  delivery: Pick<DeliveryService, 'parsePostcode' | 'zoneOf' | 'holidayRegionOf' | 'basketDeliveryOptions' | 'specificDayCalendar'>;
  payments: Pick<PaymentsService, 'gateway' | 'onceKeyIsFree' | 'paymentMethods' | 'payWithSavedCard' | 'cancelUnlessPaid' | 'isPaid'>;
  /** An order paid on account: the higher total agreed by the credit provider instead of a card (decision 0101). */
  tradeCredit: Pick<TradeCreditService, 'agreeOrderChange' | 'undoOrderChange' | 'recordOrderChange'>;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
  publicUrl: string;
}
