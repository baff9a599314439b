import { Link } from 'react-router';
import { ChevronRightIcon } from '../ui/icons.tsx';

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is the last crumb. */
  to?: string;
  /**
   * Opened as a whole page rather than by the page's scripts: a guest's order page, whose link cookie
   * (`Path=/order-help/<number>`) a script's data request (`/order-help/<number>.data`) would not carry.
   */
  reloadDocument?: boolean;
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      {/* Each crumb styled from the list (app.css's `.crumbs`). */}
      <ol className="crumbs">
        {[{ label: 'Home', to: '/' }, ...trail].map((crumb, index) => (
          <li key={crumb.label}>
            {index > 0 && <ChevronRightIcon className="size-3.5 text-navy-400" />}
            {crumb.to ? (
              <Link to={crumb.to} reloadDocument={crumb.reloadDocument}>
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
