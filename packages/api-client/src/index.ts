import type {
  accountsEndpoints,
  basketEndpoints,
  catalogueEndpoints,
  checkoutEndpoints,
  deliveryEndpoints,
  helpCentreEnquiryEndpoints,
  discountsEndpoints,
  helpCentreInboxEndpoints,
  helpCentreOrderEndpoints,
  notificationsEndpoints,
  operationsEndpoints,
  orderEndpoints,
  orderTrackingEndpoints,
  paymentsEndpoints,
  platformEndpoints,
  reviewListingEndpoints,
  reviewPhotoEndpoints,
  reviewQuestionEndpoints,
  reviewWritingEndpoints,
  savedCardsEndpoints,
  siteEndpoints,
  tradeEndpoints,
  tradeTermsEndpoints,
  wishlistEndpoints,
} from '@shop/contracts';
import { endpointRoutes as routes } from '@shop/contracts/routes';
import { createServiceClient, type ClientOptions } from './client.ts';

export {
  ApiError,
  createClientFromEndpoints,
  createServiceClient,
  routesOf,
  type CallOptions,
  type ClientOptions,
  type EndpointRoute,
  type ServiceClient,
  type ServiceRoutes,
} from './client.ts';

/** One client per service, each with its own base URL (e.g. `…/api/catalogue`). */
export const createPlatformClient = (options: ClientOptions) => createServiceClient<typeof platformEndpoints>(routes.platform, options);
export const createOperationsClient = (options: ClientOptions) => createServiceClient<typeof operationsEndpoints>(routes.operations, options);
export const createCatalogueClient = (options: ClientOptions) => createServiceClient<typeof catalogueEndpoints>(routes.catalogue, options);
export const createAccountsClient = (options: ClientOptions) => createServiceClient<typeof accountsEndpoints>(routes.accounts, options);
export const createNotificationsClient = (options: ClientOptions) => createServiceClient<typeof notificationsEndpoints>(routes.notifications, options);
export const createDeliveryClient = (options: ClientOptions) => createServiceClient<typeof deliveryEndpoints>(routes.delivery, options);
export const createDiscountsClient = (options: ClientOptions) => createServiceClient<typeof discountsEndpoints>(routes.discounts, options);
export const createBasketClient = (options: ClientOptions) => createServiceClient<typeof basketEndpoints>(routes.basket, options);
export const createCheckoutClient = (options: ClientOptions) => createServiceClient<typeof checkoutEndpoints>(routes.checkout, options);
export const createOrderTrackingClient = (options: ClientOptions) => createServiceClient<typeof orderTrackingEndpoints>(routes.orderTracking, options);
export const createOrdersClient = (options: ClientOptions) => createServiceClient<typeof orderEndpoints>(routes.orders, options);
export const createSavedCardsClient = (options: ClientOptions) => createServiceClient<typeof savedCardsEndpoints>(routes.savedCards, options);
export const createPaymentsClient = (options: ClientOptions) => createServiceClient<typeof paymentsEndpoints>(routes.payments, options);
export const createSiteClient = (options: ClientOptions) => createServiceClient<typeof siteEndpoints>(routes.site, options);
/** Trade calls answer under the accounts service's base URL; the terms under the projects service's. */
export const createTradeClient = (options: ClientOptions) => createServiceClient<typeof tradeEndpoints>(routes.trade, options);
export const createHelpCentreEnquiriesClient = (options: ClientOptions) =>
  createServiceClient<typeof helpCentreEnquiryEndpoints>(routes.helpCentreEnquiries, options);
export const createTradeTermsClient = (options: ClientOptions) => createServiceClient<typeof tradeTermsEndpoints>(routes.tradeTerms, options);
/** The staff inbox and the customer's reply link, under the help-centre service. */
export const createHelpCentreInboxClient = (options: ClientOptions) => createServiceClient<typeof helpCentreInboxEndpoints>(routes.helpCentreInbox, options);
/** Order self-service (cancel, return, report, ask, VAT invoice) and staff returns, under the help-centre service. */
export const createHelpCentreOrdersClient = (options: ClientOptions) => createServiceClient<typeof helpCentreOrderEndpoints>(routes.helpCentreOrders, options);
export const createWishlistClient = (options: ClientOptions) => createServiceClient<typeof wishlistEndpoints>(routes.wishlist, options);

/** Published reviews, their summary and answered questions, under the reviews service. */
export const createReviewListingsClient = (options: ClientOptions) => createServiceClient<typeof reviewListingEndpoints>(routes.reviewListings, options);

/** Writing reviews (signed in) and moderating them (review moderators). */
export const createReviewWritingClient = (options: ClientOptions) => createServiceClient<typeof reviewWritingEndpoints>(routes.reviewWriting, options);
/** A review's photos: the author sends them, anyone sees a published review's. */
export const createReviewPhotosClient = (options: ClientOptions) => createServiceClient<typeof reviewPhotoEndpoints>(routes.reviewPhotos, options);
/** Product questions: staff answer them, customers who bought the product answer by invitation. */
export const createReviewQuestionsClient = (options: ClientOptions) => createServiceClient<typeof reviewQuestionEndpoints>(routes.reviewQuestions, options);

export type PlatformClient = ReturnType<typeof createPlatformClient>;
export type OperationsClient = ReturnType<typeof createOperationsClient>;
export type CatalogueClient = ReturnType<typeof createCatalogueClient>;
export type AccountsClient = ReturnType<typeof createAccountsClient>;
export type NotificationsClient = ReturnType<typeof createNotificationsClient>;
export type DeliveryClient = ReturnType<typeof createDeliveryClient>;
export type DiscountsClient = ReturnType<typeof createDiscountsClient>;
export type BasketClient = ReturnType<typeof createBasketClient>;
export type CheckoutClient = ReturnType<typeof createCheckoutClient>;
export type OrderTrackingClient = ReturnType<typeof createOrderTrackingClient>;
export type OrdersClient = ReturnType<typeof createOrdersClient>;
export type SavedCardsClient = ReturnType<typeof createSavedCardsClient>;
export type PaymentsClient = ReturnType<typeof createPaymentsClient>;
export type SiteClient = ReturnType<typeof createSiteClient>;
export type TradeClient = ReturnType<typeof createTradeClient>;
export type HelpCentreEnquiriesClient = ReturnType<typeof createHelpCentreEnquiriesClient>;
export type TradeTermsClient = ReturnType<typeof createTradeTermsClient>;
export type HelpCentreInboxClient = ReturnType<typeof createHelpCentreInboxClient>;
export type WishlistClient = ReturnType<typeof createWishlistClient>;
export type ReviewListingsClient = ReturnType<typeof createReviewListingsClient>;
export type ReviewWritingClient = ReturnType<typeof createReviewWritingClient>;
export type ReviewPhotosClient = ReturnType<typeof createReviewPhotosClient>;
export type ReviewQuestionsClient = ReturnType<typeof createReviewQuestionsClient>;
