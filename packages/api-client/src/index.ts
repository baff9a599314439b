import type {
  accountsEndpoints,
  addressBookEndpoints,
  addressLookupEndpoints,
  catalogueRequestEndpoints,
  catalogueEditorEndpoints,
  searchSynonymEndpoints,
  analyticsEndpoints,
  basketEndpoints,
  catalogueEndpoints,
  checkoutEndpoints,
  deliveryEndpoints,
  deliveryUpgradeEndpoints,
  helpCentreEnquiryEndpoints,
  discountsEndpoints,
  helpCentreInboxEndpoints,
  helpCentreOrderEndpoints,
  notificationsEndpoints,
  operationsEndpoints,
  orderEndpoints,
  orderBasketEndpoints,
  orderTrackingEndpoints,
  paymentsEndpoints,
  projectEndpoints,
  platformEndpoints,
  reviewListingEndpoints,
  reviewPhotoEndpoints,
  reviewQuestionEndpoints,
  reviewWritingEndpoints,
  savedCardsEndpoints,
  siteEndpoints,
  siteContentEndpoints,
  blogEndpoints,
  blogEditorEndpoints,
  tradeEndpoints,
  tradeCreditEndpoints,
  tradeTermsEndpoints,
  wishlistEndpoints,
} from '@shop/contracts';
// One constant per service: a page's scripts carry only the routes of the clients it makes.
import * as routes from '@shop/contracts/routes';
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
export const createPlatformClient = (options: ClientOptions) => createServiceClient<typeof platformEndpoints>(routes.platformRoutes, options);
export const createOperationsClient = (options: ClientOptions) => createServiceClient<typeof operationsEndpoints>(routes.operationsRoutes, options);
export const createCatalogueClient = (options: ClientOptions) => createServiceClient<typeof catalogueEndpoints>(routes.catalogueRoutes, options);
export const createAccountsClient = (options: ClientOptions) => createServiceClient<typeof accountsEndpoints>(routes.accountsRoutes, options);
export const createNotificationsClient = (options: ClientOptions) => createServiceClient<typeof notificationsEndpoints>(routes.notificationsRoutes, options);
export const createDeliveryClient = (options: ClientOptions) => createServiceClient<typeof deliveryEndpoints>(routes.deliveryRoutes, options);
export const createDiscountsClient = (options: ClientOptions) => createServiceClient<typeof discountsEndpoints>(routes.discountsRoutes, options);
export const createBasketClient = (options: ClientOptions) => createServiceClient<typeof basketEndpoints>(routes.basketRoutes, options);
export const createCheckoutClient = (options: ClientOptions) => createServiceClient<typeof checkoutEndpoints>(routes.checkoutRoutes, options);
export const createOrderTrackingClient = (options: ClientOptions) => createServiceClient<typeof orderTrackingEndpoints>(routes.orderTrackingRoutes, options);
export const createOrderBasketsClient = (options: ClientOptions) => createServiceClient<typeof orderBasketEndpoints>(routes.orderBasketsRoutes, options);
export const createDeliveryUpgradeClient = (options: ClientOptions) =>
  createServiceClient<typeof deliveryUpgradeEndpoints>(routes.deliveryUpgradeRoutes, options);
export const createOrdersClient = (options: ClientOptions) => createServiceClient<typeof orderEndpoints>(routes.ordersRoutes, options);
export const createSavedCardsClient = (options: ClientOptions) => createServiceClient<typeof savedCardsEndpoints>(routes.savedCardsRoutes, options);
export const createPaymentsClient = (options: ClientOptions) => createServiceClient<typeof paymentsEndpoints>(routes.paymentsRoutes, options);
export const createSiteClient = (options: ClientOptions) => createServiceClient<typeof siteEndpoints>(routes.siteRoutes, options);
export const createSiteContentClient = (options: ClientOptions) => createServiceClient<typeof siteContentEndpoints>(routes.siteContentRoutes, options);
/** The blog answers under the content service's base URL; staff's post editing under the site service's. */
export const createBlogClient = (options: ClientOptions) => createServiceClient<typeof blogEndpoints>(routes.blogRoutes, options);
export const createBlogEditorClient = (options: ClientOptions) => createServiceClient<typeof blogEditorEndpoints>(routes.blogEditorRoutes, options);
/** Trade calls answer under the accounts service's base URL; the terms under the projects service's. */
export const createTradeClient = (options: ClientOptions) => createServiceClient<typeof tradeEndpoints>(routes.tradeRoutes, options);
export const createHelpCentreEnquiriesClient = (options: ClientOptions) =>
  createServiceClient<typeof helpCentreEnquiryEndpoints>(routes.helpCentreEnquiriesRoutes, options);
