/**
 * Order baskets left past their expiry are closed on a schedule, their stock holds given back, so
 * units a customer added and then abandoned go back on sale (the holds also run out by themselves:
 * inventory's own job gives back their stock; this one closes the basket with them). A basket closed
 * with a payment for its difference was never applied, so that payment is let go: cancelled if
 * nobody paid it, refunded in full if it was taken (the window closed after the bank said yes), and
 * the customer told. Each is marked once let go, so a run that fails part-way is tried again.
 */
import type { Job } from '../../platform/jobs.ts';
import type { OrderBasketsService } from './order-baskets.service.ts';

const BATCH = 100;

export const ORDER_BASKET_EXPIRY_JOB = 'order-basket-expiry';

export function orderBasketExpiryJob(service: Pick<OrderBasketsService, 'expireOrderBaskets' | 'releaseExpiredPayments' | 'refundStrayPayments'>): Job {
  return {
    name: ORDER_BASKET_EXPIRY_JOB,
    everyMs: 60_000,
    batchSize: BATCH,
    runOnce: async ({ db, clock, log }) => {
      const closed = await service.expireOrderBaskets({ db, clock }, BATCH);
      const released = await service.releaseExpiredPayments({ db, clock, log }, BATCH);
      return { claimed: closed + released + (await service.refundStrayPayments({ db, clock, log }, BATCH)) };
    },
  };
}
