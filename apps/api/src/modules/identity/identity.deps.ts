import type { NotificationsService } from '../notifications/index.ts';

/** Identity sends its e-mails (confirm your address, reset your password) through notifications. */
export interface IdentityDeps {
  notifications: NotificationsService;
}
