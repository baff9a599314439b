import { createCatalogueClient } from '@shop/api-client';
import type { TradePrice } from '@shop/contracts';
import type { TileCard } from './tile-cards.ts';
import { useMemo } from 'react';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { useTradeCustomer } from './trade/use-trade-customer.ts';
import { useApiData } from './use-api.ts';

export type TradePrices = ReadonlyMap<string, TradePrice>;

/** The most skus one call takes (the API's limit). */
const MAX_SKUS = 100;

/**
 * A signed-in trade customer's own prices for the skus on screen, by sku; null for everyone else
 * and until they arrive. Listings and product pages are public and cached for every shopper, so
 * trade prices are asked for apart from them, here in the browser with the customer's token
 * (docs/decisions/0009). Whether to ask follows the API's answer (useTradeCustomer); the API checks the token.
 */
export function useTradePrices(skus: readonly string[]): TradePrices | null {
  const { user, settings, getAccessToken } = useShopAuth();
  const { trade } = useTradeCustomer();
  const apiBaseUrl = settings?.apiBaseUrl;
  // The public catalogue client sends no token (so its answers stay shareable); this one does.
  const client = useMemo(
    () => (apiBaseUrl ? createCatalogueClient({ baseUrl: `${apiBaseUrl}/catalogue`, getAccessToken }) : undefined),
    [apiBaseUrl, getAccessToken],
  );
  const wanted = [...new Set(skus)].slice(0, MAX_SKUS);
  const asking = trade && client !== undefined && wanted.length > 0;
  const answer = useApiData(asking ? `trade-prices:${user?.profile.sub ?? ''}:${wanted.join(',')}` : undefined, (signal) =>
    client!.getTradePrices({ body: { skus: wanted } }, { signal }),
  );
  const prices = answer.state === 'ready' ? answer.data.prices : undefined;
  // Without an answer (or when it fails) the shopper simply sees the retail prices.
  return useMemo(() => (prices ? new Map(prices.map(({ sku, ...price }) => [sku, price])) : null), [prices]);
}

/** Cards with the customer's trade prices filled in, where there are any. */
export function withTradePrices<T extends TileCard>(products: T[], prices: TradePrices | null): T[] {
  if (!prices) return products;
  return products.map((product) => ({ ...product, tradePrices: prices.get(product.sku) ?? null }));
}

/** A listing's cards with the customer's trade prices: one call for all of them. */
export function useTradePricedCards<T extends TileCard>(products: T[]): T[] {
  const prices = useTradePrices(products.map((product) => product.sku));
  return useMemo(() => withTradePrices(products, prices), [products, prices]);
}
