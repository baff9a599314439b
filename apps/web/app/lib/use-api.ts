import {
  createAccountsClient,
  createBasketClient,
  createCatalogueClient,
  createCheckoutClient,
  createDeliveryClient,
  createDiscountsClient,
  createHelpCentreEnquiriesClient,
  createHelpCentreInboxClient,
  createHelpCentreOrdersClient,
  createNotificationsClient,
  createOrdersClient,
  createOrderTrackingClient,
  createReviewListingsClient,
  createReviewWritingClient,
  createSavedCardsClient,
  createTradeClient,
  createTradeTermsClient,
  createWishlistClient,
} from '@shop/api-client';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';

/**
 * The API clients for the browser, each service at its own base URL below the API's public address,
 * sending the signed-in user's current access token (renewals replace it between calls).
 */
export function useApiClients() {
  const { settings, getAccessToken } = useShopAuth();
  const apiBaseUrl = settings?.apiBaseUrl;
  return useMemo(() => {
    if (!apiBaseUrl) return undefined;
    return {
      accounts: createAccountsClient({ baseUrl: `${apiBaseUrl}/accounts`, getAccessToken }),
      basket: createBasketClient({ baseUrl: `${apiBaseUrl}/basket`, getAccessToken }),
      catalogue: createCatalogueClient({ baseUrl: `${apiBaseUrl}/catalogue` }),
      checkout: createCheckoutClient({ baseUrl: `${apiBaseUrl}/checkout`, getAccessToken }),
      delivery: createDeliveryClient({ baseUrl: `${apiBaseUrl}/delivery` }),
      discounts: createDiscountsClient({ baseUrl: `${apiBaseUrl}/discounts`, getAccessToken }),
      helpEnquiries: createHelpCentreEnquiriesClient({ baseUrl: `${apiBaseUrl}/help-centre`, getAccessToken }),
      helpInbox: createHelpCentreInboxClient({ baseUrl: `${apiBaseUrl}/help-centre`, getAccessToken }),
      helpOrders: createHelpCentreOrdersClient({ baseUrl: `${apiBaseUrl}/help-centre`, getAccessToken }),
      notifications: createNotificationsClient({ baseUrl: `${apiBaseUrl}/notifications`, getAccessToken }),
      orders: createOrdersClient({ baseUrl: `${apiBaseUrl}/orders`, getAccessToken }),
      orderTracking: createOrderTrackingClient({ baseUrl: `${apiBaseUrl}/order-tracking` }),
      // Reviews: staff search and insights (listings), writing and moderating.
      reviewListings: createReviewListingsClient({ baseUrl: `${apiBaseUrl}/reviews`, getAccessToken }),
      reviewWriting: createReviewWritingClient({ baseUrl: `${apiBaseUrl}/reviews`, getAccessToken }),
      savedCards: createSavedCardsClient({ baseUrl: `${apiBaseUrl}/saved-cards`, getAccessToken }),
      // Trade calls answer under the accounts service; the trade terms under projects.
      trade: createTradeClient({ baseUrl: `${apiBaseUrl}/accounts`, getAccessToken }),
      tradeTerms: createTradeTermsClient({ baseUrl: `${apiBaseUrl}/projects`, getAccessToken }),
      wishlist: createWishlistClient({ baseUrl: `${apiBaseUrl}/wishlist`, getAccessToken }),
    };
  }, [apiBaseUrl, getAccessToken]);
}

export type ApiData<T> = { state: 'idle' } | { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; data: T };

type Settled<T> = { request: string } & ({ state: 'error'; error: unknown } | { state: 'ready'; data: T });

/**
 * Data loaded in the browser (pages that need the signed-in user's token). It loads whenever `key`
 * changes (undefined: nothing to load yet), ignores answers to superseded requests, and `reload()`
 * asks again. Loading is whatever has not settled for the current request.
 */
export function useApiData<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>): ApiData<T> & { reload(): void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>();
  const request = key === undefined ? undefined : `${attempt}:${key}`;
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (request === undefined) return;
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => !controller.signal.aborted && setSettled({ request, state: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setSettled({ request, state: 'error', error }),
    );
    return () => controller.abort();
  }, [request]);

  const reload = () => setAttempt((value) => value + 1);
  if (request === undefined) return { state: 'idle', reload };
  if (settled?.request !== request) return { state: 'loading', reload };
  return settled.state === 'ready' ? { state: 'ready', data: settled.data, reload } : { state: 'error', error: settled.error, reload };
}
