import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../layout/empty-state.tsx';
import { Button } from '../ui/button.tsx';
import { SearchIcon } from '../ui/icons.tsx';

/** The look of a record's number or code linking to its page, in the staff lists. */
export const recordLink = 'font-mono font-semibold text-teal-700 underline decoration-teal-700/40 underline-offset-3 hover:decoration-teal-700';

const clearLink = 'font-semibold whitespace-nowrap text-teal-700 underline underline-offset-3';

/** A staff search form's buttons: search, and clear when something is filtered. */
export function SearchActions({ clearTo, filtered }: { clearTo: string; filtered: boolean }) {
  return (
    <>
      <Button type="submit">
        <SearchIcon className="size-4" />
        Search
      </Button>
      {filtered && (
        <Link to={clearTo} className={`inline-flex h-11 items-center px-1 ${clearLink}`}>
          Clear filters
        </Link>
      )}
    </>
  );
}

/** No results: a way back when filters hid everything, what to do when there is nothing yet. */
export function NoResults({
  icon,
  noun,
  filtered,
  clearTo,
  children,
}: {
  icon: ReactNode;
  noun: string;
  filtered: boolean;
  clearTo: string;
  children: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title={filtered ? `No ${noun} match` : `No ${noun} yet`}
      actions={
        filtered ? (
          <Link to={clearTo} className={clearLink}>
            Clear filters
          </Link>
        ) : undefined
      }
    >
      <p>{children}</p>
    </EmptyState>
  );
}

/** "Orders 21 to 40 of 57, newest first", announced when the page changes. */
export function ResultsRange({
  page,
  singular,
  plural,
}: {
  page: { pageNumber: number; pageSize: number; totalCount: number; items: readonly unknown[] };
  singular: string;
  plural: string;
}) {
  const first = (page.pageNumber - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  return (
    <p className="text-sm text-navy-700" role="status">
      {first === last ? `${singular} ${first}` : `${plural} ${first} to ${last}`} of {page.totalCount}, newest first
    </p>
  );
}
