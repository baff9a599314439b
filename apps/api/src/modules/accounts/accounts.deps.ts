import type { IdentityService } from '../identity/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { NewsletterDeps } from './newsletter.ts';

/** Profiles are identity's when it signed the customer in; the newsletter's e-mails go through notifications. */
export interface AccountsDeps extends NewsletterDeps {
  identity: IdentityService;
  notifications: NotificationsService;
  /** Whether the embedded provider signs customers in, so their profiles are in identity's store. */
  embeddedProvider: boolean;
}
