import type { ApiModule } from '../../platform/module.ts';
import { analyticsPersonalData } from './analytics.personal-data.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import type { AnalyticsService } from './analytics.service.ts';

export { createAnalyticsService, type AnalyticsService, type ActionsUpdateInput } from './analytics.service.ts';
/** How many batches of events one visitor may send a minute. */
export { EVENTS_LIMIT } from './analytics.routes.ts';

/**
 * Shopping events (`AnalyticsService`): `POST /api/analytics/actions/update`, stored append-only and
 * rolled up by day, tied to a device or person only with consent (docs/domain.md §10.7).
 */
export function createAnalyticsModule({ analytics }: { analytics: AnalyticsService }): ApiModule {
  return {
    name: 'analytics',
    registerRoutes: (app) => registerAnalyticsRoutes(app, analytics),
    personalData: analyticsPersonalData,
  };
}
