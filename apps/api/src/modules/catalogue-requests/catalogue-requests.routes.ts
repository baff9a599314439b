import type { FastifyInstance } from 'fastify';
import { catalogueRequestEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { CatalogueRequestsService } from './catalogue-requests.service.ts';

/** Per visitor: a household asks once; a script posting catalogues to a street is stopped early. */
export const CATALOGUE_REQUEST_LIMIT = { max: 5, timeWindow: '1 minute', groupId: 'catalogue-requests' };

export function registerCatalogueRequestsRoutes(app: FastifyInstance, service: CatalogueRequestsService): void {
  bindEndpoint(app, endpoints.requestPrintedCatalogue, ({ ctx, body }) => service.requestPrintedCatalogue(ctx, body), { rateLimit: CATALOGUE_REQUEST_LIMIT });
  bindEndpoint(app, endpoints.listPrintedCatalogueRequests, ({ ctx, query }) => service.listPrintedCatalogueRequests(ctx, query));
  bindEndpoint(app, endpoints.postPrintedCatalogueRequests, ({ ctx }) => service.postPrintedCatalogueRequests(ctx));
  bindEndpoint(app, endpoints.findPrintedCatalogueRequestsAtAddress, ({ ctx, body }) => service.findAtAddress(ctx, body));
  bindEndpoint(app, endpoints.erasePrintedCatalogueRequestsAtAddress, ({ ctx, body }) => service.eraseAtAddress(ctx, body));
}
