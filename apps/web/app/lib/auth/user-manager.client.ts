import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
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
        userStore: new WebStorageStateStore({ store: window.sessionStorage }),
      }),
    };
  }
  return shared.manager;
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
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}
