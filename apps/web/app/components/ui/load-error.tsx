import { useId } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/** What a page shows when its data failed to load: what, why (from the API's problem), and a retry. */
export function LoadError({ title, error, onRetry, className }: { title: string; error: unknown; onRetry: () => void; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('rounded-2xl border border-red-200 bg-red-50 p-6', className)}>
      <h2 id={headingId} className="text-lg font-bold text-navy-950">
        {title}
      </h2>
      <p className="mt-1 text-navy-800">{apiProblemMessage(error)}</p>
      <Button className="mt-4" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}
