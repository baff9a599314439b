import type { ApiModule } from '../../platform/module.ts';
import { identityPersonalData } from './identity.personal-data.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import type { IdentityService } from './identity.service.ts';
import type { IdentitySettings } from './identity.deps.ts';
import { demoAccountsSeed } from './identity.seed.ts';
import { identityCleanUp } from './clean-up.ts';

export { createIdentityService, type IdentityContext, type IdentityService, type UserProfile } from './identity.service.ts';
export type { IdentityDeps, IdentitySettings } from './identity.deps.ts';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './identity.seed.ts';

/**
 * Accounts and sign-in (`IdentityService`): the embedded OpenID provider's pages, tokens and keys,
 * and the accounts other modules ask about. Sends its e-mails through notifications.
 */
export function createIdentityModule({ identity, settings }: { identity: IdentityService; settings: IdentitySettings }): ApiModule {
  return {
    name: 'identity',
    personalData: identityPersonalData,
    registerRoutes: (app) => registerIdentityRoutes(app, identity, settings),
    seeds: [demoAccountsSeed],
    // Only the embedded provider keeps rows that expire.
    jobs: () => (settings.provider.embedded ? [identityCleanUp] : []),
  };
}
