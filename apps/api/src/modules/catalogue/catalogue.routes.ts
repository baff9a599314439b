import type { FastifyInstance } from 'fastify';
import { catalogueEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import * as service from './catalogue.service.ts';

export function registerCatalogueRoutes(app: FastifyInstance): void {
  bindEndpoint(app, catalogueEndpoints.getNavigation, ({ ctx }) => service.getNavigation(ctx));
}
