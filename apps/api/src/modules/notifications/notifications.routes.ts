import type { FastifyInstance } from 'fastify';
import { notificationsEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { setShopDetailsForEmails } from './email-layout.ts';
import * as service from './notifications.service.ts';

export function registerNotificationsRoutes(app: FastifyInstance): void {
  setShopDetailsForEmails(app.platform.config.shop);
  bindEndpoint(app, notificationsEndpoints.listMailbox, ({ ctx, query }) => service.listMailbox(ctx, query));
  bindEndpoint(app, notificationsEndpoints.getMailboxEmail, ({ ctx, params }) => service.getMailboxEmail(ctx, params.emailId));
}
