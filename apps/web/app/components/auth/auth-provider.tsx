import type { SigninPopupArgs, SigninRedirectArgs, SignoutRedirectArgs, User, UserManager } from 'oidc-client-ts';
import { createContext, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import {
  authReducer,
  initialAuthState,
  isAnonymousSessionError,
  toErrorContext,
  type AuthAction,
  type AuthState,
  type ErrorSource,
  type NavigatorMethod,
} from '../../lib/auth/auth-state.ts';
import { callbackResponseUrl, isSignoutResponse, safeReturnPath } from '../../lib/auth/callback-url.ts';
import { AUTH_CALLBACK_PATHS, popupWindowFeatures, userManagerSettings, type BrowserAuthSettings } from '../../lib/auth/settings.ts';
import { pageUserManager, revokeAndSignoutRedirect } from '../../lib/auth/user-manager.client.ts';

/** The shop's sign-in actions, on top of react-oidc-context's `useAuth()`; read through `useShopAuth()`. */
export interface ShopAuthActions {
  settings: BrowserAuthSettings | undefined;
  state: AuthState;
  /** Opens the provider's sign-in page in a popup (call it straight from a click, or browsers block it). */
  signInWithPopup(): void;
  /** Leaves for the provider's sign-in page and comes back to `returnTo` (default: this page). */
  signInWithRedirect(returnTo?: string): void;
  /** Revokes the tokens, ends the provider's session and comes back to the home page. */
  signOut(): void;
  /** Runs the step that failed again. */
  retry(): void;
  dismissError(): void;
  /** The current access token, for API calls (renewals replace it). */
  getAccessToken(): string | undefined;
}

export const ShopAuthContext = createContext<ShopAuthActions | undefined>(undefined);

/** What the shop keeps in a sign-in request's state, to come back to after the callback. */
interface SigninState {
  returnTo?: string;
}

const currentPath = () => window.location.pathname + window.location.search + window.location.hash;

/**
 * Sign-in for the whole page (spec §4): the UserManager is made in the browser, so the server and
 * the first render in the browser both show the loading state. On arrival it finishes a redirect
 * sign-in or sign-out, or else tries a quiet (prompt=none) sign-in; it follows the UserManager's
 * events; and it publishes the state through react-oidc-context's AuthContext, so `useAuth()`
 * works anywhere below it.
 *
 * react-oidc-context's own AuthProvider is not used: it stores the anonymous answers to the
 * quiet sign-in as errors, offers no way to dismiss an error, and finishes any callback on any
 * page, where this shop has one page per kind of callback.
 */
export function ShopAuthProvider({ settings, children }: { settings: BrowserAuthSettings | undefined; children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const navigate = useNavigate();
  // The settings come from the root loader and never change within a page; compare them by value.
  const settingsKey = settings ? JSON.stringify(settings) : undefined;
  // Made in the browser only (the server renders the loading state); one per page, so making it
  // again on a later render returns the same one.
  const manager = useMemo(
    () => (settingsKey && typeof window !== 'undefined' ? pageUserManager(JSON.parse(settingsKey) as BrowserAuthSettings) : null),
    [settingsKey],
  );
  // The token API calls send, kept current without re-rendering their callers. A layout effect,
  // so it is set before any page's effects start loading data with it.
  const userRef = useRef<User | null | undefined>(undefined);
  useLayoutEffect(() => {
    userRef.current = state.user;
  }, [state.user]);

  // The UserManager's events followed, and the arrival handled once.
  useEffect(() => {
    if (!manager) return;
    const userManager = manager;
    const pageSettings = JSON.parse(settingsKey!) as BrowserAuthSettings;
    const { events } = userManager;
    const onLoaded = (user: User) => dispatch({ type: 'USER_LOADED', user });
    const onUnloaded = () => dispatch({ type: 'USER_UNLOADED' });
    const onSignedOut = () => {
      // The provider's session ended (signed out in another tab or window): forget this tab's tokens too.
      dispatch({ type: 'USER_SIGNED_OUT' });
      void userManager.removeUser();
    };
    const onRenewError = (error: Error) => {
      dispatch({ type: 'ERROR', error: toErrorContext(error, 'renewSilent') });
      if (isAnonymousSessionError(error)) void userManager.removeUser();
    };
    const onExpired = () => dispatch({ type: 'ACCESS_TOKEN_EXPIRED' });
    events.addUserLoaded(onLoaded);
    events.addUserUnloaded(onUnloaded);
    events.addUserSignedOut(onSignedOut);
    events.addSilentRenewError(onRenewError);
    events.addAccessTokenExpired(onExpired);
    // Once per page, even when React runs effects twice (development): the state survives that.
    if (!arrived.has(userManager)) {
      arrived.add(userManager);
      void arrive(userManager, pageSettings, dispatch, (to) => navigate(to, { replace: true }));
    }
    return () => {
      events.removeUserLoaded(onLoaded);
      events.removeUserUnloaded(onUnloaded);
      events.removeUserSignedOut(onSignedOut);
      events.removeSilentRenewError(onRenewError);
      events.removeAccessTokenExpired(onExpired);
    };
  }, [manager, settingsKey, navigate]);

  /** Runs a sign-in or sign-out step: loading while it runs, its failure stored as the error. */
  const run = useCallback(
    <T,>(method: NavigatorMethod, source: ErrorSource, args: unknown, step: () => Promise<T>): Promise<T | null> => {
      dispatch({ type: 'NAVIGATOR_INIT', method });
      // `step()` starts before the first await, so a popup still opens inside the click that asked for it.
      let pending: Promise<T>;
      try {
        pending = step();
      } catch (error) {
        pending = Promise.reject(error);
      }
      return pending
        .catch((error: unknown) => {
          dispatch({ type: 'ERROR', error: toErrorContext(error, source, args) });
          return null;
        })
        .finally(() => dispatch({ type: 'NAVIGATOR_CLOSE' }));
    },
    [],
  );

  const actions = useMemo<ShopAuthActions>(() => {
    const need = () => {
      if (!manager) throw new Error('Sign-in is not ready yet');
      return manager;
    };
    const signinPopup = (args: SigninPopupArgs = {}) => {
      const popupArgs: SigninPopupArgs = {
        popupWindowFeatures: popupWindowFeatures(window.screen.availWidth || window.screen.width || window.innerWidth),
        // Without it the library never notices a closed popup ("Popup closed by user").
        popupAbortOnClose: true,
        ...args,
      };
      return run('signinPopup', 'signinPopup', popupArgs, () => need().signinPopup(popupArgs));
    };
    const signinRedirect = (args: SigninRedirectArgs = {}) =>
      run('signinRedirect', 'signinRedirect', args, () => need().signinRedirect(args));
    const signoutRedirect = (args: SignoutRedirectArgs = {}) =>
      // The state brings a confirmation back to the post-logout page, so a failed end-session is noticed.
      run('signoutRedirect', 'signoutRedirect', args, () => revokeAndSignoutRedirect(need(), { state: { signedOut: true }, ...args }));
    // Again by the hidden frame: a refresh token that failed once (revoked, expired) fails again,
    // while the provider's own session may still be there.
    const renew = () => run('signinSilent', 'renewSilent', undefined, () => need().signinSilent({ forceIframeAuth: true }));

    return {
      settings,
      state,
      signInWithPopup: () => void signinPopup(),
      signInWithRedirect: (returnTo) => {
        const signinState: SigninState = { returnTo: safeReturnPath(returnTo ?? currentPath()) };
        void signinRedirect({ state: signinState });
      },
      signOut: () => void signoutRedirect(),
      retry: () => {
        const error = state.error;
        if (!error) return;
        switch (error.source) {
          case 'signinPopup':
            void signinPopup(error.args);
            break;
          case 'signoutRedirect':
          case 'signoutCallback':
            void signoutRedirect();
            break;
          case 'renewSilent':
          case 'signinSilent':
            void renew();
            break;
          default: {
            // A redirect sign-in, or its callback: start again, back to where the shopper was going.
            const args = error.source === 'signinRedirect' ? error.args : undefined;
            const returnTo = (args?.state as SigninState | undefined)?.returnTo;
            const onCallbackPage = window.location.pathname === AUTH_CALLBACK_PATHS.redirect;
            void signinRedirect({ state: { returnTo: safeReturnPath(returnTo ?? (onCallbackPage ? '/account' : currentPath())) } });
          }
        }
      },
      dismissError: () => dispatch({ type: 'ERROR_DISMISSED' }),
      getAccessToken: () => userRef.current?.access_token,
    };
  }, [manager, run, settings, state]);

  const libraryContext = useMemo(() => authContextValue(state, manager, settings, run), [state, manager, settings, run]);

  return (
    <AuthContext value={libraryContext}>
      <ShopAuthContext value={actions}>{children}</ShopAuthContext>
    </AuthContext>
  );
}

const arrived = new WeakSet<UserManager>();

/** What the page does on arrival: finish a redirect sign-in or sign-out, or try a quiet sign-in. */
async function arrive(
  userManager: UserManager,
  settings: BrowserAuthSettings,
  dispatch: (action: AuthAction) => void,
  replace: (to: string) => void,
) {
  const href = window.location.href;
  if (window.location.pathname === AUTH_CALLBACK_PATHS.redirect) {
    try {
      const user = await userManager.signinCallback(callbackResponseUrl(href));
      dispatch({ type: 'INITIALISED', user: user ?? null });
      replace(safeReturnPath((user?.state as SigninState | undefined)?.returnTo));
    } catch (error) {
      // Someone already signed in here (the page opened again from history) stays signed in.
      const stored = await userManager.getUser().catch(() => null);
      if (stored && !stored.expired) dispatch({ type: 'INITIALISED', user: stored });
      dispatch({ type: 'ERROR', error: toErrorContext(error, 'signinCallback') });
    }
    return;
  }
  if (isSignoutResponse(href, settings.postLogoutRedirectUri)) {
    dispatch({ type: 'INITIALISED', user: null });
    try {
      await userManager.signoutCallback(href);
      const url = new URL(href);
      url.searchParams.delete('state');
      replace(url.pathname + url.search + url.hash);
    } catch (error) {
      dispatch({ type: 'ERROR', error: toErrorContext(error, 'signoutCallback') });
    }
    return;
  }

  let stored: User | null = null;
  try {
    stored = await userManager.getUser();
  } catch {
    // Unreadable storage: carry on as if nobody were stored.
  }
  if (stored && !stored.expired) {
    dispatch({ type: 'INITIALISED', user: stored });
    return;
  }
  // Nobody (or an expired session) in this tab: ask the provider quietly whether someone is signed
  // in there (refresh token, or a prompt=none request in a hidden frame). "login_required" and
  // friends mean an anonymous visitor, and other failures stay quiet too.
  dispatch({ type: 'NAVIGATOR_INIT', method: 'signinSilent' });
  try {
    const user = await userManager.signinSilent();
    dispatch({ type: 'INITIALISED', user });
  } catch (error) {
    if (stored) await userManager.removeUser().catch(() => {});
    dispatch({ type: 'ERROR', error: toErrorContext(error, 'signinSilent') });
  } finally {
    dispatch({ type: 'NAVIGATOR_CLOSE' });
  }
}

/** react-oidc-context's context value, so `useAuth()` works in the shop as the library documents. */
function authContextValue(
  state: AuthState,
  manager: UserManager | null,
  settings: BrowserAuthSettings | undefined,
  run: <T>(method: NavigatorMethod, source: ErrorSource, args: unknown, step: () => Promise<T>) => Promise<T | null>,
): AuthContextProps {
  const notReady = (name: string) => () => {
    throw new Error(`useAuth().${name} was called before sign-in was ready (on the server, or before the page's first effect).`);
  };
  const um = manager;
  const navigator =
    <A,>(method: NavigatorMethod, call: (userManager: UserManager, args: A) => Promise<unknown>) =>
    (args: A) =>
      um ? run(method, method, args, () => call(um, args)) : notReady(method)();
  return {
    ...state,
    settings: um?.settings ?? ((settings ? userManagerSettings(settings) : {}) as AuthContextProps['settings']),
    events: um?.events as AuthContextProps['events'],
    clearStaleState: um ? () => um.clearStaleState() : notReady('clearStaleState'),
    removeUser: um ? () => um.removeUser() : notReady('removeUser'),
    querySessionStatus: um ? (args) => um.querySessionStatus(args) : notReady('querySessionStatus'),
    revokeTokens: um ? (types) => um.revokeTokens(types) : notReady('revokeTokens'),
    startSilentRenew: um ? () => um.startSilentRenew() : notReady('startSilentRenew'),
    stopSilentRenew: um ? () => um.stopSilentRenew() : notReady('stopSilentRenew'),
    signinPopup: navigator('signinPopup', (m, args) => m.signinPopup(args)),
    signinSilent: navigator('signinSilent', (m, args) => m.signinSilent(args)),
    signinRedirect: navigator('signinRedirect', (m, args) => m.signinRedirect(args)),
    signinResourceOwnerCredentials: navigator('signinResourceOwnerCredentials', (m, args) => m.signinResourceOwnerCredentials(args)),
    signoutRedirect: navigator('signoutRedirect', (m, args) => m.signoutRedirect(args)),
    signoutPopup: navigator('signoutPopup', (m, args) => m.signoutPopup(args)),
    signoutSilent: navigator('signoutSilent', (m, args) => m.signoutSilent(args)),
  } as AuthContextProps;
}
