import {
  createAnalyticsClient,
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
  createSiteContentClient,
  createBlogClient,
  createBlogEditorClient,
  ApiError,
} from '@shop/api-client';
import { WEB_TIER_HEADERS } from '@shop/contracts';
import { data } from 'react-router';
import { keptForEveryPage } from './shared-answer.server.ts';

/**
 * Where server-side loaders reach the API. In the one-process default the API answers on the
 * same port as the web tier; when the tiers run apart, API_INTERNAL_URL points at the API tier.
 */
export function apiBaseUrl(): string {
  return process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api`;
}

let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * How every server-side call reaches the API: over HTTP, or, when the API answers in this same
 * process (`SERVE=all`, as `npm start` runs the shop), handed to it directly by the shop's server
 * (`answerApiCallsInProcess`, apps/server/src/api-in-process.ts): the same routes, hooks and answers
 * without a socket, HTTP parsing or compression between the tiers (decision 0069).
 */
export const apiFetch: typeof fetch = (input, init) => transport(input, keptForEveryPage() ? markedKept(init) : init);

/** A call for an answer kept for every page, so marked (`WEB_TIER_HEADERS.kept`, decision 0162). */
function markedKept(init: RequestInit | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  headers.set(WEB_TIER_HEADERS.kept, '1');
  return { ...init, headers };
}

/** Called once by the shop's server when the API is in this process (the storefront's entry exports it). */
export function answerApiCallsInProcess(inProcess: typeof fetch): void {
  transport = inProcess;
}

/**
 * Whose visit a server-side call makes: the visitor's address, which the web server worked out
 * (`X-Forwarded-For` on the page's request, apps/server/src/web.ts), and the secret the web and API
 * tiers share (WEB_TIER_SECRET), without which the API ignores the address. Every call a page or
 * form makes carries them, so it counts against its visitor's rate-limit budget rather than one
 * budget shared by every visitor (decision 0047).
 */
export function visitorHeaders(request: Pick<Request, 'headers'>): Record<string, string> {
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

/** Options for a client of one service (`…/api/catalogue`) sending `headers`, with a shopper's token when given. */
export const apiClientOptions = (service: string, headers: Record<string, string>, accessToken?: string) => ({
  baseUrl: `${apiBaseUrl()}/${service}`,
  headers,
  fetch: apiFetch,
  ...(accessToken && { getAccessToken: () => accessToken }),
});

/** The same, calling for the visitor of `request`. */
export const serviceClientOptions = (request: Pick<Request, 'headers'>, service: string, accessToken?: string) =>
  apiClientOptions(service, visitorHeaders(request), accessToken);

/** One client per service, each with its own base URL (`…/api/catalogue`), calling for the visitor of `request`. */
export const catalogueClient = (request: Request) => createCatalogueClient(serviceClientOptions(request, 'catalogue'));
export const deliveryClient = (request: Request) => createDeliveryClient(serviceClientOptions(request, 'delivery'));
/** A guest's basket, named by the basket cookie; with a shopper's token (`accessToken`), the shopper's. */
export const basketClient = (request: Request, accessToken?: string) => createBasketClient(serviceClientOptions(request, 'basket', accessToken));
/** For a guest's checkout only: the server never holds a shopper's token. */
export const checkoutClient = (request: Request) => createCheckoutClient(serviceClientOptions(request, 'checkout'));
/** Published reviews, their summary and answered questions (public). */
export const reviewsClient = (request: Request) => createReviewListingsClient(serviceClientOptions(request, 'reviews'));
export const siteClient = (request: Request) => createSiteClient(serviceClientOptions(request, 'site'));
export const siteContentClient = (request: Request, accessToken?: string) => createSiteContentClient(serviceClientOptions(request, 'site', accessToken));
export const blogClient = (request: Request, accessToken?: string) => createBlogClient(serviceClientOptions(request, 'content', accessToken));
export const blogEditorClient = (request: Request, accessToken?: string) => createBlogEditorClient(serviceClientOptions(request, 'site', accessToken));
export const paymentsClient = (request: Request) => createPaymentsClient(serviceClientOptions(request, 'payments'));
/** Tracking an order by its number and e-mail address (the pair is the proof: no session is sent). */
export const orderTrackingClient = (request: Request) => createOrderTrackingClient(serviceClientOptions(request, 'order-tracking'));
/** The customer's reply link (the token is the customer's proof: no session is sent). */
export const helpReplyClient = (request: Request) => createHelpCentreInboxClient(serviceClientOptions(request, 'help-centre'));
/** A buyer's link to answer a product question (the token is their proof: no session is sent). */
export const reviewQuestionsClient = (request: Request) => createReviewQuestionsClient(serviceClientOptions(request, 'reviews'));
/** Shopping events, for the visitor of `request` and, with their consent, the signed-in shopper (`accessToken`). */
export const analyticsClient = (request: Pick<Request, 'headers'>, accessToken?: string) =>
  createAnalyticsClient(serviceClientOptions(request, 'analytics', accessToken));
