import {
  createCatalogueClient,
  createCheckoutClient,
  createDeliveryClient,
  createHelpCentreInboxClient,
  createOrderTrackingClient,
  createPaymentsClient,
  createReviewListingsClient,
  createReviewQuestionsClient,
  createSiteClient,
} from '@shop/api-client';

/**
 * Where server-side loaders reach the API. In the one-process default the API answers on the
 * same port as the web tier; when the tiers run apart, API_INTERNAL_URL points at the API tier.
 */
export function apiBaseUrl(): string {
  return process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api`;
}

/**
 * What the API needs to know whose visit a server-side call makes: the visitor's address, which the
 * web server puts in `X-Forwarded-For` (apps/server/src/web.ts) and the API believes from this
 * machine. Without it every form sent through the web tier would share one rate-limit budget.
 */
export function visitorHeaders(request: Request): Record<string, string> {
  const address = request.headers.get('x-forwarded-for');
  return address ? { 'x-forwarded-for': address } : {};
}

/** One client per service, each with its own base URL (`…/api/catalogue`). */
export const catalogueClient = () => createCatalogueClient({ baseUrl: `${apiBaseUrl()}/catalogue` });
export const deliveryClient = () => createDeliveryClient({ baseUrl: `${apiBaseUrl()}/delivery` });
/** For a guest's checkout only: the server never holds a shopper's token. */
export const checkoutClient = () => createCheckoutClient({ baseUrl: `${apiBaseUrl()}/checkout` });
/** Published reviews, their summary and answered questions (public). */
export const reviewsClient = () => createReviewListingsClient({ baseUrl: `${apiBaseUrl()}/reviews` });
export const siteClient = () => createSiteClient({ baseUrl: `${apiBaseUrl()}/site` });
export const paymentsClient = () => createPaymentsClient({ baseUrl: `${apiBaseUrl()}/payments` });
/** Tracking an order by its number and e-mail address (the pair is the proof: no session is sent). */
export const orderTrackingClient = (request: Request) =>
  createOrderTrackingClient({ baseUrl: `${apiBaseUrl()}/order-tracking`, headers: visitorHeaders(request) });
/** The customer's reply link (the token is the customer's proof: no session is sent). */
export const helpReplyClient = (request: Request) => createHelpCentreInboxClient({ baseUrl: `${apiBaseUrl()}/help-centre`, headers: visitorHeaders(request) });
/** A buyer's link to answer a product question (the token is their proof: no session is sent). */
export const reviewQuestionsClient = (request: Request) =>
  createReviewQuestionsClient({ baseUrl: `${apiBaseUrl()}/reviews`, headers: visitorHeaders(request) });
