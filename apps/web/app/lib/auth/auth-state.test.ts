import { ErrorResponse, ErrorTimeout, User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_SESSION_ERRORS,
  authReducer,
  initialAuthState,
  isAnonymousSessionError,
  sessionStatus,
  toErrorContext,
  type AuthAction,
  type AuthState,
} from './auth-state.ts';

const now = () => Math.floor(Date.now() / 1000);
const user = (expiresIn = 900) =>
  new User({
    access_token: 'a',
    token_type: 'Bearer',
    profile: { sub: 'u1', iss: 'i', aud: 'storefront', exp: now() + expiresIn, iat: now() },
    expires_at: now() + expiresIn,
  });

const run = (...actions: AuthAction[]) => actions.reduce(authReducer, initialAuthState);
const providerAnswer = (error: string) => new ErrorResponse({ error, state: 's' } as ConstructorParameters<typeof ErrorResponse>[0]);

describe('the auth state (spec §4)', () => {
  it('starts as loading, signed out', () => {
    expect(initialAuthState).toEqual({ isLoading: true, isAuthenticated: false });
    expect(sessionStatus(initialAuthState)).toBe('loading');
  });

  it('becomes authenticated when a user exists and is not expired', () => {
    const signedIn = run({ type: 'INITIALISED', user: user() });
    expect(signedIn).toMatchObject({ isLoading: false, isAuthenticated: true });
    expect(sessionStatus(signedIn)).toBe('signed-in');

    expect(run({ type: 'INITIALISED', user: user(-10) })).toMatchObject({ isLoading: false, isAuthenticated: false });
    const nobody = run({ type: 'INITIALISED', user: null });
    expect(nobody).toMatchObject({ isLoading: false, isAuthenticated: false, user: null });
    expect(sessionStatus(nobody)).toBe('signed-out');
  });

  it('is authenticated on a user-loaded event and clears the user on unloaded or signed-out events', () => {
    const loaded = run({ type: 'INITIALISED', user: null }, { type: 'USER_LOADED', user: user() });
    expect(loaded.isAuthenticated).toBe(true);
    for (const type of ['USER_UNLOADED', 'USER_SIGNED_OUT'] as const) {
      const after = authReducer(loaded, { type });
      expect(after).toMatchObject({ user: undefined, isAuthenticated: false });
      expect(sessionStatus(after)).toBe('signed-out');
    }
  });

  it('stops counting as authenticated when the access token expires', () => {
    const signedIn = run({ type: 'USER_LOADED', user: user() });
    expect(authReducer(signedIn, { type: 'ACCESS_TOKEN_EXPIRED' })).toMatchObject({ isAuthenticated: false, user: signedIn.user });
  });

  it('sets loading when a sign-in navigation starts and ends it when it closes', () => {
    const signedOut = run({ type: 'INITIALISED', user: null });
    const started = authReducer(signedOut, { type: 'NAVIGATOR_INIT', method: 'signinPopup' });
    expect(started).toMatchObject({ isLoading: true, activeNavigator: 'signinPopup' });
    // A popup in progress keeps the signed-out look; the button shows it is busy.
    expect(sessionStatus(started)).toBe('signed-out');
    expect(authReducer(started, { type: 'NAVIGATOR_CLOSE' })).toMatchObject({ isLoading: false, activeNavigator: undefined });
    // The quiet attempt on arrival is part of loading.
    expect(sessionStatus(authReducer(initialAuthState, { type: 'NAVIGATOR_INIT', method: 'signinSilent' }))).toBe('loading');
  });

  it('ends loading on an error and stores it', () => {
    const error = toErrorContext(new Error('Popup closed by user'), 'signinPopup', { popupAbortOnClose: true });
    const failed = run({ type: 'INITIALISED', user: null }, { type: 'NAVIGATOR_INIT', method: 'signinPopup' }, { type: 'ERROR', error });
    expect(failed).toMatchObject({ isLoading: false, error: { message: 'Popup closed by user', source: 'signinPopup', args: { popupAbortOnClose: true } } });
    // A later sign-in clears it; so does dismissing it.
    expect(authReducer(failed, { type: 'USER_LOADED', user: user() }).error).toBeUndefined();
    expect(authReducer(failed, { type: 'ERROR_DISMISSED' }).error).toBeUndefined();
  });

  it('treats login_required and friends from a silent query as an anonymous session, without an error', () => {
    for (const code of ANONYMOUS_SESSION_ERRORS) {
      expect(isAnonymousSessionError(providerAnswer(code))).toBe(true);
      const probe = run({ type: 'NAVIGATOR_INIT', method: 'signinSilent' }, { type: 'ERROR', error: toErrorContext(providerAnswer(code), 'signinSilent') });
      expect(probe).toMatchObject({ isLoading: false, isAuthenticated: false, user: undefined, error: undefined });
      expect(sessionStatus(authReducer(probe, { type: 'NAVIGATOR_CLOSE' }))).toBe('signed-out');

      // A renewal answered the same way: the provider's session is over, so the shopper is signed out.
      const renewal = run({ type: 'USER_LOADED', user: user() }, { type: 'ERROR', error: toErrorContext(providerAnswer(code), 'renewSilent') });
      expect(renewal).toMatchObject({ isAuthenticated: false, user: undefined, error: undefined });
    }
  });

  it('keeps other silent-query errors, and anonymous answers to an interactive sign-in, as errors', () => {
    expect(isAnonymousSessionError(providerAnswer('access_denied'))).toBe(false);
    expect(isAnonymousSessionError(new Error('login_required'))).toBe(false);
    const renewal = run({ type: 'USER_LOADED', user: user() }, { type: 'ERROR', error: toErrorContext(providerAnswer('invalid_grant'), 'renewSilent') });
    expect(renewal.error).toMatchObject({ source: 'renewSilent', message: 'invalid_grant' });
    expect(renewal.isAuthenticated).toBe(true);
    const timedOut = run({ type: 'ERROR', error: toErrorContext(new ErrorTimeout('IFrame timed out without a response'), 'signinSilent') });
    expect(timedOut.error?.message).toBe('IFrame timed out without a response');
    const popup = run({ type: 'ERROR', error: toErrorContext(providerAnswer('login_required'), 'signinPopup') });
    expect(popup.error?.source).toBe('signinPopup');
  });

  it('wraps anything thrown as an error context', () => {
    expect(toErrorContext('boom', 'signinRedirect')).toMatchObject({ name: 'Error', message: 'boom', source: 'signinRedirect', innerError: 'boom' });
    expect(toErrorContext(null, 'signoutRedirect')).toMatchObject({ message: 'Sign-out failed' });
    expect(toErrorContext({}, 'signinCallback')).toMatchObject({ message: 'Sign-in failed' });
    expect(toErrorContext(new TypeError('Failed to fetch'), 'signinCallback')).toMatchObject({ name: 'TypeError', message: 'Failed to fetch' });
    expect('args' in toErrorContext(new Error('x'), 'renewSilent')).toBe(false);
  });

  it('keeps a signed-in shopper signed in while signing out or renewing', () => {
    const state: AuthState = run({ type: 'USER_LOADED', user: user() }, { type: 'NAVIGATOR_INIT', method: 'signoutRedirect' });
    expect(sessionStatus(state)).toBe('signed-in');
  });
});
