import { decodeJwtPayload } from './claims.ts';

/**
 * What the page's OpenID client and the storefront's session (`/auth/session`, decision 0063) say
 * to each other. Shared by the server route and the browser; the browser half never stores a token.
 */

/** The page that keeps the session, below the shop's address. */
export const SESSION_PATH = '/auth/session';

export type SessionProblemCode = 'SESSION_CROSS_SITE' | 'SESSION_NOT_SIGNED_IN' | 'SESSION_BAD_REQUEST' | 'SESSION_TOO_LARGE' | 'SESSION_METHOD';

const PROBLEMS: Record<SessionProblemCode, { status: number; title: string; detail: string }> = {
  SESSION_CROSS_SITE: { status: 403, title: 'Not from this shop', detail: 'Only the shop’s own pages can use your session.' },
  SESSION_NOT_SIGNED_IN: { status: 401, title: 'Not signed in', detail: 'You are not signed in. Sign in and try again.' },
  SESSION_BAD_REQUEST: { status: 400, title: 'Not a sign-in', detail: 'The page sent something that is not a sign-in. Reload the page and sign in again.' },
  SESSION_TOO_LARGE: { status: 400, title: 'Sign-in too large', detail: 'Your sign-in is too large to keep. Sign out and sign in again.' },
  SESSION_METHOD: { status: 405, title: 'Not allowed', detail: 'This address only starts, returns or ends a session.' },
};

export function sessionProblem(code: SessionProblemCode) {
  const { status, title, detail } = PROBLEMS[code];
  return { type: 'about:blank', status, title, detail, code };
}

/** The tokens a page hands over after a sign-in or renewal (never the refresh token). */
export interface SessionTokens {
  accessToken: string;
  idToken: string | null;
  sessionState: string | null;
}

/** What a new page's OpenID client is given back: the shape of oidc-client-ts's stored user. */
export interface SessionHandOver {
  access_token: string;
  id_token?: string;
  session_state: string | null;
  token_type: 'Bearer';
  expires_at: number;
  profile: Record<string, unknown>;
}

export function sessionHandOver(session: { accessToken: string; idToken: string | null; sessionState: string | null; expiresAt: number }): SessionHandOver {
  return {
    access_token: session.accessToken,
    ...(session.idToken ? { id_token: session.idToken } : {}),
    session_state: session.sessionState,
    token_type: 'Bearer',
    expires_at: session.expiresAt,
    // The ID token's claims, as the client keeps them after a sign-in.
    profile: decodeJwtPayload(session.idToken ?? undefined) ?? {},
  };
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Starts or renews the session with a new access token; true when the web server took it. */
export async function publishSession(url: string, tokens: SessionTokens, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const response = await fetchImpl(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(tokens), credentials: 'same-origin' });
  return response.ok;
}

/** The tokens of the session this browser holds with the web server, or null when there is none. */
export async function restoreSession(url: string, fetchImpl: typeof fetch = fetch): Promise<SessionHandOver | null> {
  const response = await fetchImpl(url, { method: 'GET', credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) return null;
  return (await response.json()) as SessionHandOver;
}

export async function endSession(url: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  await fetchImpl(url, { method: 'DELETE', credentials: 'same-origin' });
}
