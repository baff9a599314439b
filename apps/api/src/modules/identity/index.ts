import type { ApiModule } from '../../platform/module.ts';
import type { ApiConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import { demoAccountsSeed } from './identity.seed.ts';
import { loadSigningJwks, toPublicJwks } from './keys.ts';

export {
  createVerifiedUser,
  getUserProfile,
  setTradeAccount,
  requestPasswordReset,
  type UserProfile,
} from './identity.service.ts';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './identity.seed.ts';

/**
 * The embedded provider's public signing keys, read locally (no HTTP round trip to /identity/jwks):
 * the configured IDENTITY_JWKS, or the keys generated on first start. For verifying access tokens.
 */
export async function getPublicJwks(db: Database, config: ApiConfig) {
  return toPublicJwks(await loadSigningJwks(db, config));
}

export const identityModule: ApiModule = {
  name: 'identity',
  registerRoutes: registerIdentityRoutes,
  seeds: [demoAccountsSeed],
};
