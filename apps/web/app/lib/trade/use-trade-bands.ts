import type { TradeBand } from '@shop/contracts';
import { bandsInOrder } from './bands.ts';
import { useApiClients, useApiData } from '../use-api.ts';

/** The trade bands (public, cached by the API for a minute), lowest first; empty until they arrive. */
export function useTradeBands(): TradeBand[] {
  const clients = useApiClients();
  const bands = useApiData(clients ? 'trade-bands' : undefined, (signal) => clients!.trade.getTradeBands(undefined, { signal }));
  return bands.state === 'ready' ? bandsInOrder(bands.data) : [];
}
