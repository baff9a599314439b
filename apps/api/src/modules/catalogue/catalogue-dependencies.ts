import type { pricingFor, unitPrice } from '../basket/index.ts';
import type { NextDayRate } from './listing-facets.ts';

/**
 * What the catalogue needs from modules that themselves read the catalogue (delivery and basket
 * import its index), handed in by the composition root (apps/api/src/api.ts) so no import cycle
 * forms. Types only come from those modules here.
 */
export interface CatalogueDependencies {
  /** Delivery's next-working-day rate (`RATES.next_day`): the `next_day_eligible` facet follows it. */
  nextDayRate: NextDayRate;
  /** The basket's trade pricing, so a card's trade price is what the basket and checkout charge. */
  pricingFor: typeof pricingFor;
  unitPrice: typeof unitPrice;
}
