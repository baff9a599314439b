import { Form, Link, useSubmit } from 'react-router';
import type { Facet } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';
import { hasFilters, type ListingState } from '../../lib/listing-params.ts';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { ChevronDownIcon } from '../ui/icons.tsx';
import { useHydrated } from './use-hydrated.ts';

export interface FacetPanelProps {
  facets: Facet[];
  state: ListingState;
  /** The search text, kept when filters change on the search page. */
  query?: string;
  /** Where "Clear all" goes: this listing with no filters. */
  clearHref: string;
  /** Show the "Filter by" heading (the mobile drawer has its own title). */
  heading?: boolean;
  className?: string;
}

/** Yes/no facets ("In stock", "On offer", "New") read best as one checkbox each, named by the facet. */
const isToggle = (facet: Facet) => facet.facetType === 'options' && facet.options.length === 1 && facet.options[0]?.identifier === 'yes';
/** Facets open on arrival; the rest stay folded so long lists (search has ~30 facets) stay scannable. */
const OPEN_FACETS = 4;

/**
 * The filters as a GET form: without JavaScript a shopper ticks boxes and presses "Apply"; with it,
 * each change navigates at once (the loader re-runs and every count updates). The counts come from
 * the API and are disjunctive: an option's count is what the listing would show with it added.
 */
export function FacetPanel({ facets, state, query, clearHref, heading = true, className }: FacetPanelProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const toggles = facets.filter(isToggle);
  const groups = facets.filter((facet) => !isToggle(facet) && facet.options.length > 0);
  // Selections the API no longer lists (e.g. from an old link) still travel with the form.
  const listed = new Set(facets.flatMap((facet) => facet.options.map((option) => `${facet.identifier}\u0000${option.identifier}`)));
  const unlisted = Object.entries(state.facets).flatMap(([facet, values]) =>
    values.filter((value) => !listed.has(`${facet}\u0000${value}`)).map((value) => [facet, value] as const),
  );

  const option = (facet: Facet, choice: Facet['options'][number], label: string) => (
    <Checkbox
      // Keyed on the selection so the box follows the address after each navigation.
      key={`${facet.identifier}-${choice.identifier}-${choice.selected}`}
      name={facet.identifier}
      value={choice.identifier}
      defaultChecked={choice.selected}
      disabled={choice.productCount === 0 && !choice.selected}
      onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
      label={
        <>
          {label} <span className="font-normal text-navy-600 tabular-nums">({choice.productCount.toLocaleString('en-GB')})</span>
        </>
      }
    />
  );

  return (
    <Form method="get" preventScrollReset className={cn('text-navy-950', className)} aria-label="Filters">
      {query && <input type="hidden" name="q" value={query} />}
      {state.sort !== 1 && <input type="hidden" name="sort" value={state.sort} />}
      {unlisted.map(([facet, value]) => (
        <input key={`${facet}-${value}`} type="hidden" name={facet} value={value} />
      ))}

      <div className={cn('flex items-center justify-between gap-4', heading ? 'pb-3' : 'sr-only')}>
        <h2 className="text-lg font-bold tracking-tight">Filter by</h2>
        {hasFilters(state) && (
          <Link to={clearHref} preventScrollReset className="text-sm font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900">
            Clear all
          </Link>
        )}
      </div>

      {toggles.length > 0 && (
        <fieldset className="space-y-3 border-t border-navy-100 py-4">
          <legend className="sr-only">Show only</legend>
          {toggles.map((facet) => facet.options[0] && option(facet, facet.options[0], facet.displayName))}
        </fieldset>
      )}

      {groups.map((facet, index) => {
        const selectedCount = facet.options.filter((choice) => choice.selected).length;
        return (
          <details key={facet.identifier} open={index < OPEN_FACETS || selectedCount > 0} className="group/facet border-t border-navy-100">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 py-4 font-semibold [&::-webkit-details-marker]:hidden">
              <span>
                {facet.displayName}
                {selectedCount > 0 && <span className="ml-2 rounded-full bg-teal-700 px-2 py-0.5 text-xs text-white">{selectedCount}</span>}
              </span>
              <ChevronDownIcon className="size-5 shrink-0 text-navy-700 transition-transform group-open/facet:rotate-180" />
            </summary>
            <fieldset className="space-y-3 pb-5">
              <legend className="sr-only">{facet.displayName}</legend>
              {facet.options.map((choice) => option(facet, choice, choice.displayValue))}
            </fieldset>
          </details>
        );
      })}

      {!hydrated && (
        <Button type="submit" variant="primary" className="mt-4 w-full">
          Apply filters
        </Button>
      )}
    </Form>
  );
}
