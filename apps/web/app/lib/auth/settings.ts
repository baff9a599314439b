import { SESSION_PATH } from './session-exchange.ts';
import type { PopupWindowFeatures, UserManagerSettings } from 'oidc-client-ts';

/** The pages the provider sends the browser back to (registered at the provider for client `storefront`). */
export const AUTH_CALLBACK_PATHS = {
  redirect: '/auth/callback',
  popup: '/auth/popup-callback',
  silent: '/auth/silent-callback',
} as const;

/** The page that starts signing in (by redirect) and comes back to `returnTo`: the header's "Sign in" link. */
export const SIGN_IN_PAGE = '/auth/sign-in';
export const signInPath = (returnTo: string) => `${SIGN_IN_PAGE}?${new URLSearchParams({ returnTo })}`;

/** Where the provider's end-session endpoint returns the browser. */
export const POST_LOGOUT_PATH = '/';
/** Where "Sign out" posts as a plain form (routes/auth-sign-out.ts). */
export const SIGN_OUT_PATH = '/auth/sign-out';

/** What the browser needs to sign in; built on the server by the root loader. */
export interface BrowserAuthSettings {
  authority: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  popupRedirectUri: string;
  silentRedirectUri: string;
  postLogoutRedirectUri: string;
  /** The API's base address for browsers; each service is below it (`…/accounts`). */
  apiBaseUrl: string;
  /** The web server's session, which the page's client starts, restores and ends (decision 0063). */
  sessionUrl: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin the browser's callbacks return to. The request's own origin when the page was asked
 * for on a loopback address that PUBLIC_URL does not name (developers browsing 127.0.0.1 while
 * PUBLIC_URL says localhost, or the browser tests on 127.0.0.1:3100), so state stored before the
 * redirect is found after it. Otherwise PUBLIC_URL, which also keeps https behind a TLS-terminating
 * proxy and never lets a forged Host header choose where codes are sent.
 */
export function publicOrigin(publicUrl: string, requestUrl: string): string {
  const configured = new URL(publicUrl);
  const request = new URL(requestUrl);
  if (request.host !== configured.host && LOOPBACK_HOSTS.has(request.hostname)) return request.origin;
  return configured.origin;
}

/** The shop's address without a trailing slash: PUBLIC_URL, or the origin the page was asked for. */
export function publicSiteUrl(publicUrl: string, requestUrl: string): string {
  const origin = publicOrigin(publicUrl, requestUrl);
  // PUBLIC_URL may carry a path prefix; it applies only when PUBLIC_URL is the origin in use.
  return origin === new URL(publicUrl).origin ? publicUrl.replace(/\/+$/, '') : origin;
}

/** The provider's part of the settings: all a page's data carries, as the rest follows from the shop's address. */
export type ProviderSettings = Pick<BrowserAuthSettings, 'authority' | 'clientId' | 'scope'>;

/** Only the provider's three settings, whatever else a configuration holds. */
export const providerSettings = ({ authority, clientId, scope }: ProviderSettings): ProviderSettings => ({ authority, clientId, scope });

/** The browser's settings for a shop published at `base` (its address without a trailing slash, as `publicSiteUrl` gives it). */
export function settingsAt({ authority, clientId, scope }: ProviderSettings, base: string): BrowserAuthSettings {
  return {
    authority,
    clientId,
    scope,
    redirectUri: base + AUTH_CALLBACK_PATHS.redirect,
    popupRedirectUri: base + AUTH_CALLBACK_PATHS.popup,
    silentRedirectUri: base + AUTH_CALLBACK_PATHS.silent,
    postLogoutRedirectUri: base + POST_LOGOUT_PATH,
    apiBaseUrl: `${base}/api`,
    sessionUrl: base + SESSION_PATH,
  };
}

export function browserAuthSettings(config: { publicUrl: string; oidc: ProviderSettings }, requestUrl: string): BrowserAuthSettings {
  return settingsAt(config.oidc, publicSiteUrl(config.publicUrl, requestUrl));
}

/** Spec §9, "Business constants and limits". */
export const AUTH_TIMINGS = {
  /** The token-expiring notice fires this long before expiry; a silent renewal follows. */
  accessTokenExpiringNoticeSeconds: 60,
  silentRequestTimeoutSeconds: 10,
  /** oidc-client-ts retries a renewal that timed out after this long (fixed in the library). */
  silentRenewRetrySeconds: 5,
  checkSessionIntervalSeconds: 2,
  staleStateAgeSeconds: 900,
  /**
   * oidc-client-ts 3 no longer checks ID token times in the browser (the `clockSkewInSeconds`
   * setting of oidc-client 1 is gone): expiry is worked out from `expires_in` on the browser's own
   * clock, so a skewed clock cannot expire a session early. Kept here as the spec's value.
   */
  clockSkewSeconds: 300,
} as const;

export const POPUP_HEIGHT = 640;
const POPUP_WIDTHS = [800, 720, 600, 480] as const;
const NARROW_POPUP_WIDTH = 360;

/** Spec §9: the widest of 800, 720, 600 and 480 that fits the screen, else 360. */
export function popupWidth(screenWidth: number): number {
  return POPUP_WIDTHS.find((width) => width <= screenWidth) ?? NARROW_POPUP_WIDTH;
}

export function popupWindowFeatures(screenWidth: number): PopupWindowFeatures {
  return { width: popupWidth(screenWidth), height: POPUP_HEIGHT };
}

/**
 * The UserManager settings, as the spec describes the client: authorization code + PKCE only,
 * automatic silent renewal, session monitoring through the provider's check-session frame, and
 * both tokens revoked on sign-out. `userStore` (the page's memory) is added in the browser.
 */
export function userManagerSettings(settings: BrowserAuthSettings): UserManagerSettings {
  return {
    authority: settings.authority,
    client_id: settings.clientId,
    scope: settings.scope,
    redirect_uri: settings.redirectUri,
    popup_redirect_uri: settings.popupRedirectUri,
    silent_redirect_uri: settings.silentRedirectUri,
    post_logout_redirect_uri: settings.postLogoutRedirectUri,
    response_type: 'code',
    // The provider's access tokens are for the API and refused by /userinfo: the profile comes
    // from the ID token (and the API's UserProfile).
    loadUserInfo: false,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: AUTH_TIMINGS.accessTokenExpiringNoticeSeconds,
    silentRequestTimeoutInSeconds: AUTH_TIMINGS.silentRequestTimeoutSeconds,
    monitorSession: true,
    checkSessionIntervalInSeconds: AUTH_TIMINGS.checkSessionIntervalSeconds,
    staleStateAgeInSeconds: AUTH_TIMINGS.staleStateAgeSeconds,
    revokeTokenTypes: ['access_token', 'refresh_token'],
    revokeTokensOnSignout: true,
    // RFC 7009 ignores the body of a successful revocation; oidc-provider sends it empty, as text/plain.
    revokeTokenAdditionalContentTypes: ['text/plain'],
    popupWindowFeatures: { height: POPUP_HEIGHT },
  };
}
