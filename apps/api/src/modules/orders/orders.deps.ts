import type { ShopDetails } from '@shop/contracts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { DiscountsService } from '../discounts/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';

/**
 * E-mails go through notifications (with delivery's words for a collection point); a cancellation
 * gives back the stock (inventory) and the discount code (discounts); past orders written as demo
 * data have their payments recorded by payments, so they can be refunded like any other.
 */
export interface OrdersDeps {
  notifications: NotificationsService;
  delivery: DeliveryService;
  inventory: InventoryService;
  discounts: DiscountsService;
  /** Refunds go through the configured gateway; the demo's past payments are recorded in the sandbox. */
  payments: Pick<PaymentsService, 'recordPastPayments' | 'gateway'>;
  /** The confirmation names the lines the right to cancel does not cover (the product's returnability). */
  catalogue: Pick<CatalogueService, 'returnabilityOf'>;
  /** The shop's address, for the links in order e-mails. */
  publicUrl: string;
  /** The company named on VAT invoices. */
  shop: ShopDetails;
}
