/**
 * Order baskets left past their expiry are closed on a schedule, their stock holds given back, so
 * units a customer added and then abandoned go back on sale (the holds also run out by themselves:
 * inventory's own job gives back their stock; this one closes the basket with them).
 */
import type { Job } from '../../platform/jobs.ts';
import type { OrderBasketsService } from './order-baskets.service.ts';

const BATCH = 100;

export const ORDER_BASKET_EXPIRY_JOB = 'order-basket-expiry';

export function orderBasketExpiryJob(service: Pick<OrderBasketsService, 'expireOrderBaskets'>): Job {
  return {
    name: ORDER_BASKET_EXPIRY_JOB,
    everyMs: 60_000,
    batchSize: BATCH,
    runOnce: async ({ db, clock }) => ({ claimed: await service.expireOrderBaskets({ db, clock }, BATCH) }),
  };
}
