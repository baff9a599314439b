import type { Route } from './+types/auth-session';
import { isSameOriginPost } from '../lib/same-origin-post.ts';
import { endSessionCookie, readShopSession, startShopSession } from '../lib/auth/session.server.ts';
import { sessionHandOver, sessionProblem, type SessionProblemCode } from '../lib/auth/session-exchange.ts';

/**
 * The storefront's session (decision 0063), for the page's own OpenID client only:
 * - POST `{ accessToken, idToken, sessionState }` after each sign-in or renewal starts or renews it;
 * - GET hands a new page (a reload, a new tab) back the tokens the session holds, so no token has
 *   to be kept in the browser's storage;
 * - DELETE ends it (signing out, or the provider's session ending).
 * Another site can neither read the answers (no CORS) nor make the calls (the browser's
 * `Sec-Fetch-Site`, else `Origin`, must say this site).
 */

const NO_STORE = { 'cache-control': 'no-store' };
/** A token pair is a few kilobytes; anything much larger is not one. */
const MAX_BODY_BYTES = 16 * 1024;

function problem(code: SessionProblemCode, extraHeaders: Record<string, string> = {}): Response {
  const body = sessionProblem(code);
  return Response.json(body, { status: body.status, headers: { 'content-type': 'application/problem+json', ...NO_STORE, ...extraHeaders } });
}

export function loader({ request }: Route.LoaderArgs) {
  if (!isSameOriginPost(request.headers, request.url)) return problem('SESSION_CROSS_SITE');
  const session = readShopSession(request);
  if (!session) return problem('SESSION_NOT_SIGNED_IN');
  return Response.json(sessionHandOver(session), { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  if (!isSameOriginPost(request.headers, request.url)) return problem('SESSION_CROSS_SITE');
  if (request.method === 'DELETE') return new Response(null, { status: 204, headers: { ...NO_STORE, 'set-cookie': endSessionCookie(request) } });
  if (request.method !== 'POST') return problem('SESSION_METHOD', { allow: 'GET, POST, DELETE' });
  if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) return problem('SESSION_BAD_REQUEST');
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return problem('SESSION_BAD_REQUEST');
  let posted: unknown;
  try {
    posted = JSON.parse(text);
  } catch {
    return problem('SESSION_BAD_REQUEST');
  }
  const field = (name: string) => {
    const value = posted && typeof posted === 'object' ? (posted as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' && value.length > 0 ? value : null;
  };
  const accessToken = field('accessToken');
  if (!accessToken) return problem('SESSION_BAD_REQUEST');
  const started = await startShopSession(request, { accessToken, idToken: field('idToken'), sessionState: field('sessionState') });
  if ('refused' in started) {
    return problem(started.refused === 'too-large' ? 'SESSION_TOO_LARGE' : 'SESSION_NOT_SIGNED_IN', { 'set-cookie': endSessionCookie(request) });
  }
  return new Response(null, { status: 204, headers: { ...NO_STORE, 'set-cookie': started.cookie } });
}
