import type { FastifyInstance } from 'fastify';
import { deliveryUpgradeEndpoints as endpoints, orderLinkTokenOf } from '@shop/contracts';
import { bindEndpoint, type HandlerInput } from '../../platform/bind.ts';
import type { DeliveryUpgradeService } from './delivery-upgrade.service.ts';

/** The caller and, for a guest, the e-mailed link's token from its header (decision 0049). */
const caller = ({ ctx, request }: HandlerInput<never>) => ({ ...ctx, linkToken: orderLinkTokenOf(request.headers) });

export function registerDeliveryUpgradeRoutes(app: FastifyInstance, service: DeliveryUpgradeService): void {
  bindEndpoint(app, endpoints.startDeliveryUpgrade, (input) => service.startDeliveryUpgrade(caller(input), input.params.orderId));
  bindEndpoint(app, endpoints.getUpgradeSpecificDayOptions, (input) => service.specificDayOptions(caller(input), input.params.orderId));
  bindEndpoint(app, endpoints.setUpgradeDeliveryOption, (input) => service.setDeliveryOption(caller(input), input.params.orderId, input.body));
  bindEndpoint(app, endpoints.setUpgradeBillingAddress, (input) => service.setBillingAddress(caller(input), input.params.orderId, input.body));
  bindEndpoint(app, endpoints.getUpgradePaymentOptions, (input) => service.paymentOptions(caller(input), input.params.orderId));
  bindEndpoint(app, endpoints.createUpgradePaymentIntent, (input) => service.createPaymentIntent(caller(input), input.params.orderId, input.body));
  bindEndpoint(app, endpoints.completeUpgradePayment, (input) => service.completePayment(caller(input), input.params.orderId, input.body));
  bindEndpoint(app, endpoints.completeUpgradeWithoutPayment, (input) => service.completeWithoutPayment(caller(input), input.params.orderId));
  bindEndpoint(app, endpoints.completeUpgradeOnAccount, (input) => service.completeOnAccount(caller(input), input.params.orderId, input.body));
  bindEndpoint(app, endpoints.refreshUpgradePaymentData, (input) => service.refreshPaymentData(caller(input), input.params.orderId));
}
