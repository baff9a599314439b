/**
 * Whether this browser may have someone signed in, known without the OpenID client library.
 *
 * The library (oidc-client-ts, about a fifth of a product page's own JavaScript) is only fetched
 * when it can matter: a sign-in callback, a tab that holds a user, a browser where someone signed
 * in before (this cookie, shared by every tab), or a shopper about to press "Sign in". Anonymous
 * visitors, most of the shop's traffic, never download it and are "signed out" at once instead of
 * after a quiet sign-in round trip to the provider.
 */
export const SESSION_HINT_COOKIE = 'shop_signed_in';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The user oidc-client-ts keeps in this tab's sessionStorage (`oidc.user:<authority>:<client>`). */
const USER_KEY_PREFIX = 'oidc.user:';

export function hasSessionHint(cookie: string, storage: Pick<Storage, 'length' | 'key'> | null): boolean {
  if (cookie.split(/;\s*/).some((entry) => entry === `${SESSION_HINT_COOKIE}=1`)) return true;
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(USER_KEY_PREFIX)) return true;
  return false;
}

/** The cookie that says "someone signed in here": set on sign-in, removed on sign-out. */
export function sessionHintCookie(signedIn: boolean, secure: boolean): string {
  const value = signedIn ? `${SESSION_HINT_COOKIE}=1; Max-Age=${MAX_AGE_SECONDS}` : `${SESSION_HINT_COOKIE}=; Max-Age=0`;
  return `${value}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A popup opened by the page itself, inside the click, for when the library arrives after it. */
export const SIGN_IN_POPUP_TARGET = 'shop-sign-in';
