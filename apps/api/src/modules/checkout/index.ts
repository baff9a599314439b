import type { ApiModule } from '../../platform/module.ts';
import { paymentGateway } from '../payments/index.ts';
import { registerCheckoutRoutes } from './checkout.routes.ts';
import { paymentRecoveryJob } from './recovery.ts';

/**
 * Checkout: what the shopper tells us about one basket (contact, addresses, delivery option) and
 * the payment that turns it into an order. Prices and totals are always the basket module's;
 * delivery options and dates the delivery module's.
 */
export const checkoutModule: ApiModule = {
  name: 'checkout',
  registerRoutes: registerCheckoutRoutes,
  // Payments the webhook noted become orders (or refunds) if the shopper's browser did not finish.
  jobs: (app) => [paymentRecoveryJob({ gateway: paymentGateway(app.platform), publicUrl: app.platform.config.publicUrl })],
};
