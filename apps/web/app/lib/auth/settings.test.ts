import { describe, expect, it } from 'vitest';
import { AUTH_TIMINGS, browserAuthSettings, popupWidth, popupWindowFeatures, publicOrigin, userManagerSettings } from './settings.ts';

const config = {
  publicUrl: 'http://127.0.0.1:3100',
  oidc: { authority: 'http://127.0.0.1:3100/identity', clientId: 'storefront', scope: 'openid profile email' },
};

describe('browser sign-in settings', () => {
  it('name the three callback pages and the post-logout page on the public address', () => {
    expect(browserAuthSettings(config, 'http://127.0.0.1:3100/account?x=1')).toEqual({
      authority: 'http://127.0.0.1:3100/identity',
      clientId: 'storefront',
      scope: 'openid profile email',
      redirectUri: 'http://127.0.0.1:3100/auth/callback',
      popupRedirectUri: 'http://127.0.0.1:3100/auth/popup-callback',
      silentRedirectUri: 'http://127.0.0.1:3100/auth/silent-callback',
      postLogoutRedirectUri: 'http://127.0.0.1:3100/',
      apiBaseUrl: 'http://127.0.0.1:3100/api',
      sessionUrl: 'http://127.0.0.1:3100/auth/session',
    });
  });

  it('return to the loopback address the page was asked for, so stored state is found again', () => {
    expect(publicOrigin('http://localhost:3000', 'http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(publicOrigin('http://localhost:3000', 'http://localhost:5173/')).toBe('http://localhost:5173');
    const settings = browserAuthSettings({ ...config, publicUrl: 'http://localhost:3100' }, 'http://127.0.0.1:3100/');
    expect(settings.redirectUri).toBe('http://127.0.0.1:3100/auth/callback');
    expect(settings.apiBaseUrl).toBe('http://127.0.0.1:3100/api');
  });

  it('keep PUBLIC_URL (and its https) for any other host, so a forged Host header cannot move the callbacks', () => {
    expect(publicOrigin('https://shop.example', 'http://shop.example/account')).toBe('https://shop.example');
    expect(publicOrigin('https://shop.example', 'http://evil.example/')).toBe('https://shop.example');
    const settings = browserAuthSettings({ ...config, publicUrl: 'https://shop.example/store/' }, 'http://10.0.0.5:3000/');
    expect(settings.redirectUri).toBe('https://shop.example/store/auth/callback');
    expect(settings.postLogoutRedirectUri).toBe('https://shop.example/store/');
  });
});

describe('the UserManager settings (spec §9)', () => {
  const settings = userManagerSettings(browserAuthSettings(config, 'http://127.0.0.1:3100/'));

  it('use the authorization-code flow only, with automatic silent renewal and session monitoring', () => {
    expect(settings).toMatchObject({
      authority: 'http://127.0.0.1:3100/identity',
      client_id: 'storefront',
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:3100/auth/callback',
      popup_redirect_uri: 'http://127.0.0.1:3100/auth/popup-callback',
      silent_redirect_uri: 'http://127.0.0.1:3100/auth/silent-callback',
      post_logout_redirect_uri: 'http://127.0.0.1:3100/',
      automaticSilentRenew: true,
      monitorSession: true,
      loadUserInfo: false,
    });
  });

  it('carry the spec’s timings', () => {
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    expect(settings.silentRequestTimeoutInSeconds).toBe(10);
    expect(settings.checkSessionIntervalInSeconds).toBe(2);
    expect(settings.staleStateAgeInSeconds).toBe(900);
    expect(AUTH_TIMINGS.silentRenewRetrySeconds).toBe(5);
    expect(AUTH_TIMINGS.clockSkewSeconds).toBe(300);
  });

  it('revoke the access and refresh tokens on sign-out', () => {
    expect(settings.revokeTokenTypes).toEqual(['access_token', 'refresh_token']);
    expect(settings.revokeTokensOnSignout).toBe(true);
    // A successful revocation may answer with an empty text/plain body.
    expect(settings.revokeTokenAdditionalContentTypes).toEqual(['text/plain']);
  });
});

describe('the sign-in popup', () => {
  it('is 640 high and the widest of 800, 720, 600 and 480 that fits the screen, else 360', () => {
    expect(popupWidth(1920)).toBe(800);
    expect(popupWidth(800)).toBe(800);
    expect(popupWidth(799)).toBe(720);
    expect(popupWidth(720)).toBe(720);
    expect(popupWidth(700)).toBe(600);
    expect(popupWidth(600)).toBe(600);
    expect(popupWidth(599)).toBe(480);
    expect(popupWidth(480)).toBe(480);
    expect(popupWidth(479)).toBe(360);
    expect(popupWidth(390)).toBe(360);
    expect(popupWidth(0)).toBe(360);
    expect(popupWindowFeatures(1366)).toEqual({ width: 800, height: 640 });
  });
});