export const createTradeTermsClient = (options: ClientOptions) => createServiceClient<typeof tradeTermsEndpoints>(routes.tradeTermsRoutes, options);
/** The staff inbox and the customer's reply link, under the help-centre service. */
export const createHelpCentreInboxClient = (options: ClientOptions) =>
  createServiceClient<typeof helpCentreInboxEndpoints>(routes.helpCentreInboxRoutes, options);
/** Order self-service (cancel, return, report, ask, VAT invoice) and staff returns, under the help-centre service. */
export const createHelpCentreOrdersClient = (options: ClientOptions) =>
  createServiceClient<typeof helpCentreOrderEndpoints>(routes.helpCentreOrdersRoutes, options);
/** Projects and their shares, under the projects service. */
export const createProjectsClient = (options: ClientOptions) => createServiceClient<typeof projectEndpoints>(routes.projectsRoutes, options);
/** The address book, under the projects service; the postcode lookup; printed-catalogue requests, under accounts. */
export const createAddressBookClient = (options: ClientOptions) => createServiceClient<typeof addressBookEndpoints>(routes.addressBookRoutes, options);
export const createAddressLookupClient = (options: ClientOptions) => createServiceClient<typeof addressLookupEndpoints>(routes.addressLookupRoutes, options);
export const createCatalogueRequestsClient = (options: ClientOptions) =>
  createServiceClient<typeof catalogueRequestEndpoints>(routes.catalogueRequestsRoutes, options);
/** Trade credit with the provider (pay on account), under the accounts service. */
export const createAnalyticsClient = (options: ClientOptions) => createServiceClient<typeof analyticsEndpoints>(routes.analyticsRoutes, options);
export const createTradeCreditClient = (options: ClientOptions) => createServiceClient<typeof tradeCreditEndpoints>(routes.tradeCreditRoutes, options);
/** The staff product editor (catalogue managers), under the catalogue service. */
export const createCatalogueEditorClient = (options: ClientOptions) =>
  createServiceClient<typeof catalogueEditorEndpoints>(routes.catalogueEditorRoutes, options);
/** Staff's search synonyms (catalogue managers), under the catalogue service. */
export const createSearchSynonymsClient = (options: ClientOptions) => createServiceClient<typeof searchSynonymEndpoints>(routes.searchSynonymsRoutes, options);
export const createWishlistClient = (options: ClientOptions) => createServiceClient<typeof wishlistEndpoints>(routes.wishlistRoutes, options);

/** Published reviews, their summary and answered questions, under the reviews service. */
export const createReviewListingsClient = (options: ClientOptions) => createServiceClient<typeof reviewListingEndpoints>(routes.reviewListingsRoutes, options);

/** Writing reviews (signed in) and moderating them (review moderators). */
export const createReviewWritingClient = (options: ClientOptions) => createServiceClient<typeof reviewWritingEndpoints>(routes.reviewWritingRoutes, options);
/** A review's photos: the author sends them, anyone sees a published review's. */
export const createReviewPhotosClient = (options: ClientOptions) => createServiceClient<typeof reviewPhotoEndpoints>(routes.reviewPhotosRoutes, options);
/** Product questions: staff answer them, customers who bought the product answer by invitation. */
export const createReviewQuestionsClient = (options: ClientOptions) =>
  createServiceClient<typeof reviewQuestionEndpoints>(routes.reviewQuestionsRoutes, options);

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
export type SiteContentClient = ReturnType<typeof createSiteContentClient>;
export type BlogClient = ReturnType<typeof createBlogClient>;
export type BlogEditorClient = ReturnType<typeof createBlogEditorClient>;
export type TradeClient = ReturnType<typeof createTradeClient>;
export type TradeCreditClient = ReturnType<typeof createTradeCreditClient>;
export type HelpCentreEnquiriesClient = ReturnType<typeof createHelpCentreEnquiriesClient>;
export type TradeTermsClient = ReturnType<typeof createTradeTermsClient>;
export type HelpCentreInboxClient = ReturnType<typeof createHelpCentreInboxClient>;
export type ProjectsClient = ReturnType<typeof createProjectsClient>;
export type WishlistClient = ReturnType<typeof createWishlistClient>;
export type ReviewListingsClient = ReturnType<typeof createReviewListingsClient>;
export type ReviewWritingClient = ReturnType<typeof createReviewWritingClient>;
export type ReviewPhotosClient = ReturnType<typeof createReviewPhotosClient>;
export type ReviewQuestionsClient = ReturnType<typeof createReviewQuestionsClient>;
export type AddressBookClient = ReturnType<typeof createAddressBookClient>;
export type AddressLookupClient = ReturnType<typeof createAddressLookupClient>;
export type CatalogueEditorClient = ReturnType<typeof createCatalogueEditorClient>;
export type SearchSynonymsClient = ReturnType<typeof createSearchSynonymsClient>;
export type CatalogueRequestsClient = ReturnType<typeof createCatalogueRequestsClient>;
export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>;
