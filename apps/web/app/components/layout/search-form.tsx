import { Form } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { SearchIcon } from '../ui/icons.tsx';

export interface SearchFormProps {
  /** The current query, so the box keeps what was searched for. */
  defaultQuery?: string;
  /** Distinguishes several search boxes on one page (their ids and landmark names). */
  id: string;
  label?: string;
  className?: string;
}

/** A plain GET form to /search: it works before JavaScript loads and without it. */
export function SearchForm({ defaultQuery, id, label = 'Search products and categories', className }: SearchFormProps) {
  const inputId = `${id}-q`;
  return (
    <Form method="get" action="/search" role="search" aria-label={label} className={cn('relative flex w-full', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        key={defaultQuery}
        name="q"
        type="search"
        defaultValue={defaultQuery}
        placeholder="Search toilets, taps, radiators…"
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full min-w-0 rounded-l-lg border border-r-0 border-navy-300 bg-white pr-3 pl-4 text-base text-navy-950 placeholder:text-navy-500"
      />
      <button
        type="submit"
        className="inline-flex h-11 shrink-0 items-center gap-2 rounded-r-lg bg-brass-400 px-4 font-semibold text-navy-950 hover:bg-brass-300"
      >
        <SearchIcon className="size-5" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}
