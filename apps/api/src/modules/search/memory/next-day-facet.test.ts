import { describe, expect, it } from 'vitest';
import { createDeliveryService, RATES, type DeliveryClass } from '../../delivery/index.ts';
import { nextDayEligible } from './listing-facets.ts';

const CLASSES: DeliveryClass[] = ['parcel', 'large', 'pallet', 'two_man_eligible'];
const STATUSES = ['in_stock', 'low_stock', 'made_to_order', 'out_of_stock'] as const;
// A Tuesday morning, well before the 14:00 cut-off, so only the goods decide.
const TUESDAY_MORNING = new Date('2026-06-16T08:00:00Z');

describe('the next-day facet', () => {
  it('agrees with the delivery options a product page offers to mainland GB', () => {
    for (const deliveryClass of CLASSES) {
      for (const status of STATUSES) {
        const offered = createDeliveryService()
          .deliveryOptions({
            deliveryClass,
            stock: { status, eta: status === 'in_stock' || status === 'low_stock' ? null : '2026-07-01' },
            unitPriceIncVat: 10_000,
            quantity: 1,
            zone: 'mainland',
            region: 'england-and-wales',
            now: TUESDAY_MORNING,
          })
          .options.some((option) => option.code === 'next_day' && option.available);
        const faceted = nextDayEligible(RATES.next_day, { deliveryClass, stockStatus: status });
        expect({ deliveryClass, status, faceted }).toEqual({ deliveryClass, status, faceted: offered });
      }
    }
  });

  it('treats a product with no stock record as not on the shelf', () => {
    expect(nextDayEligible(RATES.next_day, { deliveryClass: 'parcel', stockStatus: null })).toBe(false);
  });
});
