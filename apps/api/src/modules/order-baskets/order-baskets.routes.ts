import type { FastifyInstance } from 'fastify';
import { orderBasketEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { OrderBasketsService } from './order-baskets.service.ts';

export function registerOrderBasketRoutes(app: FastifyInstance, service: OrderBasketsService): void {
  bindEndpoint(app, endpoints.openOrderBasket, ({ ctx, params }) => service.openOrderBasket(ctx, params.id));
  bindEndpoint(app, endpoints.addOrderBasketItem, ({ ctx, params, body }) => service.addItem(ctx, params.id, body));
  bindEndpoint(app, endpoints.setOrderBasketItem, ({ ctx, params, body }) => service.setItem(ctx, params.id, body));
  bindEndpoint(app, endpoints.removeOrderBasketItem, ({ ctx, params, body }) => service.removeItem(ctx, params.id, body.sku));
  bindEndpoint(app, endpoints.setOrderBasketDeliveryDetails, ({ ctx, params, body }) => service.setDeliveryDetails(ctx, params.id, body.address));
  bindEndpoint(app, endpoints.completeOrderBasket, ({ ctx, params, body }) => service.completeOrderBasket(ctx, params.id, body));
}
