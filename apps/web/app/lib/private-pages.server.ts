import { cookieValue, SESSION_COOKIE } from './auth/session.server.ts';
import { SESSION_HINT_COOKIE } from './auth/session-hint.ts';
import { PRICE_DISPLAY_COOKIE } from './price-display.ts';

/** Cookies a page is drawn differently for: who is signed in, and a trade customer's choice of prices. */
const PERSONAL_COOKIES = [SESSION_COOKIE, SESSION_HINT_COOKIE, PRICE_DISPLAY_COOKIE];

/**
 * A page a shared cache may keep (listings say `public`) is kept private when it was drawn for
 * someone: a signed-in shopper's page, or one with their price choice, must not be handed to the
 * next visitor by a CDN. Pages for visitors without those cookies stay public.
 */
export function keepPersonalPagesPrivate(request: Request, headers: Headers): void {
  if (!/\bpublic\b/i.test(headers.get('cache-control') ?? '')) return;
  const cookies = request.headers.get('cookie') ?? '';
  if (PERSONAL_COOKIES.some((name) => cookieValue(cookies, name))) headers.set('cache-control', 'private, no-cache');
}
