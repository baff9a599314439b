import type { CatalogueService } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';

/**
 * A delivery upgrade reads and changes its order through orders, weighs the order's goods with the
 * catalogue (delivery class, made to order), quotes options, days and cut-offs with delivery, takes
 * the difference (and gives it back when it cannot apply) through payments' gateway, and e-mails
 * through notifications.
 */
export interface DeliveryUpgradeDeps {
  orders: Pick<OrdersService, 'orderForChange' | 'applyDeliveryUpgrade'>;
  catalogue: Pick<CatalogueService, 'findSellableOfferings'>;
  delivery: Pick<DeliveryService, 'parsePostcode' | 'zoneOf' | 'holidayRegionOf' | 'basketDeliveryOptions' | 'specificDayCalendar'>;
  payments: Pick<PaymentsService, 'gateway' | 'onceKeyIsFree'>;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
  publicUrl: string;
}
