import type { ApiModule } from '../../platform/module.ts';
import { notificationsPersonalData } from './notifications.personal-data.ts';
import { emailOutboxJob } from './dispatcher.ts';
import { createTransport } from './email-transport.ts';
import { emailBodyRetentionJob } from './retention.ts';
import { registerNotificationsRoutes } from './notifications.routes.ts';
import type { NotificationsService } from './notifications.service.ts';

export { createNotificationsService, type EmailMessage, type NotificationsService, type QueuedEmailPart } from './notifications.service.ts';
export type { EmailContent, RenderedEmail } from './email-layout.ts';
export type { NotificationsDeps } from './notifications.deps.ts';

/**
 * E-mail for every module (`NotificationsService`): rendered in the shop's layout, queued in the
 * caller's transaction and sent from the outbox after commit; staff read the mailbox.
 */
export function createNotificationsModule({ notifications }: { notifications: NotificationsService }): ApiModule {
  return {
    name: 'notifications',
    personalData: notificationsPersonalData,
    registerRoutes: (app) => registerNotificationsRoutes(app, notifications),
    // The outbox is sent by every instance; row claims keep two from sending the same e-mail. A sent
    // e-mail's bodies are personal data (links, orders, addresses) kept for no purpose after a while: cleared.
    jobs: (app) => [
      emailOutboxJob({ transport: createTransport(app.platform.config.mail) }),
      emailBodyRetentionJob({ retentionDays: app.platform.config.mail.bodyRetentionDays }),
    ],
  };
}
