import type { ApiModule } from '../../platform/module.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';

export const accountsModule: ApiModule = {
  name: 'accounts',
  registerRoutes: registerAccountsRoutes,
};
