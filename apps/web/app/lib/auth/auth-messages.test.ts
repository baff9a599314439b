import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { describeAuthError, isShownToShopper } from './auth-messages.ts';
import { toErrorContext } from './auth-state.ts';

const providerAnswer = (error: string, error_description?: string) =>
  new ErrorResponse({ error, error_description, state: 's' } as ConstructorParameters<typeof ErrorResponse>[0]);

describe('what a shopper is told', () => {
  it('turns every library message of spec §8 into "Login failed" and an explanation, keeping the message', () => {
    const cases: [Error, RegExp][] = [
      [new Error('Popup closed by user'), /sign-in window was closed before you finished/],
      [new Error('Popup blocked by user'), /blocked the sign-in window/],
      [new Error('Attempted to navigate on a disposed window'), /blocked the sign-in window/],
      [new ErrorTimeout('IFrame timed out without a response'), /took too long/],
      [new ErrorTimeout('Network timed out'), /took too long.*connection/],
      [new Error('No state in response'), /incomplete/],
      [new Error('No matching state found in storage'), /expired or was already finished/],
      [new Error('State does not match'), /did not match/],
    ];
    for (const [error, explanation] of cases) {
      const problem = describeAuthError(toErrorContext(error, 'signinPopup'));
      expect(problem.title).toBe('Login failed');
      expect(problem.explanation).toMatch(explanation);
      expect(problem.detail).toBe(error.message);
    }
  });

  it('says "Sign-out failed" when signing out fails', () => {
    for (const source of ['signoutRedirect', 'signoutCallback'] as const) {
      const problem = describeAuthError(toErrorContext(new TypeError('Failed to fetch'), source));
      expect(problem).toEqual({ title: 'Sign-out failed', explanation: 'We couldn’t sign you out. Try again.', detail: 'Failed to fetch' });
    }
    expect(describeAuthError(toErrorContext(new Error('No matching state found in storage'), 'signoutCallback')).title).toBe('Sign-out failed');
  });

  it('explains provider answers and keeps their code for support', () => {
    const denied = describeAuthError(toErrorContext(providerAnswer('access_denied', 'End-User aborted interaction'), 'signinCallback'));
    expect(denied).toEqual({
      title: 'Login failed',
      explanation: 'The sign-in was cancelled or refused. Try again.',
      detail: 'access_denied: End-User aborted interaction',
    });
    expect(describeAuthError(toErrorContext(providerAnswer('invalid_grant'), 'signinCallback'))).toMatchObject({
      explanation: 'Your session has ended. Sign in again to carry on.',
      detail: 'invalid_grant',
    });
    // A failed renewal can often be retried through the provider's session.
    expect(describeAuthError(toErrorContext(providerAnswer('invalid_grant', 'grant request is invalid'), 'renewSilent'))).toEqual({
      title: 'Login failed',
      explanation: 'We couldn’t keep you signed in. Try again, or sign in again.',
      detail: 'invalid_grant: grant request is invalid',
    });
    expect(describeAuthError(toErrorContext(new Error('Network timed out'), 'renewSilent')).explanation).toMatch(/took too long/);
  });

  it('falls back to a plain explanation', () => {
    expect(describeAuthError(toErrorContext(new TypeError('Failed to fetch'), 'signinRedirect')).explanation).toMatch(/couldn’t reach the sign-in service/);
    expect(describeAuthError(toErrorContext(new Error('odd'), 'renewSilent')).explanation).toMatch(/couldn’t keep you signed in/);
    expect(describeAuthError(toErrorContext(new Error('odd'), 'signinCallback'))).toMatchObject({ title: 'Login failed', detail: 'odd' });
  });

  it('keeps the quiet attempt made on arrival quiet', () => {
    expect(isShownToShopper(undefined)).toBe(false);
    expect(isShownToShopper(toErrorContext(new ErrorTimeout('IFrame timed out without a response'), 'signinSilent'))).toBe(false);
    expect(isShownToShopper(toErrorContext(new Error('Popup closed by user'), 'signinPopup'))).toBe(true);
    expect(isShownToShopper(toErrorContext(new Error('x'), 'renewSilent'))).toBe(true);
  });
});
