import type { BrowserAuthSettings } from './settings.ts';

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
let discovered: { authority: string; endpoint: string | null; at: number } | null = null;

/**
 * The provider's end-session endpoint, from its discovery document (kept an hour), or null when the
 * provider offers none or cannot be reached: signing out then ends the shop's session only.
 */
export async function endSessionEndpoint(authority: string, fetchImpl: typeof fetch = fetch, now = Date.now()): Promise<string | null> {
  if (discovered?.authority === authority && now - discovered.at < DISCOVERY_TTL_MS) return discovered.endpoint;
  let endpoint: string | null = null;
  try {
    const response = await fetchImpl(`${authority}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return null;
    const document = (await response.json()) as { end_session_endpoint?: unknown };
    endpoint = typeof document.end_session_endpoint === 'string' ? document.end_session_endpoint : null;
  } catch {
    // Not remembered: the next sign-out asks again.
    return null;
  }
  discovered = { authority, endpoint, at: now };
  return endpoint;
}

/**
 * Where a plain-form sign-out sends the browser: the provider's end-session page, which asks before
 * ending its own session and returns to the shop. Without `id_token_hint` (no token goes in an
 * address, decision 0063): the client id names the shop, as RP-initiated logout allows.
 */
export function signOutAddress(settings: BrowserAuthSettings, endpoint: string | null): string {
  if (!endpoint) return settings.postLogoutRedirectUri;
  const url = new URL(endpoint);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('post_logout_redirect_uri', settings.postLogoutRedirectUri);
  return url.toString();
}
