import { Link } from 'react-router';
import { ChevronRightIcon } from '../ui/icons.tsx';

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is the last crumb. */
  to?: string;
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-navy-700">
        {[{ label: 'Home', to: '/' }, ...trail].map((crumb, index) => (
          <li key={crumb.label} className="flex items-center gap-1">
            {index > 0 && <ChevronRightIcon className="size-3.5 text-navy-400" />}
            {crumb.to ? (
              <Link to={crumb.to} className="rounded hover:text-navy-950 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-navy-950">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
