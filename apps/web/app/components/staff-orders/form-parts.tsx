import { Link } from 'react-router';

/**
 * What the API said about a refused change, above the form's button; when the record moved on
 * meanwhile, a link to see it as it is now (`onStale`, the page's address: the forms work without
 * scripts). `data-problem` lets the form take the keyboard here.
 */
export function ProblemAlert({ summary, stale, onStale }: { summary: string; stale: boolean; onStale: string }) {
  return (
    <p data-problem tabIndex={-1} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
      {summary}
      {stale && (
        <>
          {' '}
          <Link to={onStale} className="font-semibold underline underline-offset-3">
            See where it is now
          </Link>
        </>
      )}
    </p>
  );
}
