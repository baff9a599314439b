import type { FastifyInstance } from 'fastify';
import { discountsEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { DiscountsService } from './discounts.service.ts';

export function registerDiscountsRoutes(app: FastifyInstance, service: DiscountsService): void {
  bindEndpoint(app, discountsEndpoints.createDiscount, ({ ctx, body }) => service.createDiscount(ctx, body));
  bindEndpoint(app, discountsEndpoints.getDiscount, ({ ctx, params }) => service.getDiscount(ctx, params.promotionCode, params.issueCode));
  bindEndpoint(app, discountsEndpoints.updateDiscount, ({ ctx, params, body }) => service.updateDiscount(ctx, params.promotionCode, params.issueCode, body));
  bindEndpoint(app, discountsEndpoints.searchDiscounts, ({ ctx, query }) => service.searchDiscounts(ctx, query));
  bindEndpoint(app, discountsEndpoints.getDiscountClaim, ({ ctx, params }) => service.getDiscountClaim(ctx, params.id));
  bindEndpoint(app, discountsEndpoints.getDiscountTypes, async () => [...service.discountTypes()]);
}
