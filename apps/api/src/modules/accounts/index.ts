import type { ApiModule } from '../../platform/module.ts';
import { accountsPersonalData } from './accounts.personal-data.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import type { AccountsService } from './accounts.service.ts';
import { erasureFollowupsJob } from './erasure-followups.ts';
import { registerErasureRoutes } from './erasure.routes.ts';
import type { ErasureService } from './erasure.ts';
import { unconfirmedSignupsPruning } from './newsletter.ts';

export { createAccountsService, type AccountsService } from './accounts.service.ts';
export type { AccountsDeps } from './accounts.deps.ts';
export { createErasureService, type DeclaredStore, type ErasureDeps, type ErasureService } from './erasure.ts';

/**
 * The customer's own account (`AccountsService`): their profile, from identity or from their token's
 * claims; and the newsletter list, double opt-in, with its staff list and export (decision 0044).
 */
export function createAccountsModule({ accounts }: { accounts: AccountsService }): ApiModule {
  return {
    name: 'accounts',
    personalData: accountsPersonalData,
    registerRoutes: (app) => registerAccountsRoutes(app, accounts),
    // Sign-ups never confirmed are personal data kept for no purpose after a while: removed.
    jobs: () => [unconfirmedSignupsPruning()],
  };
}

/**
 * UK GDPR erasure (`ErasureService`): the staff's plan and the erasure itself, over every module's
 * declared personal data. A module of its own because it walks all the others' declarations: api.ts
 * adds it after them, with the stores they declare.
 */
export function createErasureModule({ erasure }: { erasure: ErasureService }): ApiModule {
  return {
    name: 'accounts-erasure',
    registerRoutes: (app) => registerErasureRoutes(app, erasure),
    // The files and payment provider's customers an erasure could not delete at once, until they are gone.
    jobs: () => [erasureFollowupsJob((ctx) => erasure.retryFollowups(ctx))],
  };
}
