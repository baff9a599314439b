import type { ApiModule } from '../../platform/module.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import type { AccountsService } from './accounts.service.ts';
import { unconfirmedSignupsPruning } from './newsletter.ts';

export { createAccountsService, type AccountsDeps, type AccountsService } from './accounts.service.ts';

/**
 * The customer's own account (`AccountsService`): their profile, from identity or from their token's
 * claims; and the newsletter list, double opt-in, with its staff list and export (decision 0044).
 */
export function createAccountsModule({ accounts }: { accounts: AccountsService }): ApiModule {
  return {
    name: 'accounts',
    registerRoutes: (app) => registerAccountsRoutes(app, accounts),
    // Sign-ups never confirmed are personal data kept for no purpose after a while: removed.
    jobs: () => [unconfirmedSignupsPruning()],
  };
}
