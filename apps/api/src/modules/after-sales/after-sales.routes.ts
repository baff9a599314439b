import type { FastifyInstance } from 'fastify';
import { createFilesService } from '../files/index.ts';
import type { AfterSalesService } from './after-sales.service.ts';
import { registerOrderRequestsRoutes } from './order-requests.routes.ts';

/** After-sales' calls, under the help-centre service: order self-service and staff returns. */
export async function registerAfterSalesRoutes(app: FastifyInstance, afterSales: AfterSalesService): Promise<void> {
  await registerOrderRequestsRoutes(app, afterSales, createFilesService({ settings: app.platform.config.files }));
}
