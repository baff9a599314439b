import type { ApiModule } from '../../platform/module.ts';
import { registerDeliveryRoutes } from './delivery.routes.ts';

export { createDeliveryService, type DeliveryService } from './delivery.service.ts';
export {
  RATES,
  ZONE_RULES,
  type AvailableOption,
  type Collection,
  type DeliveryClass,
  type DeliveryOption,
  type DeliveryOptionCode,
} from './delivery-options.ts';
export type { BasketDeliveryLine, SpecificDay } from './basket-delivery.ts';
export type { DeliveryZone, HolidayRegion, Postcode } from './postcode.ts';
export { DeliveryErrors } from './delivery.errors.ts';

/**
 * Delivery options, prices, dates and postcode zones (`DeliveryService`): rules that know nothing of
 * products, used by the catalogue (a product's options, the next-day facet), pricing, the basket and
 * checkout. Rates are data in code for now: no tables. Its only route-side work is the start-up
 * warning when the bank holidays run short.
 */
export function createDeliveryModule(): ApiModule {
  return { name: 'delivery', registerRoutes: registerDeliveryRoutes };
}
