import { describe, expect, it } from 'vitest';
import { callbackResponseUrl, hasAuthResponse, isSignoutResponse, safeReturnPath } from './callback-url.ts';

describe('callback addresses', () => {
  it('leave an answer in the query string as it is', () => {
    const href = 'http://127.0.0.1:3100/auth/callback?code=abc&state=s1&iss=x';
    expect(callbackResponseUrl(href)).toBe(href);
    expect(hasAuthResponse(href)).toBe(true);
  });

  it('move an answer in the fragment (response_mode=fragment) into the query string', () => {
    expect(callbackResponseUrl('http://127.0.0.1:3100/auth/callback#code=abc&state=s1')).toBe('http://127.0.0.1:3100/auth/callback?code=abc&state=s1');
    expect(callbackResponseUrl('http://127.0.0.1:3100/auth/popup-callback#error=access_denied&state=s2')).toBe(
      'http://127.0.0.1:3100/auth/popup-callback?error=access_denied&state=s2',
    );
    expect(hasAuthResponse('http://127.0.0.1:3100/auth/callback#error=login_required&state=s1')).toBe(true);
  });

  it('need code or error, and state', () => {
    expect(hasAuthResponse('http://127.0.0.1:3100/auth/callback')).toBe(false);
    expect(hasAuthResponse('http://127.0.0.1:3100/auth/callback?code=abc')).toBe(false);
    expect(hasAuthResponse('http://127.0.0.1:3100/auth/callback#state=s1')).toBe(false);
    expect(callbackResponseUrl('http://127.0.0.1:3100/auth/callback#top')).toBe('http://127.0.0.1:3100/auth/callback#top');
  });

  it('recognise the end-session endpoint’s return to the post-logout page', () => {
    const postLogout = 'http://127.0.0.1:3100/';
    expect(isSignoutResponse('http://127.0.0.1:3100/?state=s9', postLogout)).toBe(true);
    expect(isSignoutResponse('http://127.0.0.1:3100/', postLogout)).toBe(false);
    expect(isSignoutResponse('http://127.0.0.1:3100/search?state=s9', postLogout)).toBe(false);
    expect(isSignoutResponse('http://127.0.0.1:3100/?code=c&state=s9', postLogout)).toBe(false);
  });
});

describe('the return path after signing in', () => {
  it('is a path on this site', () => {
    expect(safeReturnPath('/account')).toBe('/account');
    expect(safeReturnPath('/search?q=tap#results')).toBe('/search?q=tap#results');
  });

  it('is never another site, a scheme or a callback page', () => {
    for (const candidate of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'account',
      '',
      undefined,
      42,
      { path: '/' },
    ]) {
      expect(safeReturnPath(candidate)).toBe('/');
    }
    expect(safeReturnPath('/auth/callback?code=x&state=y')).toBe('/');
    expect(safeReturnPath('//evil.example', '/account')).toBe('/account');
  });
});
