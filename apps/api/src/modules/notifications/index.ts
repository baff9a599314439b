import type { ApiModule } from '../../platform/module.ts';
import { emailOutboxJob } from './dispatcher.ts';
import { createTransport } from './email-transport.ts';
import { registerNotificationsRoutes } from './notifications.routes.ts';

export { enqueueEmail, isSendableAddress, readOutbox, type EmailMessage } from './notifications.service.ts';
export { contactLine, renderEmail, shopDetailsForEmails, type EmailContent, type RenderedEmail } from './email-layout.ts';

export const notificationsModule: ApiModule = {
  name: 'notifications',
  registerRoutes: registerNotificationsRoutes,
  // The outbox is sent by every instance; row claims keep two from sending the same e-mail.
  jobs: (app) => [emailOutboxJob({ transport: createTransport(app.platform.config.mail) })],
};
