import { useEffect, useEffectEvent, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/auth-sign-in';
import { SignInProgress } from '../components/auth/sign-in-progress.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { safeReturnPath } from '../lib/auth/callback-url.ts';
import { pageMeta } from '../lib/meta.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

// This page shows its own failures; the page-wide notice would repeat them.
export const handle: RouteHandle = { showsAuthProblem: true };

export const meta: Route.MetaFunction = () => [...pageMeta('Sign in', 'Sign in to your Plumbline account.'), { name: 'robots', content: 'noindex' }];

/**
 * Where the header's "Sign in" link leads when it is pressed before the page's scripts have run (or
 * opened in a new tab): once this page's scripts run, it leaves for the provider's sign-in page,
 * which comes back to `returnTo`. Someone already signed in goes straight back.
 */
export default function SignInPage() {
  const { status, signInWithRedirect } = useShopAuth();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const navigate = useNavigate();
  const started = useRef(false);

  // Once sign-in has settled: back if someone is signed in, else off to the provider (once).
  const settle = useEffectEvent((settled: typeof status) => {
    if (settled === 'signed-in') void navigate(returnTo, { replace: true });
    else if (settled === 'signed-out' && !started.current) {
      started.current = true;
      signInWithRedirect(returnTo);
    }
  });
  useEffect(() => settle(status), [status]);

  return (
    <SignInProgress heading="Taking you to sign in…" text="Afterwards you’ll come back to the page you were on." leave={{ to: returnTo, label: 'Go back' }} />
  );
}
