import type { ApiModule } from '../../platform/module.ts';
import { registerDeliveryRoutes } from './delivery.routes.ts';

export {
  deliveryOptions,
  RATES,
  suggestedOption,
  ZONE_RULES,
  type AvailableOption,
  type Collection,
  type DeliveryClass,
  type DeliveryOption,
  type DeliveryOptionCode,
} from './delivery-options.ts';
export { collectionText } from './collection.ts';
export { basketDeliveryOptions, specificDayCalendar, type BasketDeliveryLine, type SpecificDay } from './basket-delivery.ts';
export { holidayRegionOf, parsePostcode, zoneOf, type DeliveryZone, type HolidayRegion, type Postcode } from './postcode.ts';
export { DeliveryErrors } from './delivery.errors.ts';

/**
 * Delivery options, prices, dates and postcode zones: rules that know nothing of products, used by
 * the catalogue (a product's options, the next-day facet), pricing, the basket and checkout. Rates
 * are data in code for now: no tables.
 */
export const deliveryModule: ApiModule = {
  name: 'delivery',
  registerRoutes: registerDeliveryRoutes,
};
