/**
 * The provider answers on a callback page with `code` (or `error`) and `state`, in the query
 * string or, with `response_mode=fragment`, in the fragment. oidc-client-ts reads them from the
 * place its own `response_mode` setting names (the query by default), so a fragment answer is
 * moved into the query before the library sees it.
 */
export function callbackResponseUrl(href: string): string {
  const url = new URL(href);
  if (hasResponseParams(url.searchParams)) return url.href;
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (!hasResponseParams(fragment)) return url.href;
  url.search = fragment.toString();
  url.hash = '';
  return url.href;
}

/** Whether a callback address carries an answer from the provider (as react-oidc-context's `hasAuthParams`). */
export function hasAuthResponse(href: string): boolean {
  const url = new URL(href);
  return hasResponseParams(url.searchParams) || hasResponseParams(new URLSearchParams(url.hash.replace(/^#/, '')));
}

function hasResponseParams(params: URLSearchParams): boolean {
  return Boolean((params.get('code') || params.get('error')) && params.get('state'));
}

/**
 * The provider's end-session endpoint returns to the post-logout address with the sign-out
 * request's `state` (and nothing of a sign-in answer).
 */
export function isSignoutResponse(href: string, postLogoutRedirectUri: string): boolean {
  const url = new URL(href);
  const expected = new URL(postLogoutRedirectUri);
  return url.origin === expected.origin && url.pathname === expected.pathname && url.searchParams.has('state') && !url.searchParams.has('code');
}

/**
 * A place in the shop to return to after signing in: a path on this site only, never another
 * origin (`//evil.example`, `/\evil.example`) or a scheme, so the callback cannot be made to send
 * a shopper elsewhere. Anything else returns to the home page.
 */
export function safeReturnPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return fallback;
  if (candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  // Control characters (a newline or tab inside "/\t/evil") are dropped by URL parsers.
  if (candidate.split('').some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const url = new URL(candidate, 'http://shop.invalid');
    if (url.origin !== 'http://shop.invalid') return fallback;
    // Never back to a callback page: it would try to finish the sign-in again.
    if (url.pathname.startsWith('/auth/')) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
