import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../layout/empty-state.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { SearchIcon } from '../ui/icons.tsx';
import { Select, type SelectOption } from '../ui/select.tsx';

/** The look of a record's number or code linking to its page, in the staff lists. */
export const recordLink = 'font-mono font-semibold text-teal-700 underline decoration-teal-700/40 underline-offset-3 hover:decoration-teal-700';

const clearLink = 'font-semibold whitespace-nowrap text-teal-700 underline underline-offset-3';

/** A staff search form's buttons: search (or `label`), and clear when something is filtered. */
export function SearchActions({ clearTo, filtered, label = 'Search' }: { clearTo: string; filtered: boolean; label?: string }) {
  return (
    <>
      <Button type="submit">
        <SearchIcon className="size-4" />
        {label}
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

/** "Orders 21 to 40 of 57, newest first" (or in `order`), announced when the page changes. */
export function ResultsRange({
  page,
  singular,
  plural,
  order = 'newest first',
}: {
  page: { pageNumber: number; pageSize: number; totalCount: number; items: readonly unknown[] };
  singular: string;
  plural: string;
  order?: string;
}) {
  const first = (page.pageNumber - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  return (
    <p className="text-sm text-navy-700" role="status">
      {first === last ? `${singular} ${first}` : `${plural} ${first} to ${last}`} of {page.totalCount}, {order}
    </p>
  );
}

/** A search form's status filter: any status, or one of `statuses` (value and name). */
export function StatusFilter({ value, statuses }: { value: string | undefined; statuses: readonly SelectOption[] }) {
  return (
    <FormField label="Status">
      {(control) => <Select {...control} name="status" defaultValue={value ?? ''} options={[{ value: '', label: 'Any status' }, ...statuses]} />}
    </FormField>
  );
}

/** The top of a record's card in a staff list on phones: its number or name linking to it, and its badges. */
export function RecordCardHeading({ to, label, children }: { to: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <Link to={to} className={`${recordLink} text-base`}>
        {label}
      </Link>
      {children}
    </div>
  );
}
