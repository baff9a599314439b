import type { FastifyInstance } from 'fastify';
import { deliveryUpgradeEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { DeliveryUpgradeService } from './delivery-upgrade.service.ts';

export function registerDeliveryUpgradeRoutes(app: FastifyInstance, service: DeliveryUpgradeService): void {
  bindEndpoint(app, endpoints.startDeliveryUpgrade, ({ ctx, params }) => service.startDeliveryUpgrade(ctx, params.orderId));
  bindEndpoint(app, endpoints.getUpgradeSpecificDayOptions, ({ ctx, params }) => service.specificDayOptions(ctx, params.orderId));
  bindEndpoint(app, endpoints.setUpgradeDeliveryOption, ({ ctx, params, body }) => service.setDeliveryOption(ctx, params.orderId, body));
  bindEndpoint(app, endpoints.setUpgradeBillingAddress, ({ ctx, params, body }) => service.setBillingAddress(ctx, params.orderId, body));
  bindEndpoint(app, endpoints.getUpgradePaymentOptions, ({ ctx, params }) => service.paymentOptions(ctx, params.orderId));
  bindEndpoint(app, endpoints.createUpgradePaymentIntent, ({ ctx, params, body }) => service.createPaymentIntent(ctx, params.orderId, body));
  bindEndpoint(app, endpoints.completeUpgradePayment, ({ ctx, params, body }) => service.completePayment(ctx, params.orderId, body));
  bindEndpoint(app, endpoints.completeUpgradeWithoutPayment, ({ ctx, params }) => service.completeWithoutPayment(ctx, params.orderId));
  bindEndpoint(app, endpoints.refreshUpgradePaymentData, ({ ctx, params }) => service.refreshPaymentData(ctx, params.orderId));
}
