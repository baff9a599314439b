import type { FastifyInstance } from 'fastify';
import { customerOrderEndpoints, orderEndpoints, orderTrackingEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { sendPdfDownload } from '../../platform/pdf-download.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * Order numbers are short: lookups are limited so they cannot be paired with e-mails by trying. The
 * three tracking calls share one budget per client (decision 0015): guessing number and e-mail pairs
 * through the check, the GET and the POST together is no faster than through one of them.
 */
export const TRACKING_LIMIT = { max: 20, timeWindow: '1 minute', groupId: 'order-tracking' };

export function registerOrderRoutes(app: FastifyInstance, service: OrdersService): void {
  bindEndpoint(app, customerOrderEndpoints.listMyOrders, ({ ctx, query }) => service.listMyOrders(ctx, query.pageNumber, query.pageSize));
  bindEndpoint(app, customerOrderEndpoints.getMyLatestOrder, ({ ctx }) => service.getMyLatestOrder(ctx));
  bindEndpoint(app, customerOrderEndpoints.getMyOrder, ({ ctx, params }) => service.getMyOrder(ctx, params.orderNumber));
  bindEndpoint(
    app,
    orderTrackingEndpoints.checkTrackingDetails,
    ({ ctx, params }) => service.checkTrackingDetails(ctx, params.orderNumber, params.emailAddress),
    { rateLimit: TRACKING_LIMIT },
  );
  bindEndpoint(app, orderTrackingEndpoints.trackOrder, ({ ctx, params }) => service.trackOrder(ctx, params.orderNumber, params.emailAddress), {
    rateLimit: TRACKING_LIMIT,
  });
  bindEndpoint(app, orderTrackingEndpoints.trackOrderByPost, ({ ctx, params, body }) => service.trackOrder(ctx, params.orderNumber, body.emailAddress), {
    rateLimit: TRACKING_LIMIT,
  });
  bindEndpoint(app, orderEndpoints.searchOrders, ({ ctx, query }) => service.searchOrders(ctx, query));
  bindEndpoint(app, orderEndpoints.getOrderForStaff, ({ ctx, params }) => service.getOrderForStaff(ctx, params.orderNumber));
  // Only a document already issued: reading one never numbers a new invoice.
  bindEndpoint(app, orderEndpoints.downloadVatDocumentForStaff, async ({ ctx, params, reply }) =>
    sendPdfDownload(reply, await service.vatInvoice(ctx, params.orderNumber, params.number)),
  );
  bindEndpoint(app, orderEndpoints.advanceOrder, ({ ctx, params, body }) => service.advanceOrder(ctx, params.orderNumber, body));
  bindEndpoint(app, orderEndpoints.cancelOrder, ({ ctx, params, body }) => service.cancelOrder(ctx, params.orderNumber, body));
  bindEndpoint(app, orderEndpoints.refundOrder, ({ ctx, params, body }) => service.refundOrder(ctx, params.orderNumber, body));
}
