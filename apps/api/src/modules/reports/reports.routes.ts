import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { ReportsService } from './reports.service.ts';

export function registerReportsRoutes(app: FastifyInstance, service: ReportsService): void {
  bindEndpoint(app, endpoints.getShopReport, ({ ctx, query }) => service.getShopReport(ctx, query));
  bindEndpoint(app, endpoints.getCarouselDays, ({ ctx, query }) => service.getCarouselDays(ctx, query));
}
