import type { ServiceContext } from '../../platform/context.ts';
import type { AnalyticsService } from '../analytics/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { FilesService } from '../files/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { PricingService } from '../pricing/index.ts';
import type { SearchService } from '../search/index.ts';

/** What the catalogue asks of other modules: prices from pricing, stock from inventory, delivery's rules. */
export interface CatalogueDeps {
  pricing: PricingService;
  inventory: InventoryService;
  delivery: DeliveryService;
  /** Pictures staff upload of a variant are kept by files (re-encoded, without metadata, resized). */
  files: FilesService;
  /** Listings, search and suggestions are answered by search's product index over the catalogue's rows. */
  search: SearchService;
  /** What a signed-in shopper viewed with consent, on any device (their recently viewed row). */
  /** And what shoppers view and add now, for "Trending in" rows. */
  analytics?: Pick<AnalyticsService, 'productsViewedBy' | 'trendingProductIds'>;
  /** A read replica (DATABASE_READ_URL) for the snapshot's loads from `primary`, falling back to it by itself: decision 0080. */
  replica?: { primary: ServiceContext['db']; reads: ServiceContext['db'] };
}

/** The contexts the catalogue's functions take: most read only the database; listings also read the clock. */
export type DbContext = Pick<ServiceContext, 'db'>;
export type ListingContext = Pick<ServiceContext, 'db' | 'clock'>;
