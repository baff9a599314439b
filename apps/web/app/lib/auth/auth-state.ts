import type { User } from 'oidc-client-ts';
import type { AuthState, ErrorContext } from 'react-oidc-context';

/**
 * The auth states of spec §4, as a reducer from the UserManager's events. The state has
 * react-oidc-context's shape (`useAuth()` reads it), with the shop's two additions: an anonymous
 * answer to a silent query is a signed-out visitor, not an error; and an error can be dismissed.
 */
export type { AuthState, ErrorContext };

export type NavigatorMethod = NonNullable<AuthState['activeNavigator']>;
export type ErrorSource = ErrorContext['source'];

export type AuthAction =
  /** Start-up finished: the stored user (or the callback's), or none. */
  | { type: 'INITIALISED'; user: User | null }
  | { type: 'USER_LOADED'; user: User }
  | { type: 'USER_UNLOADED' }
  /** The provider's session ended (noticed by the session-check frame). */
  | { type: 'USER_SIGNED_OUT' }
  | { type: 'ACCESS_TOKEN_EXPIRED' }
  /** A sign-in or sign-out navigation starts (popup, redirect, silent frame). */
  | { type: 'NAVIGATOR_INIT'; method: NavigatorMethod }
  | { type: 'NAVIGATOR_CLOSE' }
  | { type: 'ERROR'; error: ErrorContext }
  | { type: 'ERROR_DISMISSED' };

export const initialAuthState: AuthState = { isLoading: true, isAuthenticated: false };

/**
 * Provider answers to a silent (prompt=none) query that mean "nobody is signed in here" (spec §4):
 * an anonymous session, not a failure.
 */
export const ANONYMOUS_SESSION_ERRORS = ['login_required', 'consent_required', 'interaction_required', 'account_selection_required'] as const;

/** The OAuth error code of a provider answer (oidc-client-ts's ErrorResponse), if any. */
export function oauthErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string') return error.error;
  return undefined;
}

export function isAnonymousSessionError(error: unknown): boolean {
  return (ANONYMOUS_SESSION_ERRORS as readonly string[]).includes(oauthErrorCode(error) ?? '');
}

/** Silent queries: the start-up attempt (`signinSilent`) and the renewals (`renewSilent`). */
const SILENT_SOURCES: readonly ErrorSource[] = ['signinSilent', 'renewSilent'];

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'INITIALISED':
    case 'USER_LOADED':
      return {
        ...state,
        user: action.user,
        isLoading: false,
        isAuthenticated: action.user ? !action.user.expired : false,
        error: undefined,
      };
    case 'USER_UNLOADED':
    case 'USER_SIGNED_OUT':
      return { ...state, user: undefined, isAuthenticated: false };
    case 'ACCESS_TOKEN_EXPIRED':
      return { ...state, isAuthenticated: false };
    case 'NAVIGATOR_INIT':
      return { ...state, isLoading: true, activeNavigator: action.method };
    case 'NAVIGATOR_CLOSE':
      return { ...state, isLoading: false, activeNavigator: undefined };
    case 'ERROR': {
      const { error } = action;
      if (SILENT_SOURCES.includes(error.source) && isAnonymousSessionError(error.innerError)) {
        // Nobody is signed in at the provider: a signed-out visitor, with nothing to report.
        return { ...state, isLoading: false, user: undefined, isAuthenticated: false, error: undefined };
      }
      return { ...state, isLoading: false, error };
    }
    case 'ERROR_DISMISSED':
      return { ...state, error: undefined };
  }
}

/** Wraps whatever a sign-in step threw as the error the state stores. */
export function toErrorContext(error: unknown, source: ErrorSource, args?: unknown): ErrorContext {
  const field = (name: 'name' | 'message' | 'stack') =>
    error && typeof error === 'object' && name in error && typeof (error as Record<string, unknown>)[name] === 'string'
      ? ((error as Record<string, unknown>)[name] as string)
      : undefined;
  const fallback = source.startsWith('signout') ? 'Sign-out failed' : 'Sign-in failed';
  return {
    name: field('name') ?? 'Error',
    message: field('message') ?? (typeof error === 'string' ? error : fallback),
    stack: field('stack'),
    innerError: error,
    source,
    ...(args === undefined ? {} : { args }),
  } as ErrorContext;
}

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/**
 * What the header and pages show. Loading lasts while start-up (or its silent attempt) runs; a
 * popup or redirect sign-in in progress keeps the signed-out look with a busy button instead.
 */
export function sessionStatus(state: AuthState): SessionStatus {
  if (state.isAuthenticated) return 'signed-in';
  if (state.isLoading && (state.activeNavigator === undefined || state.activeNavigator === 'signinSilent')) return 'loading';
  return 'signed-out';
}
