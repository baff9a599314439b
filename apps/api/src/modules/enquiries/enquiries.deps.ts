import type { ServiceContext } from '../../platform/context.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';

/** The services enquiries use: each part takes what it needs from these. */
export interface EnquiriesDeps {
  notifications: NotificationsService;
  delivery: DeliveryService;
  orders: OrdersService;
  inventory: InventoryService;
  catalogue: CatalogueService;
  /** The shop's address, for links in e-mails. */
  publicUrl: string;
}

/** A product question the asker lets us publish. */
export interface AskedProductQuestion {
  sku: string;
  /** The enquiry's HC- reference. */
  helpReference: string;
  askerName: string;
  customerId: string | null;
  question: string;
}

/** Hears a publishable product question in the enquiry's transaction: a refusal rolls the enquiry back. */
export type ProductQuestionAsked = (ctx: Pick<ServiceContext, 'db' | 'clock'>, question: AskedProductQuestion) => Promise<unknown>;
