import {
  accountsEndpoints,
  basketEndpoints,
  catalogueEndpoints,
  deliveryEndpoints,
  discountsEndpoints,
  notificationsEndpoints,
  platformEndpoints,
  wishlistEndpoints,
} from '@shop/contracts';
import { createServiceClient, type ClientOptions } from './client.ts';

export { ApiError, createServiceClient, type CallOptions, type ClientOptions, type ServiceClient } from './client.ts';

/** One client per service, each with its own base URL (e.g. `…/api/catalogue`). */
export const createPlatformClient = (options: ClientOptions) => createServiceClient(platformEndpoints, options);
export const createCatalogueClient = (options: ClientOptions) => createServiceClient(catalogueEndpoints, options);
export const createAccountsClient = (options: ClientOptions) => createServiceClient(accountsEndpoints, options);
export const createNotificationsClient = (options: ClientOptions) => createServiceClient(notificationsEndpoints, options);
export const createDeliveryClient = (options: ClientOptions) => createServiceClient(deliveryEndpoints, options);
export const createDiscountsClient = (options: ClientOptions) => createServiceClient(discountsEndpoints, options);
export const createBasketClient = (options: ClientOptions) => createServiceClient(basketEndpoints, options);
export const createWishlistClient = (options: ClientOptions) => createServiceClient(wishlistEndpoints, options);

export type PlatformClient = ReturnType<typeof createPlatformClient>;
export type CatalogueClient = ReturnType<typeof createCatalogueClient>;
export type AccountsClient = ReturnType<typeof createAccountsClient>;
export type NotificationsClient = ReturnType<typeof createNotificationsClient>;
export type DeliveryClient = ReturnType<typeof createDeliveryClient>;
export type DiscountsClient = ReturnType<typeof createDiscountsClient>;
export type BasketClient = ReturnType<typeof createBasketClient>;
export type WishlistClient = ReturnType<typeof createWishlistClient>;
