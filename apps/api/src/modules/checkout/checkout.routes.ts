import type { FastifyInstance } from 'fastify';
import { checkoutEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { onPaymentEvent, paymentGateway } from '../payments/index.ts';
import * as service from './checkout.service.ts';
import * as payment from './payment.ts';
import { notePaidIntents } from './recovery.ts';

export function registerCheckoutRoutes(app: FastifyInstance): void {
  const deps = { gateway: paymentGateway(app.platform), publicUrl: app.platform.config.publicUrl };
  bindEndpoint(app, endpoints.listCountries, async () => [...service.COUNTRIES]);
  bindEndpoint(app, endpoints.getCheckout, ({ ctx, params }) => service.readCheckout(ctx, params.basketId));
  bindEndpoint(app, endpoints.getDeliveryOptions, ({ ctx, params, body }) => service.getDeliveryOptions(ctx, params.basketId, body.postcode));
  bindEndpoint(app, endpoints.getSpecificDayDeliveryOptions, ({ ctx, params, body }) => service.getSpecificDayCalendar(ctx, params.basketId, body.postcode));
  bindEndpoint(app, endpoints.setDeliveryOption, ({ ctx, params, body }) => service.setDeliveryOption(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.clearDeliveryOption, ({ ctx, params }) => service.clearDeliveryOption(ctx, params.basketId));
  bindEndpoint(app, endpoints.setContactDetails, ({ ctx, params, body }) => service.setContactDetails(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.setDeliveryDetails, ({ ctx, params, body }) => service.setDeliveryDetails(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.clearDeliveryDetails, ({ ctx, params }) => service.clearDeliveryDetails(ctx, params.basketId));
  bindEndpoint(app, endpoints.setBillingDetails, ({ ctx, params, body }) => service.setBillingDetails(ctx, params.basketId, body));
  bindEndpoint(app, endpoints.clearPaymentDetails, ({ ctx, params }) => payment.clearPaymentDetails(ctx, params.basketId, deps));
  bindEndpoint(app, endpoints.getPaymentOptions, ({ ctx, params }) => payment.getPaymentOptions(ctx, params.basketId, deps));
  bindEndpoint(app, endpoints.createPaymentIntent, ({ ctx, params, body }) => payment.createPaymentIntent(ctx, params.basketId, body, deps));
  bindEndpoint(app, endpoints.completePayment, ({ ctx, params }) => payment.completePayment(ctx, params.basketId, deps));
  bindEndpoint(app, endpoints.refreshPaymentData, ({ ctx, params }) => payment.refreshPaymentData(ctx, params.basketId, deps));

  const unsubscribe = onPaymentEvent(notePaidIntents(app.platform.config.payments.recoveryGraceMs));
  app.addHook('onClose', async () => unsubscribe());
}
