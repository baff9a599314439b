import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Per-form CSRF tokens: a keyed hash of the form's purpose and what the form is bound to (the
 * sign-in interaction's id, or a random cookie of this browser). A page of another site can
 * neither read the token nor make it. Stateless, so any instance can check it.
 */

export const CSRF_COOKIE = 'identity_csrf';

export function newCsrfBinding(): string {
  return randomBytes(18).toString('base64url');
}

export function formToken(key: string, purpose: string, binding: string): string {
  return createHmac('sha256', key).update(`${purpose}|${binding}`).digest('base64url');
}

/** True when `token` was made by one of `keys` (old keys still verify after a rotation). */
export function isFormTokenValid(keys: readonly string[], purpose: string, binding: string | undefined, token: unknown): boolean {
  if (!binding || typeof token !== 'string' || token.length === 0) return false;
  const given = Buffer.from(token);
  return keys.some((key) => {
    const expected = Buffer.from(formToken(key, purpose, binding));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
