import { Link } from 'react-router';
import type { Facet } from '@shop/contracts';
import { listingSearch, toggleOption, type ListingState } from '../../lib/listing-params.ts';
import { CloseIcon } from '../ui/icons.tsx';

export interface ActiveFiltersProps {
  facets: Facet[];
  state: ListingState;
  query?: string;
  pathname: string;
  clearHref: string;
}

/** The chosen filters as removable chips. Each chip is a link, so removing one works without JavaScript. */
export function ActiveFilters({ facets, state, query, pathname, clearHref }: ActiveFiltersProps) {
  const chips = Object.entries(state.facets).flatMap(([identifier, values]) => {
    const facet = facets.find((candidate) => candidate.identifier === identifier);
    return values.map((value) => {
      const option = facet?.options.find((candidate) => candidate.identifier === value);
      // Yes/no facets read as the facet's name ("In stock"); others as "Finish: Chrome".
      const label = value === 'yes' && facet ? facet.displayName : `${facet?.displayName ?? identifier}: ${option?.displayValue ?? value}`;
      return { key: `${identifier}=${value}`, label, to: `${pathname}${listingSearch(toggleOption(state, identifier, value), query)}` };
    });
  });
  if (chips.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.to}
              preventScrollReset
              className={
                'inline-flex h-9 items-center gap-1.5 rounded-full bg-teal-50 pr-2.5 pl-3.5 text-sm ' +
                'font-medium text-teal-900 ring-1 ring-teal-200 ring-inset transition hover:bg-teal-100'
              }
            >
              {chip.label}
              <CloseIcon className="size-4" />
              <span className="sr-only">(remove filter)</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={clearHref} preventScrollReset className="ml-1 text-sm font-semibold text-navy-800 underline underline-offset-2 hover:text-navy-950">
        Clear all filters
      </Link>
    </div>
  );
}
