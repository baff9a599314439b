import type { FastifyInstance } from 'fastify';
import { notificationsEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { NotificationsService } from './notifications.service.ts';

export function registerNotificationsRoutes(app: FastifyInstance, service: NotificationsService): void {
  bindEndpoint(app, notificationsEndpoints.listMailbox, ({ ctx, query }) => service.listMailbox(ctx, query));
  const { mailboxOneTimeLinks } = app.platform.config.mail;
  bindEndpoint(app, notificationsEndpoints.getMailboxEmail, ({ ctx, params }) => service.getMailboxEmail(ctx, params.emailId, mailboxOneTimeLinks));
}
