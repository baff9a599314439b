import { useId } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { cn } from '../../lib/cn.ts';
import { Button, ButtonLink } from './button.tsx';

/** From the browser, the failed call and a retry; from a loader, its sentence and the page's address to load again. */
type Failure = { error: unknown; onRetry: () => void } | { problem: string; retryTo: string };

/** What a page shows when its data failed to load: what, why (from the API's problem), and a retry. */
export function LoadError({ title, className, ...failure }: { title: string; className?: string } & Failure) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('rounded-2xl border border-red-200 bg-red-50 p-6', className)}>
      <h2 id={headingId} className="text-lg font-bold text-navy-950">
        {title}
      </h2>
      <p className="mt-1 text-navy-800">{'problem' in failure ? failure.problem : apiProblemMessage(failure.error)}</p>
      {'retryTo' in failure ? (
        <ButtonLink className="mt-4" variant="secondary" to={failure.retryTo}>
          Try again
        </ButtonLink>
      ) : (
        <Button className="mt-4" variant="secondary" onClick={failure.onRetry}>
          Try again
        </Button>
      )}
    </section>
  );
}
