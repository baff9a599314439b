export type NewsletterResult = { ok: false; email: string; error: string } | { ok: true; email: string; message: string };

// Deliberately loose: one @, something either side, a dot in the domain. Stricter patterns turn
// away real addresses; the confirmation e-mail (once sign-up opens) is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks a newsletter sign-up. Sign-up is not open yet, so a valid address gets an honest
 * "opens soon" answer and is not stored anywhere.
 */
export function validateNewsletterSignup(value: FormDataEntryValue | null): NewsletterResult {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) return { ok: false, email, error: 'Enter your email address' };
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    return { ok: false, email, error: 'Enter an email address in the correct format, like name@example.com' };
  }
  return {
    ok: true,
    email,
    message: 'Thanks. Newsletter sign-up opens soon, so we have not saved your email address yet.',
  };
}
