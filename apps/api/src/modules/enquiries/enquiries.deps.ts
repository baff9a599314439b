import type { ServiceContext } from '../../platform/context.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { FilesService } from '../files/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';

/** The services enquiries use: each part takes what it needs from these. */
export interface EnquiriesDeps {
  notifications: NotificationsService;
  delivery: DeliveryService;
  orders: OrdersService;
  catalogue: CatalogueService;
  /** Where the forms' photos and CVs are kept, and read back for the inbox. */
  files: FilesService;
  /** The shop's address, for links in e-mails. */
  publicUrl: string;
}

/** What the forms are made from: enquiries' services, and who hears of a publishable product question. */
export interface EnquiryFormsDeps extends EnquiriesDeps {
  productQuestionAsked: ProductQuestionAsked;
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
