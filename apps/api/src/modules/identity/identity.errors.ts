/**
 * Stable codes for what can go wrong when signing in or managing an account. The pages show the
 * message; the code is for logs and tests. No message says whether an e-mail address is registered.
 */
export const IdentityErrors = {
  invalidCredentials: () => new IdentityError('INVALID_CREDENTIALS', 'The e-mail address or password is not right. Check them and try again.'),
  emailNotVerified: () =>
    new IdentityError('EMAIL_NOT_VERIFIED', 'Confirm your e-mail address to sign in: we have sent you a new link. It may take a minute to arrive.'),
  throttledSignIn: (retryAfterSeconds: number) =>
    new IdentityError('THROTTLED_SIGN_IN', `Too many sign-in attempts. Try again in ${describeMinutes(retryAfterSeconds)}.`, retryAfterSeconds),
  throttledReset: (retryAfterSeconds: number) =>
    new IdentityError('THROTTLED_RESET', `Too many requests for a reset link. Try again in ${describeMinutes(retryAfterSeconds)}.`, retryAfterSeconds),
  throttledSignUp: (retryAfterSeconds: number) =>
    new IdentityError('THROTTLED_SIGN_UP', `Too many new accounts from this address. Try again in ${describeMinutes(retryAfterSeconds)}.`, retryAfterSeconds),
  invalidForm: () => new IdentityError('INVALID_FORM', 'This form has expired. Please try again.'),
  interactionExpired: () => new IdentityError('INTERACTION_EXPIRED', 'Your sign-in took too long and has expired. Go back to the shop and sign in again.'),
  linkInvalid: () => new IdentityError('LINK_INVALID', 'This link is not valid: it may be mistyped, or it has already been used.'),
  linkExpired: () => new IdentityError('LINK_EXPIRED', 'This link has expired. Ask for a new one.'),
};

/** Problems with a form's fields, by field name; `form` is about the form as a whole. */
export type FieldErrors = Partial<Record<'email' | 'password' | 'name' | 'form', string>>;

/** A failure shown on an identity page: a code, its message, and how long to wait when it is a throttle. */
export class IdentityError extends Error {
  readonly code: string;
  readonly retryAfterSeconds?: number;

  constructor(code: string, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'IdentityError';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** "1 minute", "15 minutes": whole minutes, rounded up, never zero. */
export function describeMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
