import type { CatalogueService } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { ReviewsService } from '../reviews/index.ts';
import { createEnquiries, type EnquiriesService } from './enquiries.ts';
import { createInbox, type InboxService } from './inbox.ts';
import { createOrderRequests, type OrderRequestsService } from './order-requests.ts';

/** The services the help centre uses: each part takes what it needs from these. */
export interface HelpCentreDeps {
  notifications: NotificationsService;
  delivery: DeliveryService;
  orders: OrdersService;
  inventory: InventoryService;
  catalogue: CatalogueService;
  /** The payment gateway, for refunds of cancelled lines and received returns (through orders). */
  payments: PaymentsService;
  /** Product questions a customer lets us publish are filed with reviews, in the enquiry's transaction. */
  questions: Pick<ReviewsService, 'fileQuestion'>;
  /** The shop's address, for links in e-mails. */
  publicUrl: string;
}

/**
 * The help centre: enquiries, feedback and careers (`enquiries.ts`), order self-service
 * (`order-requests.ts`) and the staff inbox that answers them all (`inbox.ts`). Every request is
 * recorded the same way (`help-requests.ts`): a reference, a routing time and an acknowledgement.
 */
export type HelpCentreService = EnquiriesService & OrderRequestsService & InboxService;

export function createHelpCentreService(deps: HelpCentreDeps): HelpCentreService {
  return { ...createEnquiries(deps), ...createOrderRequests(deps), ...createInbox(deps) };
}
