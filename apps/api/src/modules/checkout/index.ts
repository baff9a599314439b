import type { ApiModule } from '../../platform/module.ts';
import { checkoutPersonalData } from './checkout.personal-data.ts';
import { registerCheckoutRoutes } from './checkout.routes.ts';
import type { CheckoutService } from './checkout.service.ts';
import { paymentRecoveryJob } from './recovery.ts';

export type { CheckoutDeps } from './checkout.deps.ts';
export { createCheckoutService, type CheckoutService } from './checkout.service.ts';

/**
 * Checkout (`CheckoutService`): what the shopper tells us about one basket (contact, addresses,
 * delivery option) and the payment that turns it into an order. Prices and totals are always the
 * basket module's, read once per call; delivery options and dates the delivery module's. A trade
 * customer pays only after accepting the trade terms, and their order counts towards their
 * business's band.
 */
export function createCheckoutModule({ checkout }: { checkout: CheckoutService }): ApiModule {
  return {
    name: 'checkout',
    personalData: checkoutPersonalData,
    registerRoutes: (app) => registerCheckoutRoutes(app, checkout),
    // Payments the webhook noted become orders (or refunds) if the shopper's browser did not finish.
    jobs: () => [paymentRecoveryJob((ctx) => checkout.recoverPayments(ctx))],
  };
}
