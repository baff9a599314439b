import type { ProductSummary } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { InventoryService } from './inventory.service.ts';

/**
 * A product by its code, as the catalogue answers it (404 for one it does not sell). The catalogue is
 * made from inventory, so inventory imports none of it: `composeApi` hands the catalogue over as this.
 */
export interface ProductLookup {
  getProductSummaryBySku(ctx: Pick<ServiceContext, 'db'>, sku: string): Promise<ProductSummary>;
}

/** What restocking is made from: the staff stock screen and back-in-stock notices. */
export interface RestockDeps {
  inventory: InventoryService;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail' | 'isSendableAddress'>;
  /** What the screen and the e-mails say about a product: its name, price and page. */
  products: ProductLookup;
  /** The shop's address, for links in e-mails. */
  publicUrl: string;
}
