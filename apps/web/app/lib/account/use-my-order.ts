import { useShopAuth } from '../../components/auth/use-shop-auth.ts';
import { useApiClients, useApiData } from '../use-api.ts';

/** One of the signed-in customer's orders from the API (404 when it is not theirs or not an order). */
export function useMyOrder(orderNumber: string) {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  return useApiData(clients && sub ? `order:${sub}:${orderNumber}` : undefined, (signal) =>
    clients!.accounts.getMyOrder({ params: { orderNumber } }, { signal }),
  );
}
