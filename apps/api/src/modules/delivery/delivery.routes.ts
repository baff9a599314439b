import type { FastifyInstance } from 'fastify';
import { bankHolidayWarning } from './bank-holidays.ts';
import { londonDateTime } from './delivery-calendar.ts';

export function registerDeliveryRoutes(app: FastifyInstance): void {
  // The bank holidays are dated data: say so at start-up while there is time to refresh them.
  app.addHook('onReady', async () => {
    const warning = bankHolidayWarning(londonDateTime(app.platform.clock.now()).date);
    if (warning) app.log.warn(warning);
  });
}
