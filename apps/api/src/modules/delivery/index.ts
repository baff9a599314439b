import type { ApiModule } from '../../platform/module.ts';
import { registerDeliveryRoutes } from './delivery.routes.ts';

export { deliveryOptions, RATES, ZONE_RULES } from './delivery-options.ts';
export { parsePostcode, zoneOf, type DeliveryZone, type Postcode } from './postcode.ts';

/** Delivery options, prices, dates and postcode zones. Rates are data in code for now: no tables. */
export const deliveryModule: ApiModule = {
  name: 'delivery',
  registerRoutes: registerDeliveryRoutes,
};
