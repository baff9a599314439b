import type { ErrorContext } from 'react-oidc-context';
import { oauthErrorCode } from './auth-state.ts';

/** What a shopper is told when signing in or out goes wrong (spec §8: "Login failed", "Sign-out failed"). */
export interface AuthProblem {
  title: 'Login failed' | 'Sign-out failed';
  /** One or two plain sentences: what happened and what to do. */
  explanation: string;
  /** The library's own message (and the provider's error code), for support. */
  detail: string;
}

const SIGN_OUT_SOURCES: readonly ErrorContext['source'][] = ['signoutRedirect', 'signoutPopup', 'signoutSilent', 'signoutCallback'];

const TRY_AGAIN = 'Try again.';

/**
 * The messages oidc-client-ts raises (spec §8), each with what it means for the shopper. Matched
 * on the library's exact words, which the spec lists.
 */
const LIBRARY_MESSAGES: Record<string, string> = {
  'Popup closed by user': `The sign-in window was closed before you finished. ${TRY_AGAIN}`,
  'Popup blocked by user': 'Your browser blocked the sign-in window. Allow pop-ups for this site, or try again.',
  // What the library says when the browser refused to open the window at all.
  'Attempted to navigate on a disposed window': 'Your browser blocked the sign-in window. Allow pop-ups for this site, or try again.',
  'IFrame timed out without a response': `The sign-in service took too long to answer. ${TRY_AGAIN}`,
  'Network timed out': `The sign-in service took too long to answer. Check your connection and try again.`,
  'No state in response': 'The answer from the sign-in service was incomplete. Start signing in again.',
  'No matching state found in storage': 'This sign-in has expired or was already finished, perhaps in another tab. Start signing in again.',
  'State does not match': 'The answer from the sign-in service did not match your request. Start signing in again.',
};

/** Provider error codes (RFC 6749 §4.1.2.1, OpenID Connect §3.1.2.6) a shopper can act on. */
const PROVIDER_ERRORS: Record<string, string> = {
  access_denied: `The sign-in was cancelled or refused. ${TRY_AGAIN}`,
  temporarily_unavailable: 'The sign-in service is busy just now. Try again in a minute.',
  server_error: 'The sign-in service had a problem. Try again in a minute.',
  login_required: 'You are no longer signed in. Sign in again to carry on.',
  interaction_required: 'You are no longer signed in. Sign in again to carry on.',
  consent_required: 'You are no longer signed in. Sign in again to carry on.',
  invalid_grant: 'Your session has ended. Sign in again to carry on.',
};

/** Whether an error is shown: the quiet sign-in attempt made on every visit fails quietly. */
export function isShownToShopper(error: ErrorContext | undefined): error is ErrorContext {
  return error !== undefined && error.source !== 'signinSilent';
}

export function describeAuthError(error: ErrorContext): AuthProblem {
  const signingOut = SIGN_OUT_SOURCES.includes(error.source);
  const code = oauthErrorCode(error.innerError);
  const message = error.message || (signingOut ? 'Sign-out failed' : 'Sign-in failed');
  const detail = code && code !== message ? `${code}: ${message}` : message;
  const libraryExplanation = LIBRARY_MESSAGES[message];
  const known = libraryExplanation ?? (code ? PROVIDER_ERRORS[code] : undefined);
  if (signingOut) {
    return { title: 'Sign-out failed', explanation: known ?? `We couldn’t sign you out. ${TRY_AGAIN}`, detail };
  }
  if (error.source === 'renewSilent' && !libraryExplanation) {
    // Retry asks the provider's session again, which often still stands when the refresh token does not.
    return { title: 'Login failed', explanation: 'We couldn’t keep you signed in. Try again, or sign in again.', detail };
  }
  if (known) return { title: 'Login failed', explanation: known, detail };
  if (/fetch|network/i.test(message)) {
    return { title: 'Login failed', explanation: 'We couldn’t reach the sign-in service. Check your connection and try again.', detail };
  }
  return { title: 'Login failed', explanation: `Something went wrong while signing you in. ${TRY_AGAIN}`, detail };
}
