import { useEffect, useMemo, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root.tsx';
import { describeAuthError, type AuthProblem } from '../../lib/auth/auth-messages.ts';
import { toErrorContext } from '../../lib/auth/auth-state.ts';
import { callbackResponseUrl } from '../../lib/auth/callback-url.ts';
import { settingsAt } from '../../lib/auth/settings.ts';
import { callbackUserManager } from '../../lib/auth/user-manager.client.ts';
import { LogoMark } from '../illustrations/logo.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ProblemDetails } from './auth-problem.tsx';

/**
 * The page the provider returns a popup or a hidden frame to: it hands the answer to the window
 * that opened it (which finishes the sign-in) and the popup then closes. Shown on its own, without
 * the shop's frame.
 */
export function CallbackFrame({ kind }: { kind: 'popup' | 'silent' }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const settings = useMemo(() => (root ? settingsAt(root.auth, root.siteUrl) : undefined), [root]);
  const [problem, setProblem] = useState<AuthProblem>();
  const handed = useRef(false);

  useEffect(() => {
    if (!settings || handed.current) return;
    handed.current = true;
    callbackUserManager(settings)
      .signinCallback(callbackResponseUrl(window.location.href))
      .catch((error: unknown) => setProblem(describeAuthError(toErrorContext(error, 'signinCallback'))));
  }, [settings]);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-sand-100 px-6 py-10 text-center">
      {/* Not a link: this window is only for signing in. */}
      <p className="inline-flex items-center gap-2 text-xl font-extrabold tracking-tight text-navy-950">
        <LogoMark className="size-9" />
        Plumbline
      </p>
      <div aria-live="assertive" aria-atomic="true" className="max-w-sm">
        {problem ? (
          <>
            <h1 className="text-2xl font-extrabold tracking-tight">{problem.title}</h1>
            <p className="mt-2 text-navy-700">{problem.explanation}</p>
            <ProblemDetails problem={problem} className="mt-3" />
            {kind === 'popup' && (
              <Button className="mt-5" onClick={() => window.close()}>
                Close this window
              </Button>
            )}
          </>
        ) : (
          <>
            <h1 className="flex items-center justify-center gap-2 text-2xl font-extrabold tracking-tight">
              <Spinner className="size-5 text-teal-700" />
              Signing you in…
            </h1>
            {kind === 'popup' && <p className="mt-2 text-navy-700">This window closes by itself in a moment.</p>}
            <noscript>
              <p className="mt-2 text-navy-700">Signing in needs JavaScript switched on in your browser.</p>
            </noscript>
          </>
        )}
      </div>
    </div>
  );
}
