import type { ApiModule } from '../../platform/module.ts';
import { registerWishlistRoutes } from './wishlist.routes.ts';

/**
 * Wishlists: guest wishlists by unguessable id, shoppers' by owner (taken over on sign-in), priced
 * as the basket prices (trade for trade shoppers), named on save, shared by e-mail with a readable
 * code that gives whoever holds it a copy.
 */
export const wishlistModule: ApiModule = {
  name: 'wishlist',
  registerRoutes: registerWishlistRoutes,
};
