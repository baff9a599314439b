import type { ApiConfig } from '../../config.ts';
import type { CacheRegistry } from '../../platform/cache.ts';
import type { AfterSalesService } from '../after-sales/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { FilesService } from '../files/index.ts';
import type { IdentityService } from '../identity/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { SearchService } from '../search/index.ts';

/** The services reviews use: each part takes what it needs from these. */
export interface ReviewsDeps {
  catalogue: CatalogueService;
  orders: OrdersService;
  notifications: NotificationsService;
  identity: IdentityService;
  /** Staff's advanced search is answered by search's review index. */
  search: SearchService;
  /** Units of a product's skus returned and reported damaged, for its insights. */
  afterSales: Pick<AfterSalesService, 'afterSalesUnits'>;
  /** The app's caches: kept listings and products report their figures there. */
  caches: CacheRegistry;
  /** Where review photos are stored. */
  files: FilesService;
  /** The storefront's address, for the links in review and answer invitations. */
  publicUrl: string;
  /** When "review your purchase" e-mails go (REVIEW_INVITATION_DAYS) and how often they are looked for (REVIEW_INVITATION_POLL_SECONDS). */
  settings: ApiConfig['reviews'];
}
