import type { FastifyInstance } from 'fastify';
import { orderBasketEndpoints as endpoints, orderLinkTokenOf } from '@shop/contracts';
import { bindEndpoint, type HandlerInput } from '../../platform/bind.ts';
import type { OrderBasketsService } from './order-baskets.service.ts';

/** The caller and, for a guest, the e-mailed link's token from its header (decision 0049). */
const caller = ({ ctx, request }: HandlerInput<never>) => ({ ...ctx, linkToken: orderLinkTokenOf(request.headers) });

export function registerOrderBasketRoutes(app: FastifyInstance, service: OrderBasketsService): void {
  bindEndpoint(app, endpoints.openOrderBasket, (input) => service.openOrderBasket(caller(input), input.params.id));
  bindEndpoint(app, endpoints.addOrderBasketItem, (input) => service.addItem(caller(input), input.params.id, input.body));
  bindEndpoint(app, endpoints.setOrderBasketItem, (input) => service.setItem(caller(input), input.params.id, input.body));
  bindEndpoint(app, endpoints.removeOrderBasketItem, (input) => service.removeItem(caller(input), input.params.id, input.body.sku));
  bindEndpoint(app, endpoints.setOrderBasketDeliveryDetails, (input) => service.setDeliveryDetails(caller(input), input.params.id, input.body.address));
  bindEndpoint(app, endpoints.completeOrderBasket, (input) => service.completeOrderBasket(caller(input), input.params.id, input.body));
}
