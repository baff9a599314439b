import { TRADE_APPLICATION_STATUS_NAMES, TRADE_APPLICATION_STATUSES, type TradeBand } from '@shop/contracts';
import type { FormEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import {
  ACCOUNT_SORTS,
  accountFilters,
  accountsHref,
  APPLICATION_SORTS,
  applicationFilters,
  applicationsHref,
  hasFilters,
  type ApplicationFilters,
  type StaffSearchFilters,
} from '../../lib/trade/staff-search.ts';
import { STAFF_TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { SearchActions, StatusFilter } from '../staff/search-results.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

/** Once the page's scripts run, a search goes to its tidy address (empty fields left out); without them the plain GET does the same. */
function useSearchSubmit(toHref: (params: URLSearchParams) => string) {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') params.set(name, value);
    params.delete('page');
    void navigate(toHref(params));
  };
}

const bandOptions = (bands: readonly TradeBand[]) => [
  { value: '', label: 'Any band' },
  ...bands.map((band) => ({ value: band.code, label: `${band.name} (${band.code})` })),
];

/** The shared fields: words, band, a date range and the sort. */
function CommonFields({
  filters,
  bands,
  sorts,
  dates,
}: {
  filters: StaffSearchFilters;
  bands: readonly TradeBand[];
  sorts: readonly { value: string; label: string }[];
  dates: string;
}) {
  return (
    <>
      <FormField label="Name, e-mail, postcode or number" className="sm:col-span-2">
        {(control) => <Input {...control} type="search" name="q" defaultValue={filters.q} autoComplete="off" spellCheck={false} maxLength={120} />}
      </FormField>
      <FormField label="Band">{(control) => <Select {...control} name="band" defaultValue={filters.band ?? ''} options={bandOptions(bands)} />}</FormField>
      <FormField label={`${dates} from`}>{(control) => <Input {...control} type="date" name="from" defaultValue={filters.from} />}</FormField>
      <FormField label={`${dates} to`}>{(control) => <Input {...control} type="date" name="to" defaultValue={filters.to} />}</FormField>
      <FormField label="Sort">{(control) => <Select {...control} name="sort" defaultValue={filters.sort} options={sorts} />}</FormField>
    </>
  );
}

const formClasses = 'grid gap-4 rounded-2xl border border-navy-100 bg-sand-50 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end';

export function ApplicationSearchForm({ filters, bands }: { filters: ApplicationFilters; bands: readonly TradeBand[] }) {
  const submit = useSearchSubmit((params) => applicationsHref(applicationFilters(params)));
  return (
    <Form
      key={applicationsHref({ ...filters, page: 1 })}
      method="get"
      action={STAFF_TRADE_PATHS.queue}
      onSubmit={submit}
      role="search"
      aria-label="Find applications"
      className={formClasses}
    >
      <CommonFields filters={filters} bands={bands} sorts={APPLICATION_SORTS} dates="Sent" />
      <StatusFilter
        value={filters.status}
        statuses={TRADE_APPLICATION_STATUSES.map((status) => ({ value: status, label: TRADE_APPLICATION_STATUS_NAMES[status] }))}
      />
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-1">
        <SearchActions clearTo={STAFF_TRADE_PATHS.queue} filtered={hasFilters(filters)} />
      </div>
    </Form>
  );
}

export function AccountSearchForm({ filters, bands }: { filters: StaffSearchFilters; bands: readonly TradeBand[] }) {
  const submit = useSearchSubmit((params) => accountsHref(accountFilters(params)));
  return (
    <Form
      key={accountsHref({ ...filters, page: 1 })}
      method="get"
      action={STAFF_TRADE_PATHS.accounts}
      onSubmit={submit}
      role="search"
      aria-label="Find trade accounts"
      className={formClasses}
    >
      <CommonFields filters={filters} bands={bands} sorts={ACCOUNT_SORTS} dates="Opened" />
      <div className="flex items-center gap-3 sm:col-span-2">
        <SearchActions clearTo={STAFF_TRADE_PATHS.accounts} filtered={hasFilters(filters)} />
      </div>
    </Form>
  );
}
