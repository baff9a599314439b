import type { ApiModule } from '../../platform/module.ts';
import { registerReportsRoutes } from './reports.routes.ts';
import type { ReportsService } from './reports.service.ts';

export { createReportsService, type ReportsService } from './reports.service.ts';
export type { ReportsDeps } from './reports.deps.ts';
export { ReportErrors } from './reports.errors.ts';

/**
 * Staff reports (`ReportsService`, role `analyst`), under the analytics service's paths: sales per
 * day and top sellers from orders, most viewed products, the checkout funnel and searches with no
 * results from the events' daily roll-up. No tables of its own.
 */
export function createReportsModule({ reports }: { reports: ReportsService }): ApiModule {
  return { name: 'reports', registerRoutes: (app) => registerReportsRoutes(app, reports) };
}
