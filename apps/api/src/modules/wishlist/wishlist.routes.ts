import type { FastifyInstance } from 'fastify';
import { wishlistEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { WishlistService } from './wishlist.service.ts';

/** Per client address and instance: enough for a person mistyping a code, far too few to guess one. */
export const RETRIEVE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** E-mails go to any address typed in: keep the shop from being used to send mail in bulk. */
export const EMAIL_LIMIT = { max: 5, timeWindow: '1 minute' };

export function registerWishlistRoutes(app: FastifyInstance, service: WishlistService): void {
  bindEndpoint(app, endpoints.getWishlist, ({ ctx, params }) => service.getWishlist(ctx, params.wishlistId));
  bindEndpoint(app, endpoints.createWishlist, ({ ctx, body }) => service.createWishlist(ctx, body));
  bindEndpoint(app, endpoints.setItem, ({ ctx, params, body }) => service.setItem(ctx, params.id, body));
  bindEndpoint(app, endpoints.removeItem, ({ ctx, params, body }) => service.removeItem(ctx, params.id, body.sku));
  bindEndpoint(app, endpoints.refreshWishlist, ({ ctx, params, body }) => service.refreshWishlist(ctx, params.id, body.removeUnavailable));
  bindEndpoint(app, endpoints.saveWishlist, ({ ctx, params, body }) => service.saveWishlist(ctx, params.id, body.name));
  bindEndpoint(app, endpoints.emailWishlist, ({ ctx, params, body }) => service.emailWishlist(ctx, params.id, body), { rateLimit: EMAIL_LIMIT });
  bindEndpoint(app, endpoints.retrieveWishlist, ({ ctx, body }) => service.retrieveWishlist(ctx, body), { rateLimit: RETRIEVE_LIMIT });
}
