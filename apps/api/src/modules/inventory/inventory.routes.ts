import type { FastifyInstance } from 'fastify';
import { helpCentreEnquiryEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { RestockService } from './restock.service.ts';

/** A person asks for a notice now and then; a script asking for hundreds is not a shopper. */
const NOTICE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** The staff stock screen and back-in-stock notices, under the help-centre service where the specification puts them. */
export function registerInventoryRoutes(app: FastifyInstance, restock: RestockService): void {
  bindEndpoint(app, endpoints.requestBackInStockNotice, ({ ctx, body }) => restock.requestBackInStockNotice(ctx, body), { rateLimit: NOTICE_LIMIT });
  bindEndpoint(app, endpoints.getBackInStockNotice, ({ ctx, params }) => restock.getBackInStockNotice(ctx, params.token));
  bindEndpoint(app, endpoints.unsubscribeBackInStockNotice, ({ ctx, params }) => restock.unsubscribeBackInStockNotice(ctx, params.token));
  bindEndpoint(app, endpoints.getStockLevel, ({ ctx, params }) => restock.stockLevel(ctx, params.sku));
  bindEndpoint(app, endpoints.addStock, ({ ctx, params, body }) => restock.addStock(ctx, params.sku, body.quantity));
}
