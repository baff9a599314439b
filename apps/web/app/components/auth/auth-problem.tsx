import type { AuthProblem } from '../../lib/auth/auth-messages.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { CloseIcon } from '../ui/icons.tsx';
import { useShopAuth } from './use-shop-auth.ts';

const warningIcon = (
  <svg className="mt-0.5 size-5 shrink-0 text-red-700" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
    <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4h1.8v5.5H9.1V5.5Zm0 7h1.8v1.8H9.1v-1.8Z" />
  </svg>
);

/** The library's own words, folded away: support asks for them, shoppers need not read them. */
export function ProblemDetails({ problem, className }: { problem: AuthProblem; className?: string }) {
  return (
    <details className={cn('text-sm text-navy-700', className)}>
      <summary className="cursor-pointer font-medium text-navy-800 hover:underline">Details for our support team</summary>
      <code className="mt-1 block rounded bg-sand-100 px-2 py-1 font-mono text-xs break-words text-navy-900">{problem.detail}</code>
    </details>
  );
}

/**
 * Sign-in and sign-out failures ("Login failed", "Sign-out failed") for the whole page: a panel
 * fixed to the bottom of the window (so nothing moves), in a live region that is always present so
 * screen readers announce the message when it appears.
 */
export function AuthNotice() {
  const { problem, retry, dismissError, busy } = useShopAuth();
  return (
    <div aria-live="assertive" aria-atomic="true" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-start">
      {problem && (
        <div
          role="group"
          aria-label={problem.title}
          className="pointer-events-auto w-full max-w-md rounded-xl border border-l-4 border-navy-100 border-l-red-600 bg-white p-4 text-navy-950 shadow-lg"
        >
          <div className="flex items-start gap-3">
            {warningIcon}
            <div className="min-w-0 flex-1">
              <p className="font-bold">{problem.title}</p>
              <p className="mt-1 text-sm text-navy-800">{problem.explanation}</p>
              <ProblemDetails problem={problem} className="mt-2" />
              <div className="mt-3 flex gap-2">
                <Button size="sm" onClick={retry} loading={busy}>
                  Retry
                </Button>
              </div>
            </div>
            <button type="button" onClick={dismissError} className="-m-1 rounded p-1 text-navy-700 hover:bg-navy-50">
              <CloseIcon className="size-4" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
