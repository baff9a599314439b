import type { ApiConfig } from '../../config.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { NotificationsService } from '../notifications/index.ts';

/** The shop's address, which identity's pages and e-mails link to, and the embedded provider's settings (keys, client, issuer). */
export interface IdentitySettings {
  publicUrl: string;
  provider: ApiConfig['identity'];
}

/** Identity sends its e-mails (confirm your address, reset your password) through notifications. */
export interface IdentityDeps extends IdentitySettings {
  notifications: NotificationsService;
}

/** What identity's rules need of a call: storage and time. */
export type IdentityContext = Pick<ServiceContext, 'db' | 'clock'>;
