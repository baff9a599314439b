import type { Route } from './+types/auth-callback';
import { ProblemDetails } from '../components/auth/auth-problem.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

// This page shows its own failures; the page-wide notice would repeat them.
export const handle: RouteHandle = { showsAuthProblem: true };

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Signing in', 'Finishing signing in to Plumbline.'),
  { name: 'robots', content: 'noindex' },
];

/**
 * Where the provider returns a redirect sign-in. The sign-in provider (in the root layout)
 * finishes it and moves on to the page the shopper came from; this shows progress or what failed.
 */
export default function AuthCallbackPage() {
  const { problem, status, retry, busy } = useShopAuth();
  return (
    <div className="container-page py-16 lg:py-24">
      <div aria-live="assertive" aria-atomic="true" className="mx-auto max-w-lg text-center">
        {problem ? (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight text-navy-950">{problem.title}</h1>
            <p className="mt-3 text-lg text-navy-700">{problem.explanation}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button onClick={retry} loading={busy}>
                Retry
              </Button>
              <ButtonLink to="/" variant="secondary">
                Go to the home page
              </ButtonLink>
            </div>
            <ProblemDetails problem={problem} className="mt-6" />
          </>
        ) : (
          <>
            <h1 className="flex items-center justify-center gap-3 text-3xl font-extrabold tracking-tight text-navy-950">
              <Spinner className="size-6 text-teal-700" />
              {status === 'signed-in' ? 'Signed in' : 'Signing you in…'}
            </h1>
            <p className="mt-3 text-lg text-navy-700">
              {status === 'signed-in' ? 'Taking you back to where you were.' : 'This takes a moment.'}
            </p>
            <noscript>
              <p className="mt-3 text-navy-700">Signing in needs JavaScript switched on in your browser.</p>
            </noscript>
          </>
        )}
      </div>
    </div>
  );
}
