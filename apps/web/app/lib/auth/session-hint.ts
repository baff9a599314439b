/**
 * Whether this browser may have someone signed in, known without the OpenID client library.
 *
 * The library (oidc-client-ts, about a fifth of a product page's own JavaScript) is only fetched
 * when it can matter: a sign-in callback, a session the web server holds (decision 0063), a browser where someone signed
 * in before (this cookie, shared by every tab), or a shopper about to press "Sign in". Anonymous
 * visitors, most of the shop's traffic, never download it and are "signed out" at once instead of
 * after a quiet sign-in round trip to the provider.
 */
export const SESSION_HINT_COOKIE = 'shop_signed_in';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function hasSessionHint(cookie: string): boolean {
  return cookie.split(/;\s*/).some((entry) => entry === `${SESSION_HINT_COOKIE}=1`);
}

/** The cookie that says "someone signed in here": set on sign-in, removed on sign-out. */
export function sessionHintCookie(signedIn: boolean, secure: boolean): string {
  const value = signedIn ? `${SESSION_HINT_COOKIE}=1; Max-Age=${MAX_AGE_SECONDS}` : `${SESSION_HINT_COOKIE}=; Max-Age=0`;
  return `${value}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A popup opened by the page itself, inside the click, for when the library arrives after it. */
export const SIGN_IN_POPUP_TARGET = 'shop-sign-in';
