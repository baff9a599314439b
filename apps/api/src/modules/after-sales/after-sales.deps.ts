import type { EnquiriesService } from '../enquiries/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';

/** The services after-sales uses. */
export interface AfterSalesDeps {
  /** Each request is a help request, recorded in the inbox's queue with its reference and acknowledgement. */
  enquiries: Pick<EnquiriesService, 'recordHelpRequest' | 'helpRequestByReference' | 'helpRequestById' | 'unitsReportedDamaged'>;
  /** Who may change an order, its lines, cancellations and refunds (money goes back through orders' refund code). */
  orders: OrdersService;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
}
