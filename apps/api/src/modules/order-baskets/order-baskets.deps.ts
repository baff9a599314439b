import type { CatalogueService } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { DiscountsService } from '../discounts/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { OrderBasketRow } from './order-baskets.repository.ts';
import type { ChangeableOrder, OrderProof, OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { PricingService } from '../pricing/index.ts';
import type { TradeCreditService } from '../trade-credit/index.ts';

/**
 * An order basket reads and changes its order through orders, prices added items with catalogue and
 * pricing, quotes delivery with delivery, weighs the order's code again with discounts, holds and
 * commits stock with inventory, takes the difference through payments' gateway (or, paid on account, has
 * trade credit's provider agree it), and e-mails through
 * notifications.
 */
export interface OrderBasketsDeps {
  orders: Pick<OrdersService, 'orderForChange' | 'applyOrderChange' | 'refundOrderChange' | 'customerLink' | 'orderAddressees'>;
  catalogue: Pick<CatalogueService, 'findSellableOfferings'>;
  pricing: Pick<PricingService, 'priceListFor' | 'unitPrice'>;
  delivery: Pick<DeliveryService, 'parsePostcode' | 'zoneOf' | 'holidayRegionOf' | 'basketDeliveryOptions' | 'suggestedOption'>;
  discounts: Pick<DiscountsService, 'reevaluateOrderClaim'>;
  inventory: Pick<InventoryService, 'reserveStock' | 'releaseReservations' | 'commitReservations' | 'releaseCommittedLines'>;
  payments: Pick<PaymentsService, 'gateway' | 'onceKeyIsFree' | 'paymentMethods' | 'payWithSavedCard' | 'cancelUnlessPaid' | 'isPaid'>;
  /** An order paid on account: a higher total agreed by the credit provider instead of a card (decision 0101). */
  tradeCredit: Pick<TradeCreditService, 'agreeOrderChange' | 'undoOrderChange' | 'recordOrderChange'>;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
  publicUrl: string;
}

/** The caller, with the e-mailed link's token when a guest changes the order (decision 0049). */
export type Ctx = ServiceContext & OrderProof;

/** An order with its open basket of changes. */
export interface Opened {
  order: ChangeableOrder;
  basket: OrderBasketRow;
}
