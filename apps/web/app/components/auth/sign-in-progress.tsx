import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ProblemDetails } from './auth-problem.tsx';
import { useShopAuth } from './use-shop-auth.ts';

/**
 * The body of a page that is part of signing in (the start, the provider's return): how it is
 * going, or, once something failed, what went wrong with Retry and a way out (`leave`).
 */
export function SignInProgress({ heading, text, leave }: { heading: ReactNode; text: ReactNode; leave: { to: string; label: string } }) {
  const { problem, retry, busy } = useShopAuth();
  return (
    <div className="container-page py-16 lg:py-24">
      <div aria-live="assertive" aria-atomic="true" className="mx-auto max-w-lg text-center">
        {problem ? (
          <>
            <h1 className="text-2xl font-extrabold tracking-tight text-navy-950 sm:text-3xl">{problem.title}</h1>
            <p className="mt-3 text-lg text-navy-700">{problem.explanation}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button onClick={retry} loading={busy}>
                Retry
              </Button>
              <ButtonLink to={leave.to} variant="secondary">
                {leave.label}
              </ButtonLink>
            </div>
            <ProblemDetails problem={problem} className="mt-6" />
          </>
        ) : (
          <>
            <h1 className="flex items-center justify-center gap-3 text-2xl font-extrabold tracking-tight text-navy-950 sm:text-3xl">
              <Spinner className="size-6 text-teal-700" />
              {heading}
            </h1>
            <p className="mt-3 text-lg text-navy-700">{text}</p>
            <noscript>
              <p className="mt-3 text-navy-700">Signing in needs JavaScript switched on in your browser.</p>
            </noscript>
          </>
        )}
      </div>
    </div>
  );
}
