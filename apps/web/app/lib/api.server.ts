import {
  createBasketClient,
  createCatalogueClient,
  createCheckoutClient,
  createDeliveryClient,
  createHelpCentreInboxClient,
  createOrderTrackingClient,
  createPaymentsClient,
  createReviewListingsClient,
  createReviewQuestionsClient,
  createSiteClient,
  ApiError,
} from '@shop/api-client';
import { WEB_TIER_HEADERS } from '@shop/contracts';
import { data } from 'react-router';

/**
 * Where server-side loaders reach the API. In the one-process default the API answers on the
 * same port as the web tier; when the tiers run apart, API_INTERNAL_URL points at the API tier.
 */
export function apiBaseUrl(): string {
  return process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api`;
}

/**
 * Whose visit a server-side call makes: the visitor's address, which the web server worked out
 * (`X-Forwarded-For` on the page's request, apps/server/src/web.ts), and the secret the web and API
 * tiers share (WEB_TIER_SECRET), without which the API ignores the address. Every call a page or
 * form makes carries them, so it counts against its visitor's rate-limit budget rather than one
 * budget shared by every visitor (decision 0047).
 */
export function visitorHeaders(request: Request): Record<string, string> {
  const address = request.headers.get('x-forwarded-for');
  const secret = process.env.WEB_TIER_SECRET;
  // The page view's id (apps/server/src/web.ts), so the API's log lines for the call carry it too.
  const requestId = request.headers.get('x-request-id');
  return {
    ...(address && secret ? { [WEB_TIER_HEADERS.visitor]: address, [WEB_TIER_HEADERS.secret]: secret } : {}),
    ...(requestId ? { 'x-request-id': requestId } : {}),
  };
}

const RATE_LIMITED = { reason: 'rate-limited' } as const;

/**
 * A visitor over their API budget gets a 429 page: the API said so, not that the shop is down. The
 * page already made (by an extra inside the call that failed) is thrown on as it is.
 */
export function throwIfRateLimited(error: unknown): void {
  if (error instanceof ApiError && error.status === 429) throw data(RATE_LIMITED, { status: 429 });
  if (typeof error === 'object' && error !== null && (error as { data?: unknown }).data === RATE_LIMITED) throw error;
}

/** An extra a page can do without: null when it cannot be had, unless the visitor is over their budget. */
export function optionalExtra<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch((error: unknown) => {
    throwIfRateLimited(error);
    return null;
  });
}

/** One client per service, each with its own base URL (`…/api/catalogue`), calling for the visitor of `request`. */
export const catalogueClient = (request: Request) => createCatalogueClient({ baseUrl: `${apiBaseUrl()}/catalogue`, headers: visitorHeaders(request) });
export const deliveryClient = (request: Request) => createDeliveryClient({ baseUrl: `${apiBaseUrl()}/delivery`, headers: visitorHeaders(request) });
/** A guest's basket, named by the basket cookie; with a shopper's token (`accessToken`), the shopper's. */
export const basketClient = (request: Request, accessToken?: string) =>
  createBasketClient({ baseUrl: `${apiBaseUrl()}/basket`, headers: visitorHeaders(request), ...(accessToken && { getAccessToken: () => accessToken }) });
/** For a guest's checkout only: the server never holds a shopper's token. */
export const checkoutClient = (request: Request) => createCheckoutClient({ baseUrl: `${apiBaseUrl()}/checkout`, headers: visitorHeaders(request) });
/** Published reviews, their summary and answered questions (public). */
export const reviewsClient = (request: Request) => createReviewListingsClient({ baseUrl: `${apiBaseUrl()}/reviews`, headers: visitorHeaders(request) });
export const siteClient = (request: Request) => createSiteClient({ baseUrl: `${apiBaseUrl()}/site`, headers: visitorHeaders(request) });
export const paymentsClient = (request: Request) => createPaymentsClient({ baseUrl: `${apiBaseUrl()}/payments`, headers: visitorHeaders(request) });
/** Tracking an order by its number and e-mail address (the pair is the proof: no session is sent). */
export const orderTrackingClient = (request: Request) =>
  createOrderTrackingClient({ baseUrl: `${apiBaseUrl()}/order-tracking`, headers: visitorHeaders(request) });
/** The customer's reply link (the token is the customer's proof: no session is sent). */
export const helpReplyClient = (request: Request) => createHelpCentreInboxClient({ baseUrl: `${apiBaseUrl()}/help-centre`, headers: visitorHeaders(request) });
/** A buyer's link to answer a product question (the token is their proof: no session is sent). */
export const reviewQuestionsClient = (request: Request) =>
  createReviewQuestionsClient({ baseUrl: `${apiBaseUrl()}/reviews`, headers: visitorHeaders(request) });
