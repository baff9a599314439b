import type { SigninPopupArgs, SigninRedirectArgs, SignoutRedirectArgs, User, UserManager } from 'oidc-client-ts';
import { createContext, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
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
import { AUTH_CALLBACK_PATHS, popupWindowFeatures, type BrowserAuthSettings } from '../../lib/auth/settings.ts';
import { hasSessionHint, sessionHintCookie, SIGN_IN_POPUP_TARGET } from '../../lib/auth/session-hint.ts';
import { endSession, publishSession } from '../../lib/auth/session-exchange.ts';
import { followShopperInput, hasUnsavedWork } from '../../lib/auth/unsaved-work.ts';

/** The shop's sign-in actions, on top of react-oidc-context's `useAuth()`; read through `useShopAuth()`. */
export interface ShopAuthActions {
  settings: BrowserAuthSettings | undefined;
  /**
   * Whether the server saw the session hint cookie when it drew the page: without it nobody is
   * signed in here, so the header offers "Sign in" from the first paint, before any script runs.
   */
  sessionHint: boolean;
  /** Who the web server's session says is signed in (decision 0063): the header names them until the client knows. */
  signedInName: string | null;
  state: AuthState;
  /**
   * "Sign in" from anywhere: leaves for the provider and comes back to this page, or, when leaving
   * would lose something typed into the page and not sent yet, opens the provider in a popup.
   */
  signIn(): void;
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
  /** Starts fetching the sign-in code (a pointer over, or focus on, a "Sign in" button). */
  prepareSignIn(): void;
}

export const ShopAuthContext = createContext<ShopAuthActions | undefined>(undefined);

/** What the shop keeps in a sign-in request's state, to come back to after the callback. */
interface SigninState {
  returnTo?: string;
}

const currentPath = () => window.location.pathname + window.location.search + window.location.hash;

/** The OpenID client, fetched once per page when first needed (lib/auth/session-hint.ts says when). */
const loadClient = () => import('../../lib/auth/user-manager.client.ts');

/** Pages that finish a redirect sign-in or sign-out: they always need the OpenID client. */
const isCallbackArrival = (settings: BrowserAuthSettings) =>
  window.location.pathname === AUTH_CALLBACK_PATHS.redirect || isSignoutResponse(window.location.href, settings.postLogoutRedirectUri);

/**
 * Sign-in for the whole page (spec §4). The OpenID client is fetched in the browser only when it
 * can matter: on arrival if this browser may have someone signed in (a callback, a stored user, the
 * session hint cookie), otherwise when the shopper heads for "Sign in". Server and first browser
 * render both show the loading state. On arrival it finishes a redirect sign-in or sign-out, or
 * tries a quiet (prompt=none) sign-in; and it follows the UserManager's events. The state keeps
 * react-oidc-context's shape, read through `useShopAuth()`.
 *
 * react-oidc-context's own AuthProvider is not used: it stores the anonymous answers to the
 * quiet sign-in as errors, offers no way to dismiss an error, and finishes any callback on any
 * page, where this shop has one page per kind of callback. Nor is its AuthContext published
 * (`useAuth()`): its module loads the OpenID client, which this page must only fetch when needed
 * (docs/decisions/0007).
 */
export function ShopAuthProvider({
  settings,
  sessionHint,
  signedInName = null,
  children,
}: {
  settings: BrowserAuthSettings | undefined;
  sessionHint: boolean;
  signedInName?: string | null;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  useEffect(() => followShopperInput(document), []);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The settings come from the root loader and never change within a page; compare them by value.
  const settingsKey = settings ? JSON.stringify(settings) : undefined;
  const [manager, setManager] = useState<UserManager | null>(null);
  // One UserManager per page (pageUserManager makes it once), fetched at most once per settings.
  const loading = useRef<{ key: string; manager: Promise<UserManager> } | null>(null);
  const loadManager = useCallback((): Promise<UserManager> => {
    if (!settingsKey) return Promise.reject(new Error('Sign-in is not ready yet'));
    if (loading.current?.key !== settingsKey) {
      const pending = loadClient().then(({ pageUserManager }) => pageUserManager(JSON.parse(settingsKey) as BrowserAuthSettings));
      pending.then(setManager, () => {
        // A failed fetch (offline) is tried again on the next press of "Sign in".
        loading.current = null;
      });
      loading.current = { key: settingsKey, manager: pending };
    }
    return loading.current.manager;
  }, [settingsKey]);
  // The token API calls send, kept current without re-rendering their callers. A layout effect,
  // so it is set before any page's effects start loading data with it.
  const userRef = useRef<User | null | undefined>(undefined);
  useLayoutEffect(() => {
    userRef.current = state.user;
  }, [state.user]);

  // The access token the web server's session holds (decision 0063): each new one is handed over,
  // and a session that has just begun loads the page's data again, now drawn for the shopper.
  // A token already on its way is waited for, not sent twice (the user-loaded event and the
  // arrival both see a sign-in).
  const published = useRef<{ token: string; taken: Promise<boolean> } | null>(null);
  const sessionUrl = settings?.sessionUrl;
  const publish = useCallback(
    async (user: User, { reload }: { reload: boolean }) => {
      if (!sessionUrl) return;
      if (published.current?.token === user.access_token) {
        await published.current.taken;
        return;
      }
      const begun = published.current === null;
      const tokens = { accessToken: user.access_token, idToken: user.id_token ?? null, sessionState: user.session_state ?? null };
      const taken = publishSession(sessionUrl, tokens).catch(() => false);
      published.current = { token: user.access_token, taken };
      if (!(await taken)) {
        if (published.current?.token === user.access_token) published.current = null;
      } else if (begun && reload) await revalidator.revalidate();
    },
    [sessionUrl, revalidator],
  );
  const adopt = useCallback((user: User) => {
    published.current = { token: user.access_token, taken: Promise.resolve(true) };
  }, []);
  const forget = useCallback(() => {
    published.current = null;
    return sessionUrl ? endSession(sessionUrl).catch(() => {}) : Promise.resolve();
  }, [sessionUrl]);
  // Read by the events and arrival below without re-subscribing them on every render.
  const sessionRef = useRef<PageSession>({ publish, adopt, forget });
  useLayoutEffect(() => {
    sessionRef.current = { publish, adopt, forget };
  }, [publish, adopt, forget]);

  // The hint other tabs and later visits read: someone is signed in here, or nobody is.
  const signedIn = Boolean(state.user);
  const settled = signedIn || !state.isLoading;
  useEffect(() => {
    if (settled) document.cookie = sessionHintCookie(signedIn, window.location.protocol === 'https:');
  }, [settled, signedIn]);

  // Arrival, once per page (React's development double effects included: `arrived` remembers).
  useEffect(() => {
    if (!settingsKey || arrived.has(settingsKey)) return;
    arrived.add(settingsKey);
    const pageSettings = JSON.parse(settingsKey) as BrowserAuthSettings;
    if (!isCallbackArrival(pageSettings) && !sessionHint && !hasSessionHint(document.cookie)) {
      dispatch({ type: 'INITIALISED', user: null });
      return;
    }
    loadManager().then(
      (userManager) => arrive(userManager, pageSettings, dispatch, (to) => void navigate(to, { replace: true }), sessionRef.current),
      (error: unknown) => {
        dispatch({ type: 'INITIALISED', user: null });
        dispatch({ type: 'ERROR', error: toErrorContext(error, 'signinSilent') });
      },
    );
  }, [settingsKey, sessionHint, loadManager, navigate]);

  // The UserManager's events followed once it is here.
  useEffect(() => {
    if (!manager) return;
    const userManager = manager;
    const { events } = userManager;
    const onLoaded = (user: User) => {
      dispatch({ type: 'USER_LOADED', user });
      // A popup sign-in or a renewal: the web server's session follows.
      void sessionRef.current.publish(user, { reload: true });
    };
    const onUnloaded = () => dispatch({ type: 'USER_UNLOADED' });
    const onSignedOut = () => {
      // The provider's session ended (signed out in another tab or window): forget this tab's tokens too.
      dispatch({ type: 'USER_SIGNED_OUT' });
      void userManager.removeUser();
      void sessionRef.current.forget();
    };
    const onRenewError = (error: Error) => {
      dispatch({ type: 'ERROR', error: toErrorContext(error, 'renewSilent') });
      if (isAnonymousSessionError(error)) {
        void userManager.removeUser();
        void sessionRef.current.forget();
      }
    };
    const onExpired = () => dispatch({ type: 'ACCESS_TOKEN_EXPIRED' });
    events.addUserLoaded(onLoaded);
    events.addUserUnloaded(onUnloaded);
    events.addUserSignedOut(onSignedOut);
    events.addSilentRenewError(onRenewError);
    events.addAccessTokenExpired(onExpired);
    return () => {
      events.removeUserLoaded(onLoaded);
      events.removeUserUnloaded(onUnloaded);
      events.removeUserSignedOut(onSignedOut);
      events.removeSilentRenewError(onRenewError);
      events.removeAccessTokenExpired(onExpired);
    };
  }, [manager]);

  /** Runs a sign-in or sign-out step: loading while it runs, its failure stored as the error. */
  const run = useCallback(<T,>(method: NavigatorMethod, source: ErrorSource, args: unknown, step: () => Promise<T>): Promise<T | null> => {
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
  }, []);

  const actions = useMemo<ShopAuthActions>(() => {
    /** The UserManager, fetching it first if this page has not needed it yet. */
    const withManager =
      <T,>(step: (userManager: UserManager) => Promise<T>) =>
      () =>
        manager ? step(manager) : loadManager().then(step);
    const signinPopup = (args: SigninPopupArgs = {}) => {
      const popupArgs: SigninPopupArgs = {
        popupWindowFeatures: popupWindowFeatures(window.screen.availWidth || window.screen.width || window.innerWidth),
        // Named, so a popup the page opened itself (below) is the one the library takes over.
        popupWindowTarget: SIGN_IN_POPUP_TARGET,
        // Without it the library never notices a closed popup ("Popup closed by user").
        popupAbortOnClose: true,
        ...args,
      };
      // Browsers only allow a popup inside the click: when the client is still on its way, open the
      // window now and let the library use it when it arrives. Closed before then, it stays closed:
      // the library would otherwise open it again under the same name.
      const blank = manager ? null : openBlankPopup(popupArgs);
      return run(
        'signinPopup',
        'signinPopup',
        popupArgs,
        withManager((userManager) => (blank?.closed ? Promise.reject(new Error(POPUP_CLOSED)) : userManager.signinPopup(popupArgs))),
      );
    };
    const signinRedirect = (args: SigninRedirectArgs = {}) =>
      run(
        'signinRedirect',
        'signinRedirect',
        args,
        withManager((userManager) => userManager.signinRedirect(args)),
      );
    const signoutRedirect = (args: SignoutRedirectArgs = {}) =>
      // The state brings a confirmation back to the post-logout page, so a failed end-session is noticed.
      run(
        'signoutRedirect',
        'signoutRedirect',
        args,
        withManager(async (userManager) => {
          // The web server forgets the session first: a failed end-session leaves nobody signed in here.
          await forget();
          await (await loadClient()).revokeAndSignoutRedirect(userManager, { state: { signedOut: true }, ...args });
        }),
      );
    // Again by the hidden frame: a refresh token that failed once (revoked, expired) fails again,
    // while the provider's own session may still be there.
    const renew = () =>
      run(
        'signinSilent',
        'renewSilent',
        undefined,
        withManager((userManager) => userManager.signinSilent({ forceIframeAuth: true })),
      );

    const signInWithRedirect = (returnTo?: string) => {
      const signinState: SigninState = { returnTo: safeReturnPath(returnTo ?? currentPath()) };
      void signinRedirect({ state: signinState });
    };

    return {
      settings,
      sessionHint,
      signedInName,
      state,
      signIn: () => (hasUnsavedWork(document) ? void signinPopup() : signInWithRedirect()),
      signInWithPopup: () => void signinPopup(),
      signInWithRedirect,
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
      prepareSignIn: () => void loadManager().catch(() => {}),
    };
  }, [manager, loadManager, run, settings, sessionHint, signedInName, state, forget]);

  return <ShopAuthContext value={actions}>{children}</ShopAuthContext>;
}

/** The web server's session as the page's sign-in sees it (decision 0063). */
interface PageSession {
  /** Hands a new access token over; `reload` loads the page's data again when a session begins. */
  publish(user: User, options: { reload: boolean }): Promise<void>;
  /** A user handed back by the session: already held. */
  adopt(user: User): void;
  forget(): Promise<void>;
}

/** Settings whose page has arrived: the arrival runs once per page. */
const arrived = new Set<string>();

/** oidc-client-ts's message for a sign-in popup the shopper closed (lib/auth/auth-messages.ts words it for them). */
const POPUP_CLOSED = 'Popup closed by user';

/** The sign-in popup, opened blank by the page (same size and place as the library's own). */
function openBlankPopup(args: SigninPopupArgs): Window | null {
  const features = { ...args.popupWindowFeatures };
  const width = features.width ?? 480;
  const height = features.height ?? 640;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return window.open(
    'about:blank',
    args.popupWindowTarget,
    `width=${width},height=${height},left=${left},top=${top},menubar=no,location=no,toolbar=no,status=yes`,
  );
}

/** What the page does on arrival: finish a redirect sign-in or sign-out, or try a quiet sign-in. */
async function arrive(
  userManager: UserManager,
  settings: BrowserAuthSettings,
  dispatch: (action: AuthAction) => void,
  replace: (to: string) => void,
  session: PageSession,
) {
  const href = window.location.href;
  if (window.location.pathname === AUTH_CALLBACK_PATHS.redirect) {
    try {
      const user = await userManager.signinCallback(callbackResponseUrl(href));
      // The session first, so the page returned to is drawn by the server for the shopper.
      if (user) await session.publish(user, { reload: false });
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
    void session.forget();
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

  // A new page of a browser signed in here: the web server's session hands its tokens back.
  const { restoreUser } = await loadClient();
  const restored = await restoreUser(userManager, settings.sessionUrl).catch(() => null);
  if (restored) {
    // Held by the session already: loading it (the renewal timers, the session check) posts nothing.
    session.adopt(restored);
    await userManager.events.load(restored);
    dispatch({ type: 'INITIALISED', user: restored });
    return;
  }
  // Nobody (or an expired session) in this tab: ask the provider quietly whether someone is signed
  // in there (refresh token, or a prompt=none request in a hidden frame). "login_required" and
  // friends mean an anonymous visitor, and other failures stay quiet too.
  dispatch({ type: 'NAVIGATOR_INIT', method: 'signinSilent' });
  try {
    const user = await userManager.signinSilent();
    if (user) await session.publish(user, { reload: true });
    dispatch({ type: 'INITIALISED', user });
  } catch (error) {
    void session.forget();
    dispatch({ type: 'ERROR', error: toErrorContext(error, 'signinSilent') });
  } finally {
    dispatch({ type: 'NAVIGATOR_CLOSE' });
  }
}
