import type { ApiModule } from '../../platform/module.ts';
import { wishlistPersonalData } from './wishlist.personal-data.ts';
import { registerWishlistRoutes } from './wishlist.routes.ts';
import type { WishlistService } from './wishlist.service.ts';

export { createWishlistService, type WishlistService } from './wishlist.service.ts';
export type { WishlistDeps } from './wishlist.deps.ts';

/**
 * Wishlists (`WishlistService`): guest wishlists by unguessable id, shoppers' by owner (taken over on
 * sign-in), priced as the basket prices (trade for trade shoppers), named on save, shared by e-mail
 * with a readable code that gives whoever holds it a copy.
 */
export function createWishlistModule({ wishlist }: { wishlist: WishlistService }): ApiModule {
  return { name: 'wishlist', registerRoutes: (app) => registerWishlistRoutes(app, wishlist), personalData: wishlistPersonalData };
}
