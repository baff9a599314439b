import type { ApiModule } from '../../platform/module.ts';

export { enqueueEmail, type EmailMessage } from './notifications.service.ts';
export { renderEmail, type EmailContent, type RenderedEmail } from './email-layout.ts';

export const notificationsModule: ApiModule = {
  name: 'notifications',
  registerRoutes: () => {},
};
