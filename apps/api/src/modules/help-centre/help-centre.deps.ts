import type { CatalogueService } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { ReviewsService } from '../reviews/index.ts';

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
