import type { ApiModule } from '../../platform/module.ts';
import { registerNotificationsRoutes } from './notifications.routes.ts';

export { enqueueEmail, isSendableAddress, readOutbox, type EmailMessage } from './notifications.service.ts';
export type { OutboxRow } from './notifications.repository.ts';
export { contactLine, renderEmail, shopDetailsForEmails, type EmailContent, type RenderedEmail } from './email-layout.ts';

export const notificationsModule: ApiModule = {
  name: 'notifications',
  registerRoutes: registerNotificationsRoutes,
};
