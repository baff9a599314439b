import type { FastifyInstance } from 'fastify';
import { siteEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';

export function registerSiteRoutes(app: FastifyInstance): void {
  // Settings, read once at start-up: there is nothing to look up.
  const { shop } = app.platform.config;
  bindEndpoint(app, siteEndpoints.getShopDetails, async () => shop);
}
