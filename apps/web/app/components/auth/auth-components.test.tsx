import { User } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toErrorContext, type AuthState } from '../../lib/auth/auth-state.ts';
import { AuthNotice } from './auth-problem.tsx';
import { ShopAuthContext, type ShopAuthActions } from './auth-provider.tsx';
import { HeaderAccount, shortName } from './header-account.tsx';
import { NeedStaffAccount } from './staff-gate.tsx';
import { unavailableAuth } from './use-shop-auth.ts';

const now = () => Math.floor(Date.now() / 1000);
const user = (profile: Record<string, unknown>, roles: string[] = []) =>
  new User({
    access_token: `h.${Buffer.from(JSON.stringify({ roles })).toString('base64url')}.s`,
    token_type: 'Bearer',
    profile: { sub: 'u1', iss: 'i', aud: 'storefront', exp: now() + 900, iat: now(), ...profile },
    expires_at: now() + 900,
  });

function render(state: AuthState, node: ReactNode, sessionHint = true, signedInName: string | null = null) {
  const actions: ShopAuthActions = { ...unavailableAuth, state, sessionHint, signedInName };
  return renderToString(
    <MemoryRouter initialEntries={['/help?topic=delivery']}>
      <ShopAuthContext value={actions}>{node}</ShopAuthContext>
    </MemoryRouter>,
  );
}

const signedIn = (profile: Record<string, unknown>, roles: string[] = []): AuthState => ({
  isLoading: false,
  isAuthenticated: true,
  user: user(profile, roles),
});

describe('the header’s account item', () => {
  it('is the plain "Account" link while a possible session is looked for, as the server renders it', () => {
    const html = render({ isLoading: true, isAuthenticated: false }, <HeaderAccount />);
    expect(html).toContain('href="/account"');
    expect(html).toContain('Account');
    expect(html).not.toContain('Sign in');
  });

  it('names the shopper the server’s session holds while the page’s client looks for them', () => {
    const html = render({ isLoading: true, isAuthenticated: false }, <HeaderAccount />, true, 'Sam Shopper');
    expect(html).toMatch(/<a [^>]*href="\/account"[^>]*>.*<span class="sr-only">Your account: <\/span>Sam<\/span><\/a>/);
  });

  it('is the "Sign in" link from the first render where the server saw no session hint', () => {
    const html = render({ isLoading: true, isAuthenticated: false }, <HeaderAccount />, false);
    // A real link to the page that starts signing in and comes back here, so a press before the scripts run works.
    expect(html).toMatch(/<a [^>]*href="\/auth\/sign-in\?returnTo=%2Fhelp%3Ftopic%3Ddelivery"[^>]*>.*Sign in<\/a>/);
  });

  it('is the "Sign in" link when signed out, busy while signing in', () => {
    expect(render({ isLoading: false, isAuthenticated: false }, <HeaderAccount />)).toMatch(/<a [^>]*href="\/auth\/sign-in\?[^"]*"[^>]*>.*Sign in<\/a>/);
    const busy = render({ isLoading: true, isAuthenticated: false, activeNavigator: 'signinRedirect' }, <HeaderAccount />);
    expect(busy).toContain('aria-busy="true"');
  });

  it('names the signed-in shopper and offers their account and signing out', () => {
    const html = render(signedIn({ name: 'Sam Shopper', email: 'shopper@demo.test' }), <HeaderAccount />);
    expect(html).toContain('Account menu for Sam Shopper');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('My account');
    expect(html).toContain('Sign out');
    expect(html).not.toContain('Staff mailbox');
    expect(render(signedIn({ name: 'Stevie Staff' }, ['admin']), <HeaderAccount />)).toContain('Staff mailbox');
  });

  it('shortens the name to fit the header', () => {
    expect(shortName('Sam Shopper')).toBe('Sam');
    expect(shortName('shopper@demo.test')).toBe('shopper');
  });
});

describe('the sign-in notice', () => {
  it('is an empty live region until something fails', () => {
    const html = render({ isLoading: false, isAuthenticated: false }, <AuthNotice />);
    expect(html).toMatch(/^<div aria-live="assertive" aria-atomic="true"[^>]*><\/div>$/);
  });

  it('says "Login failed" with an explanation, the library’s message and a Retry button', () => {
    const error = toErrorContext(new Error('Popup closed by user'), 'signinPopup');
    const html = render({ isLoading: false, isAuthenticated: false, error }, <AuthNotice />);
    expect(html).toContain('Login failed');
    expect(html).toContain('The sign-in window was closed before you finished. Try again.');
    expect(html).toContain('Popup closed by user');
    expect(html).toContain('Retry');
  });

  it('stays quiet about the attempt made on arrival', () => {
    const error = toErrorContext(new Error('IFrame timed out without a response'), 'signinSilent');
    expect(render({ isLoading: false, isAuthenticated: false, error }, <AuthNotice />)).not.toContain('Login failed');
  });
});

describe('a staff page the API refuses', () => {
  it('says a staff account is needed and who is signed in', () => {
    const html = render(
      signedIn({ name: 'Sam Shopper', email: 'shopper@demo.test' }, ['shopper']),
      <NeedStaffAccount what="The staff mailbox" who="administrators" />,
    );
    expect(html).toContain('You need a staff account');
    expect(html).toContain('shopper@demo.test');
  });
});
