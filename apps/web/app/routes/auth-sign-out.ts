import { redirect } from 'react-router';
import type { Route } from './+types/auth-sign-out';
import { endSessionEndpoint, signOutAddress } from '../lib/auth/end-session.server.ts';
import { sessionHintCookie } from '../lib/auth/session-hint.ts';
import { endSessionCookie, isSecureRequest } from '../lib/auth/session.server.ts';
import { browserAuthSettings } from '../lib/auth/settings.ts';
import { webConfig } from '../lib/config.server.ts';
import { isSameOriginPost } from '../lib/same-origin-post.ts';

/**
 * "Sign out" posted as a plain form, before the page's scripts run or without them: the shop's
 * session and its hint end here, then the provider's end-session page ends its own and comes back.
 * With scripts the page's OpenID client signs out instead (it also revokes the tokens it holds).
 */
export async function action({ request }: Route.ActionArgs) {
  // Another site must not sign a shopper out (a forged form would).
  if (!isSameOriginPost(request.headers, request.url)) throw new Response('Sign out from the shop’s own pages.', { status: 403 });
  const settings = browserAuthSettings(webConfig(), request.url);
  const headers = new Headers({ 'cache-control': 'no-store' });
  headers.append('set-cookie', endSessionCookie(request));
  headers.append('set-cookie', sessionHintCookie(false, isSecureRequest(request)));
  return redirect(signOutAddress(settings, await endSessionEndpoint(settings.authority)), { status: 303, headers });
}
