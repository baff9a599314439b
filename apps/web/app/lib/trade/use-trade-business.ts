import { useShopAuth } from '../../components/auth/use-shop-auth.ts';
import { useApiClients, useApiData } from '../use-api.ts';

/**
 * The business a trade customer buys for (their approved trade account's), to fill in the company
 * of the addresses they give at checkout. `trade`: the API priced their basket at trade prices.
 * `pending` while it is being asked for; no name when it cannot be had (the company is then left to them).
 */
export function useTradeBusinessName(trade: boolean): { pending: boolean; name: string | undefined } {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const summary = useApiData(trade && clients && sub ? `trade-summary:${sub}` : undefined, (signal) => clients!.trade.getTradeSummary(undefined, { signal }));
  return { pending: summary.state === 'loading', name: summary.state === 'ready' ? summary.data.businessName : undefined };
}
