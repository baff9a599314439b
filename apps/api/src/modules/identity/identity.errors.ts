/**
 * Stable codes for what can go wrong when signing in or managing an account. The pages show the
 * message; the code is for logs and tests. No message says whether an e-mail address is registered.
 */
export const IdentityErrors = {
  INVALID_CREDENTIALS: 'The e-mail address or password is not right. Check them and try again.',
  EMAIL_NOT_VERIFIED: 'Confirm your e-mail address to sign in: we have sent you a new link. It may take a minute to arrive.',
  THROTTLED_SIGN_IN: 'Too many sign-in attempts. Try again in {minutes}.',
  THROTTLED_RESET: 'Too many requests for a reset link. Try again in {minutes}.',
  THROTTLED_SIGN_UP: 'Too many new accounts from this address. Try again in {minutes}.',
  INVALID_FORM: 'This form has expired. Please try again.',
  INTERACTION_EXPIRED: 'Your sign-in took too long and has expired. Go back to the shop and sign in again.',
  LINK_INVALID: 'This link is not valid: it may be mistyped, or it has already been used.',
  LINK_EXPIRED: 'This link has expired. Ask for a new one.',
} as const;

export type IdentityErrorCode = keyof typeof IdentityErrors;

/** Problems with a form's fields, by field name; `form` is about the form as a whole. */
export type FieldErrors = Partial<Record<'email' | 'password' | 'name' | 'form', string>>;

/** A failure shown on an identity page: a code, its message, and optionally which field it concerns. */
export class IdentityError extends Error {
  readonly code: IdentityErrorCode;
  readonly retryAfterSeconds?: number;

  constructor(code: IdentityErrorCode, options: { retryAfterSeconds?: number } = {}) {
    const minutes = options.retryAfterSeconds === undefined ? '' : describeMinutes(options.retryAfterSeconds);
    super(IdentityErrors[code].replace('{minutes}', minutes));
    this.name = 'IdentityError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** "1 minute", "15 minutes": whole minutes, rounded up, never zero. */
export function describeMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
