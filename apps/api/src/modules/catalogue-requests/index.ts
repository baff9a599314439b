import type { ApiModule } from '../../platform/module.ts';
import { catalogueRequestsPersonalData } from './catalogue-requests.personal-data.ts';
import { registerCatalogueRequestsRoutes } from './catalogue-requests.routes.ts';
import type { CatalogueRequestsService } from './catalogue-requests.service.ts';
import { catalogueRequestRetentionJob } from './retention.ts';

export { createCatalogueRequestsService, type CatalogueRequestsService } from './catalogue-requests.service.ts';
export type { CatalogueRequestsDeps } from './catalogue-requests.deps.ts';
export { CatalogueRequestErrors } from './catalogue-requests.errors.ts';

/**
 * The printed catalogue by post (`CatalogueRequestsService`): requests, one per address in six
 * months, postal marketing consent kept apart, and the staff's list and posting run; a request
 * is removed six months after it was made (job `catalogue-request-retention`).
 */
export function createCatalogueRequestsModule({ catalogueRequests }: { catalogueRequests: CatalogueRequestsService }): ApiModule {
  return {
    name: 'catalogue-requests',
    registerRoutes: (app) => registerCatalogueRequestsRoutes(app, catalogueRequests),
    personalData: catalogueRequestsPersonalData,
    jobs: () => [catalogueRequestRetentionJob()],
  };
}
