import { hasSessionHint } from '../auth/session-hint.ts';
import { basketIdFromCookie } from './basket-logic.ts';

/**
 * A guest's basket, from the basket cookie. Where someone may be signed in (the session hint) the
 * basket is theirs, reached only with the token the browser holds, so the server leaves it alone.
 */
export function guestBasketId(request: Request): string | null {
  const cookie = request.headers.get('cookie') ?? '';
  return hasSessionHint(cookie) ? null : basketIdFromCookie(cookie);
}
