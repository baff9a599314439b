import type { Route } from './+types/auth-callback';
import { SignInProgress } from '../components/auth/sign-in-progress.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { pageMeta } from '../lib/meta.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

// This page shows its own failures; the page-wide notice would repeat them.
export const handle: RouteHandle = { showsAuthProblem: true };

export const meta: Route.MetaFunction = () => [...pageMeta('Signing in', 'Finishing signing in to Plumbline.'), { name: 'robots', content: 'noindex' }];

/**
 * Where the provider returns a redirect sign-in. The sign-in provider (in the root layout)
 * finishes it and moves on to the page the shopper came from; this shows progress or what failed.
 */
export default function AuthCallbackPage() {
  const { status } = useShopAuth();
  return (
    <SignInProgress
      heading={status === 'signed-in' ? 'Signed in' : 'Signing you in…'}
      text={status === 'signed-in' ? 'Taking you back to where you were.' : 'This takes a moment.'}
      leave={{ to: '/', label: 'Go to the home page' }}
    />
  );
}
