import { InMemoryWebStorage, User, type IdTokenClaims, UserManager, WebStorageStateStore, type SignoutRedirectArgs } from 'oidc-client-ts';
import { oauthErrorCode } from './auth-state.ts';
import { restoreSession } from './session-exchange.ts';
import { userManagerSettings, type BrowserAuthSettings } from './settings.ts';

// Browser only: React Router leaves this module out of the server build.

let shared: { key: string; manager: UserManager } | undefined;

/**
 * The page's one UserManager. It starts renewal timers and the session-check frame as soon as it
 * exists, so a page must never make two (React's development double effects would).
 */
export function pageUserManager(settings: BrowserAuthSettings): UserManager {
  const key = JSON.stringify(settings);
  if (shared?.key !== key) {
    shared = {
      key,
      manager: new UserManager({
        ...userManagerSettings(settings),
        // Tokens live in this page's memory only; a new page is handed them back by the web server's
        // session (restoreUser below), so no token sits in the browser's storage (decision 0063).
        userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
      }),
    };
  }
  return shared.manager;
}

/**
 * Takes up the session the web server holds for this browser (a reload, a new tab): the user is
 * stored in the page's memory. Loading it (`events.load`) then starts the renewal timers and the
 * session check. Null when the web server has none.
 */
export async function restoreUser(userManager: UserManager, sessionUrl: string): Promise<User | null> {
  const handOver = await restoreSession(sessionUrl);
  if (!handOver) return null;
  const user = new User({ ...handOver, profile: handOver.profile as IdTokenClaims });
  if (user.expired) return null;
  await userManager.storeUser(user);
  return user;
}

/**
 * For the popup and hidden-frame callback pages: it only hands the provider's answer to the
 * window that asked, so it neither renews tokens nor watches the session.
 */
export function callbackUserManager(settings: BrowserAuthSettings): UserManager {
  return new UserManager({
    ...userManagerSettings(settings),
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  });
}

/**
 * Signs out through the provider's end-session endpoint, revoking the tokens first (spec §9: the
 * access and refresh tokens). A provider may be unable to revoke a kind of token, and says so with
 * RFC 7009's `unsupported_token_type`: oidc-provider does for JWT access tokens, which nothing
 * can recall and which expire by themselves. Such a token is dropped instead, so the sign-out goes
 * on; any other failure stops it ("Sign-out failed").
 */
export async function revokeAndSignoutRedirect(userManager: UserManager, args: SignoutRedirectArgs): Promise<void> {
  for (const type of userManager.settings.revokeTokenTypes) {
    const user = await userManager.getUser();
    if (!user || typeof user[type] !== 'string') continue;
    try {
      await userManager.revokeTokens([type]);
    } catch (error) {
      if (oauthErrorCode(error) !== 'unsupported_token_type') throw error;
      const current = await userManager.getUser();
      if (current) {
        (current as { [token in typeof type]?: string | null })[type] = null;
        await userManager.storeUser(current);
      }
    }
  }
  // signoutRedirect's own revocation now finds only what was already revoked or dropped.
  await userManager.signoutRedirect(args);
}
