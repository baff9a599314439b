import type { FastifyInstance } from 'fastify';
import { checkoutEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { COUNTRIES } from './checkout-steps.ts';
import type { CheckoutService } from './checkout.service.ts';

export function registerCheckoutRoutes(app: FastifyInstance, service: CheckoutService): void {
  bindEndpoint(app, endpoints.listCountries, async () => [...COUNTRIES]);
  bindEndpoint(app, endpoints.getCheckout, ({ ctx, params }) => service.readCheckout(ctx, params.basketId));
  bindEndpoint(app, endpoints.getDeliveryOptions, ({ ctx, params, body }) => service.getDeliveryOptions(ctx, params.basketId, body.postcode));
  bindEndpoint(app, endpoints.getSpecificDayDeliveryOptions, ({ ctx, params, body }) => service.getSpecificDayCalendar(ctx, params.basketId, body.postcode));
  bindEndpoint(app, endpoints.setDeliveryOption, ({ ctx, params, body }) => service.setDeliveryOption(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.clearDeliveryOption, ({ ctx, params }) => service.clearDeliveryOption(ctx, params.basketId));
  bindEndpoint(app, endpoints.setContactDetails, ({ ctx, params, body }) => service.setContactDetails(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.setDeliveryDetails, ({ ctx, params, body }) => service.setDeliveryDetails(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.clearDeliveryDetails, ({ ctx, params }) => service.clearDeliveryDetails(ctx, params.basketId));
  bindEndpoint(app, endpoints.setBillingDetails, ({ ctx, params, body }) => service.setBillingDetails(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.clearPaymentDetails, ({ ctx, params }) => service.clearPaymentDetails(ctx, params.basketId));
  bindEndpoint(app, endpoints.getPaymentOptions, ({ ctx, params }) => service.getPaymentOptions(ctx, params.basketId));
  bindEndpoint(app, endpoints.createPaymentIntent, ({ ctx, params, body }) => service.createPaymentIntent(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.completePayment, ({ ctx, params }) => service.completePayment(ctx, params.basketId));
  bindEndpoint(app, endpoints.payOnAccount, ({ ctx, params }) => service.payOnAccount(ctx, params.basketId));
  bindEndpoint(app, endpoints.refreshPaymentData, ({ ctx, params }) => service.refreshPaymentData(ctx, params.basketId));
}
