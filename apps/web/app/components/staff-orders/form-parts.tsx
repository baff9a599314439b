import { useCallback, useEffect, useState, type RefObject } from 'react';
import { Link } from 'react-router';

/**
 * What the API said about a refused change, above the form's button; when the record moved on
 * meanwhile, a way to see it as it is now (`onStale`: a button, or a link to the page's address
 * for a form that works without scripts). `data-problem` lets the form take the keyboard here.
 */
export function ProblemAlert({ summary, stale, onStale }: { summary: string; stale: boolean; onStale: (() => void) | string }) {
  const staleClasses = 'font-semibold underline underline-offset-3';
  return (
    <p data-problem tabIndex={-1} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
      {summary}
      {stale && (
        <>
          {' '}
          {typeof onStale === 'string' ? (
            <Link to={onStale} className={staleClasses}>
              See where it is now
            </Link>
          ) : (
            <button type="button" onClick={onStale} className={staleClasses}>
              See where it is now
            </button>
          )}
        </>
      )}
    </p>
  );
}

/**
 * Takes the keyboard to a field (by id), or to the form's problem message (null), once React has
 * shown it: after the commit that renders the message, not on a frame that may come before it.
 */
export function useFocusAfterRender(form: RefObject<HTMLFormElement | null>): (id: string | null) => void {
  const [target, setTarget] = useState<{ id: string | null } | null>(null);
  useEffect(() => {
    if (target) (target.id ? document.getElementById(target.id) : form.current?.querySelector<HTMLElement>('[data-problem]'))?.focus();
  }, [target, form]);
  return useCallback((id: string | null) => setTarget({ id }), []);
}
