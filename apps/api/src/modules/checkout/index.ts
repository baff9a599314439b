import type { ApiModule } from '../../platform/module.ts';
import { registerCheckoutRoutes } from './checkout.routes.ts';

/**
 * Checkout: what the shopper tells us about one basket (contact, addresses, delivery option) and
 * the payment that turns it into an order. Prices and totals are always the basket module's;
 * delivery options and dates the delivery module's.
 */
export const checkoutModule: ApiModule = {
  name: 'checkout',
  registerRoutes: registerCheckoutRoutes,
};
