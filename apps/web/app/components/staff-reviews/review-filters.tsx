import { REVIEW_SOURCES, type ReviewSearchFacetsPage } from '@shop/contracts';
import { Form, Link, useNavigate } from 'react-router';
import { cn } from '../../lib/cn.ts';
import {
  hasFilters,
  REVIEW_SORTS,
  REVIEW_TABS,
  reviewFilters,
  reviewsHref,
  REVIEWS_PATH,
  sortOf,
  SORT_NAMES,
  SOURCE_NAMES,
  TAB_NAMES,
  type ReviewFilters,
} from '../../lib/staff-reviews/queue.ts';
import { useCategories } from '../../lib/use-categories.ts';
import { SearchActions } from '../staff/search-results.tsx';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

export type ReviewFacets = ReviewSearchFacetsPage['facets'];

const countOf = (list: readonly { value: string; count: number }[] | undefined, value: string) => list?.find((entry) => entry.value === value)?.count;
const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count.toLocaleString('en-GB')})`);

/** The status tabs, each with how many reviews it holds under the other filters. */
export function ReviewTabs({ filters, facets }: { filters: ReviewFilters; facets: ReviewFacets | undefined }) {
  const total = facets?.status.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <nav aria-label="Reviews by status" className="border-b border-navy-100">
      {/* Two rows of two on a phone, one row wider up: nothing to scroll sideways. */}
      <ul className="grid grid-cols-2 gap-x-1 sm:flex sm:flex-wrap">
        {REVIEW_TABS.map((tab) => {
          const current = filters.tab === tab;
          const count = tab === 'all' ? total : countOf(facets?.status, tab);
          return (
            <li key={tab}>
              <Link
                to={reviewsHref({ ...filters, tab, sort: undefined, page: 1 })}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  '-mb-px flex h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap',
                  current ? 'border-teal-700 text-navy-950' : 'border-transparent text-navy-700 hover:border-navy-300 hover:text-navy-950',
                )}
              >
                {TAB_NAMES[tab]}
                {/* The space is kept while counts load, so the tabs do not move. */}
                <span
                  className={cn(
                    'min-w-7 rounded-full px-2 py-0.5 text-center text-xs tabular-nums',
                    current ? 'bg-teal-700 text-white' : 'bg-navy-50 text-navy-800',
                  )}
                >
                  {count === undefined ? '…' : count.toLocaleString('en-GB')}
                  <span className="sr-only"> reviews</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Field ids, so the error summary can link to them. */
const FIELD_IDS = { q: 'reviews-q', ratingFrom: 'reviews-from', ratingTo: 'reviews-to', brand: 'reviews-brand', category: 'reviews-category' } as const;
export type FilterField = keyof typeof FIELD_IDS;

/**
 * The search, as a plain GET form in the address (so a search can be shared), with counts beside
 * the choices from the search's facets. `errors` are the API's messages for what was typed.
 */
export function ReviewFiltersForm({
  filters,
  facets,
  errors = {},
}: {
  filters: ReviewFilters;
  facets: ReviewFacets | undefined;
  errors?: Partial<Record<FilterField, string>>;
}) {
  const navigate = useNavigate();
  const categories = useCategories();
  const stars = [
    { value: '', label: 'Any' },
    ...['1', '2', '3', '4', '5'].map((value) => ({ value, label: withCount(`${value} ${value === '1' ? 'star' : 'stars'}`, countOf(facets?.rating, value)) })),
  ];
  const problems = (Object.keys(FIELD_IDS) as FilterField[]).flatMap((field) => (errors[field] ? [{ message: errors[field], fieldId: FIELD_IDS[field] }] : []));
  return (
    <Form
      // Keyed on the address so Back/Forward reset the fields to what the list shows.
      key={reviewsHref({ ...filters, page: 1 })}
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value.trim()) params.set(name, value);
        void navigate(reviewsHref({ ...reviewFilters(params), page: 1 }));
      }}
      method="get"
      action={REVIEWS_PATH}
      role="search"
      aria-label="Search reviews"
      className="space-y-4 rounded-2xl border border-navy-100 bg-sand-50 p-4"
    >
      <ErrorSummary problems={problems} />
      {filters.tab !== 'pending' && <input type="hidden" name="status" value={filters.tab} />}
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-4">
        <FormField id={FIELD_IDS.q} label="Words in the title or text" error={errors.q} className="col-span-2">
          {(control) => <Input {...control} type="search" name="q" defaultValue={filters.q} autoComplete="off" maxLength={200} />}
        </FormField>
        <FormField id={FIELD_IDS.ratingFrom} label="Lowest rating" error={errors.ratingFrom}>
          {(control) => <Select {...control} name="from" defaultValue={filters.ratingFrom ?? ''} options={stars} />}
        </FormField>
        <FormField id={FIELD_IDS.ratingTo} label="Highest rating" error={errors.ratingTo}>
          {(control) => <Select {...control} name="to" defaultValue={filters.ratingTo ?? ''} options={stars} />}
        </FormField>
        <FormField label="Photos">
          {(control) => (
            <Select
              {...control}
              name="photos"
              defaultValue={filters.photos ?? ''}
              options={[
                { value: '', label: 'Any' },
                { value: 'with', label: 'With photos' },
                { value: 'without', label: 'Without photos' },
              ]}
            />
          )}
        </FormField>
        <FormField label="Where it was written">
          {(control) => (
            <Select
              {...control}
              name="source"
              defaultValue={filters.source ?? ''}
              options={[
                { value: '', label: 'Anywhere' },
                ...REVIEW_SOURCES.map((value) => ({ value, label: withCount(SOURCE_NAMES[value], countOf(facets?.source, value)) })),
              ]}
            />
          )}
        </FormField>
        <FormField id={FIELD_IDS.brand} label="Brand" error={errors.brand}>
          {(control) => <Input {...control} name="brand" defaultValue={filters.brand} autoComplete="off" maxLength={100} />}
        </FormField>
        <FormField id={FIELD_IDS.category} label="Category" error={errors.category}>
          {(control) => (
            <Select {...control} name="category" defaultValue={filters.category ?? ''}>
              <option value="">Any</option>
              {filters.category &&
                !categories.some((top) => top.slug === filters.category || top.children.some((child) => child.slug === filters.category)) && (
                  <option value={filters.category}>{filters.category}</option>
                )}
              {categories.map((top) => (
                <optgroup key={top.slug} label={top.name}>
                  <option value={top.slug}>All {top.name.toLowerCase()}</option>
                  {top.children.map((child) => (
                    <option key={child.slug} value={child.slug}>
                      {child.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
          <label className="flex h-11 cursor-pointer items-center gap-3 text-sm font-medium text-navy-950">
            <input type="checkbox" name="verified" value="1" defaultChecked={filters.verifiedOnly} className="size-5 shrink-0 rounded accent-teal-700" />
            {withCount('Verified purchases only', countOf(facets?.verified, 'true'))}
          </label>
          <FormField label="Sort by" className="w-56">
            {(control) => (
              <Select {...control} name="sort" defaultValue={sortOf(filters)} options={REVIEW_SORTS.map((value) => ({ value, label: SORT_NAMES[value] }))} />
            )}
          </FormField>
        </div>
        <div className="flex items-center gap-3">
          <SearchActions clearTo={reviewsHref({ tab: filters.tab, verifiedOnly: false, page: 1 })} filtered={hasFilters(filters)} />
        </div>
      </div>
    </Form>
  );
}
