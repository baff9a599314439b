import type { FastifyInstance } from 'fastify';
import { customerOrderEndpoints, orderEndpoints, orderTrackingEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import * as service from './orders.service.ts';

/** Order numbers are short: limit lookups per address so they cannot be paired with e-mails by trying. */
export const TRACKING_LIMIT = { max: 20, timeWindow: '1 minute' };

export function registerOrderRoutes(app: FastifyInstance): void {
  bindEndpoint(app, customerOrderEndpoints.listMyOrders, ({ ctx, query }) => service.listMyOrders(ctx, query.pageNumber, query.pageSize));
  bindEndpoint(app, customerOrderEndpoints.getMyLatestOrder, ({ ctx }) => service.getMyLatestOrder(ctx));
  bindEndpoint(app, orderTrackingEndpoints.checkTrackingDetails, ({ ctx, params }) => service.checkTrackingDetails(ctx, params.orderNumber, params.emailAddress), { rateLimit: TRACKING_LIMIT });
  bindEndpoint(app, orderTrackingEndpoints.trackOrder, ({ ctx, params }) => service.trackOrder(ctx, params.orderNumber, params.emailAddress), { rateLimit: TRACKING_LIMIT });
  bindEndpoint(app, orderTrackingEndpoints.trackOrderByPost, ({ ctx, params, body }) => service.trackOrder(ctx, params.orderNumber, body.emailAddress), { rateLimit: TRACKING_LIMIT });
  bindEndpoint(app, orderEndpoints.searchOrders, ({ ctx, query }) => service.searchOrders(ctx, query));
  bindEndpoint(app, orderEndpoints.getOrderForStaff, ({ ctx, params }) => service.getOrderForStaff(ctx, params.orderNumber));
  bindEndpoint(app, orderEndpoints.advanceOrder, ({ ctx, params, body }) => service.advanceOrder(ctx, params.orderNumber, body));
}
