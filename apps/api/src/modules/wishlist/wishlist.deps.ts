import type { CatalogueService } from '../catalogue/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PricingService } from '../pricing/index.ts';

/** Prices are pricing's, as the basket charges them; what is sold the catalogue's; e-mails go through notifications. */
export interface WishlistDeps {
  pricing: PricingService;
  catalogue: CatalogueService;
  notifications: NotificationsService;
  /** The shop's address, for share links. */
  publicUrl: string;
}
