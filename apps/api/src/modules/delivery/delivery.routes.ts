import type { FastifyInstance } from 'fastify';
import { deliveryEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { bankHolidayWarning } from './bank-holidays.ts';
import { londonDateTime } from './delivery-calendar.ts';
import * as service from './delivery.service.ts';

export function registerDeliveryRoutes(app: FastifyInstance): void {
  bindEndpoint(app, endpoints.getProductDeliveryOptions, ({ ctx, body }) => service.getProductDeliveryOptions(ctx, body));
  // The bank holidays are dated data: say so at start-up while there is time to refresh them.
  app.addHook('onReady', async () => {
    const warning = bankHolidayWarning(londonDateTime(app.platform.clock.now()).date);
    if (warning) app.log.warn(warning);
  });
}
