import type { FastifyInstance } from 'fastify';
import { basketEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { BasketService } from './basket.service.ts';

/**
 * Per client address and instance (the platform's limiter): enough for a person mistyping a code,
 * far too few to guess one of ~5×10¹¹ codes.
 */
export const RETRIEVE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** E-mails go to any address typed in: keep the shop from being used to send mail in bulk. */
export const EMAIL_LIMIT = { max: 5, timeWindow: '1 minute' };

export function registerBasketRoutes(app: FastifyInstance, service: BasketService): void {
  bindEndpoint(app, endpoints.getBasket, ({ ctx, params }) => service.getBasket(ctx, params.basketId));
  bindEndpoint(app, endpoints.copyBasket, ({ ctx, params }) => service.copyBasket(ctx, params.basketId));
  bindEndpoint(app, endpoints.createBasket, ({ ctx, body }) => service.createBasket(ctx, body));
  bindEndpoint(app, endpoints.createBasketWithItems, ({ ctx, body }) => service.createBasketWithItems(ctx, body.items));
  bindEndpoint(app, endpoints.setItems, ({ ctx, params, body }) => service.setItems(ctx, params.basketId, body.items));
  bindEndpoint(app, endpoints.setItem, ({ ctx, params, body }) => service.setItem(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.addItem, ({ ctx, params, body }) => service.addItem(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.removeItem, ({ ctx, params, body }) => service.removeItem(ctx, params.basketId, body.sku));
  bindEndpoint(app, endpoints.addDiscount, ({ ctx, params, body }) => service.addDiscount(ctx, params.basketId, body.code));
  bindEndpoint(app, endpoints.removeDiscount, ({ ctx, params, body }) => service.removeDiscount(ctx, params.basketId, body.code));
  bindEndpoint(app, endpoints.saveBasket, ({ ctx, params }) => service.saveBasket(ctx, params.basketId));
  bindEndpoint(app, endpoints.retrieveBasket, ({ ctx, query }) => service.retrieveBasket(ctx, query.retrievalCode), { rateLimit: RETRIEVE_LIMIT });
  bindEndpoint(app, endpoints.refreshBasket, ({ ctx, params }) => service.refreshBasket(ctx, params.basketId));
  bindEndpoint(app, endpoints.sendBasketSavedEmail, ({ ctx, body }) => service.sendBasketSavedEmail(ctx, body), { rateLimit: EMAIL_LIMIT });
}
