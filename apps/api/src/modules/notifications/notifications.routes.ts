import type { FastifyInstance } from 'fastify';
import { notificationsEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { startDispatcher, type Dispatcher } from './dispatcher.ts';
import { setShopDetailsForEmails } from './email-layout.ts';
import { createTransport } from './email-transport.ts';
import * as service from './notifications.service.ts';

export function registerNotificationsRoutes(app: FastifyInstance): void {
  setShopDetailsForEmails(app.platform.config.shop);
  bindEndpoint(app, notificationsEndpoints.listMailbox, ({ ctx, query }) => service.listMailbox(ctx, query));
  bindEndpoint(app, notificationsEndpoints.getMailboxEmail, ({ ctx, params }) => service.getMailboxEmail(ctx, params.emailId));

  // The outbox is sent by a dispatcher that lives as long as the API: one per instance, and the
  // row claims keep instances from sending the same e-mail.
  let dispatcher: Dispatcher | undefined;
  app.addHook('onReady', async () => {
    const { platform } = app;
    dispatcher = startDispatcher({
      db: platform.db,
      transport: createTransport(platform.config.mail),
      clock: platform.clock,
      log: app.log.child({ module: 'notifications' }),
    });
  });
  app.addHook('onClose', async () => {
    await dispatcher?.stop();
  });
}
