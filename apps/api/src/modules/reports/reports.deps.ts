import type { AnalyticsService } from '../analytics/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { OrdersService } from '../orders/index.ts';

/** Reports read events' roll-ups, orders' sales and the catalogue's names. */
export interface ReportsDeps {
  analytics: AnalyticsService;
  orders: OrdersService;
  catalogue: CatalogueService;
}
