import { useId } from 'react';
import { Form, useSubmit } from 'react-router';
import { SORT_CHOICES, type ListingState } from '../../lib/listing-params.ts';
import { Button } from '../ui/button.tsx';
import { Select } from '../ui/select.tsx';
import { useHydrated } from './use-hydrated.ts';

/** "Sort by": a GET form that keeps the filters; with JavaScript a change applies at once. */
export function SortSelect({ state, query, className }: { state: ListingState; query?: string; className?: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form method="get" preventScrollReset className={className}>
      {query && <input type="hidden" name="q" value={query} />}
      {Object.entries(state.facets).flatMap(([facet, values]) =>
        values.map((value) => <input key={`${facet}-${value}`} type="hidden" name={facet} value={value} />),
      )}
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only shrink-0 text-sm font-semibold text-navy-800 sm:not-sr-only">
          Sort by
        </label>
        <Select
          id={id}
          name="sort"
          // Keyed so the control follows the address after back/forward navigation.
          key={state.sort}
          defaultValue={String(state.sort)}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
          options={SORT_CHOICES.map((choice) => ({ value: String(choice.value), label: choice.label }))}
          className="min-w-0 flex-1 sm:w-52 sm:flex-none"
        />
        {!hydrated && (
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        )}
      </div>
    </Form>
  );
}
