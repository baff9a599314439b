import type { ApiModule } from '../../platform/module.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import type { AccountsService } from './accounts.service.ts';

export { createAccountsService, type AccountsService } from './accounts.service.ts';

/** The customer's own account (`AccountsService`): their profile, from identity or from their token's claims. */
export function createAccountsModule({ accounts }: { accounts: AccountsService }): ApiModule {
  return { name: 'accounts', registerRoutes: (app) => registerAccountsRoutes(app, accounts) };
}
