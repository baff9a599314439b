import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ApiError, createAccountsClient } from '@shop/api-client';
import type { Role, UserProfile } from '@shop/contracts';
import { data, redirect } from 'react-router';
import { serviceClientOptions } from '../api.server.ts';
import { signInPath } from './settings.ts';
import { hasAnyRole } from './claims.ts';

/**
 * The storefront's server-side session (decision 0063). The browser's OpenID client signs in as
 * the spec describes and hands each new access token to `POST /auth/session`; the web server asks
 * the API who it belongs to and keeps token and profile in this cookie, sealed (AES-256-GCM) so
 * that no script can read it and nobody can forge or alter it. Loaders and actions act for the
 * shopper with it; nothing else carries a token to the server.
 */
export const SESSION_COOKIE = 'shop_session';

/** What a page's loader knows about who is signed in. */
export interface ShopSession {
  accessToken: string;
  /** When the access token runs out, in seconds since 1970 (the cookie goes with it). */
  expiresAt: number;
  /** The ID token and the provider's session state, handed back to a new page's OpenID client. */
  idToken: string | null;
  sessionState: string | null;
  profile: UserProfile;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Browsers keep cookies up to 4,096 bytes; a session that would not fit is refused rather than lost. */
export const MAX_COOKIE_BYTES = 4000;

/** The sealing key, derived from the secret the web and API tiers share (one key per purpose). */
export function sessionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'plumbline', 'storefront session cookie v1', 32));
}

export function sealSession(session: ShopSession, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The session in a sealed value, or null when it is not one of ours, was altered, or has run out. */
export function openSession(sealed: string, key: Buffer, nowSeconds: number): ShopSession | null {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const json = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    const session = JSON.parse(json) as ShopSession;
    return session.expiresAt > nowSeconds ? session : null;
  } catch {
    return null;
  }
}

/** The `Set-Cookie` value that keeps a session until its token runs out, or (null) ends it. */
export function sessionCookie(sealed: string | null, options: { secure: boolean; maxAgeSeconds?: number }): string {
  const value =
    sealed === null ? `${SESSION_COOKIE}=; Max-Age=0` : `${SESSION_COOKIE}=${sealed}; Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds ?? 0))}`;
  // Lax: a page opened from another site (an e-mailed link) still sees who is signed in, while
  // other sites' forms and scripts cannot act with it.
  return `${value}; Path=/; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

export function cookieValue(cookieHeader: string, name: string): string | null {
  for (const entry of cookieHeader.split(/;\s*/)) {
    const at = entry.indexOf('=');
    if (at > 0 && entry.slice(0, at) === name) return entry.slice(at + 1) || null;
  }
  return null;
}

/** The key of this web tier: from WEB_TIER_SECRET, which apps/server sets (generated for one process). */
let key: { secret: string; value: Buffer } | undefined;
function currentKey(): Buffer {
  const secret = process.env.WEB_TIER_SECRET;
  if (!secret) throw new Error('WEB_TIER_SECRET is not set: the storefront cannot keep sessions');
  if (key?.secret !== secret) key = { secret, value: sessionKey(secret) };
  return key.value;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Who is signed in on this request, or null. */
export function readShopSession(request: Pick<Request, 'headers'>): ShopSession | null {
  const sealed = cookieValue(request.headers.get('cookie') ?? '', SESSION_COOKIE);
  return sealed ? openSession(sealed, currentKey(), nowSeconds()) : null;
}

/** Whether the page was asked for over HTTPS (directly or behind the proxy apps/server trusts). */
export const isSecureRequest = (request: Request) => new URL(request.url).protocol === 'https:';

/** The payload of a JWT, not checked: the API has checked the token before this is read. */
function jwtClaims(token: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export type SessionRefusal = 'not-signed-in' | 'too-large';

/**
 * Starts (or renews) a session from an access token the browser's OpenID client was given: the
 * API says whose it is, or refuses it. Returns the `Set-Cookie` value.
 */
export async function startShopSession(
  request: Request,
  tokens: { accessToken: string; idToken: string | null; sessionState: string | null },
): Promise<{ cookie: string; session: ShopSession } | { refused: SessionRefusal }> {
  let profile: UserProfile;
  try {
    profile = await createAccountsClient(serviceClientOptions(request, 'accounts', tokens.accessToken)).getUserProfile();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { refused: 'not-signed-in' };
    throw error;
  }
  const exp = jwtClaims(tokens.accessToken).exp;
  // An opaque token says nothing of its lifetime: keep it no longer than an hour.
  const expiresAt = typeof exp === 'number' ? exp : nowSeconds() + 3600;
  const session: ShopSession = { accessToken: tokens.accessToken, expiresAt, idToken: tokens.idToken, sessionState: tokens.sessionState, profile };
  const sealed = sealSession(session, currentKey());
  if (sealed.length + SESSION_COOKIE.length + 80 > MAX_COOKIE_BYTES) return { refused: 'too-large' };
  return { cookie: sessionCookie(sealed, { secure: isSecureRequest(request), maxAgeSeconds: expiresAt - nowSeconds() }), session };
}

export const endSessionCookie = (request: Request) => sessionCookie(null, { secure: isSecureRequest(request) });

/**
 * The session a signed-in page needs: a visitor who is not signed in is sent to sign in and
 * brought back here. With `roles`, someone without one of them gets the shop's 404, as the API
 * answers a call they may not make, so a staff page's existence is not given away.
 */
export function requireShopSession(request: Request, options: { roles?: readonly Role[] } = {}): ShopSession {
  const session = readShopSession(request);
  const url = new URL(request.url);
  if (!session) throw redirect(signInPath(url.pathname + url.search));
  if (options.roles && !hasAnyRole(session.profile.roles, options.roles)) throw data(null, { status: 404 });
  return session;
}

/** API client options acting for the signed-in shopper of `session`. */
export const sessionClientOptions = (request: Request, session: ShopSession, service: string) => serviceClientOptions(request, service, session.accessToken);
