import type { BasketService } from '../basket/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { IdentityService } from '../identity/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PricingService } from '../pricing/index.ts';

/** Each viewer's prices are pricing's; what is sold the catalogue's; add-all goes through the basket; orders say which came from a project. */
export interface ProjectsDeps {
  pricing: PricingService;
  catalogue: CatalogueService;
  basket: BasketService;
  orders: OrdersService;
  identity: IdentityService;
  notifications: NotificationsService;
  /** The shop's address, for the links in share e-mails. */
  publicUrl: string;
}
