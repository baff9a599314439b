import { TRADE_APPLICATION_STATUSES, type TradeAccountSearch, type TradeApplicationSearch, type TradeApplicationStatus } from '@shop/contracts';
import { STAFF_TRADE_PATHS } from './trade-paths.ts';

/**
 * The staff searches of applications and trade accounts, kept in the address (`?q=&status=&band=
 * &from=&to=&sort=&page=`) so a filtered list can be shared and works as a plain GET form; read
 * back leniently (anything the API would refuse is dropped) and turned into the spec's search body.
 */
export const STAFF_PAGE_SIZE = 20;

export interface StaffSearchFilters {
  q?: string;
  band?: string;
  from?: string;
  to?: string;
  sort: string;
  page: number;
}
export interface ApplicationFilters extends StaffSearchFilters {
  status?: TradeApplicationStatus;
}

/** The sorts staff can choose: a field and a direction, as the address names them. */
export const APPLICATION_SORTS = [
  { value: 'submitted-desc', label: 'Newest first', sortBy: 'submittedAt', sortDirection: 'desc' },
  { value: 'submitted-asc', label: 'Oldest first', sortBy: 'submittedAt', sortDirection: 'asc' },
  { value: 'updated-desc', label: 'Recently changed', sortBy: 'updatedAt', sortDirection: 'desc' },
  { value: 'name-asc', label: 'Name, A to Z', sortBy: 'legalName', sortDirection: 'asc' },
] as const;
export const ACCOUNT_SORTS = [
  { value: 'opened-desc', label: 'Newest first', sortBy: 'createdAt', sortDirection: 'desc' },
  { value: 'opened-asc', label: 'Oldest first', sortBy: 'createdAt', sortDirection: 'asc' },
  { value: 'name-asc', label: 'Name, A to Z', sortBy: 'legalName', sortDirection: 'asc' },
  { value: 'band-desc', label: 'Highest band first', sortBy: 'band', sortDirection: 'desc' },
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (value: string | null) => (value && DATE.test(value) ? value : undefined);

function baseFilters(search: URLSearchParams, sorts: readonly { value: string }[]): StaffSearchFilters {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const sort = search.get('sort') ?? '';
  return {
    q: search.get('q')?.trim().slice(0, 120) || undefined,
    band: search.get('band')?.trim().slice(0, 16) || undefined,
    from: date(search.get('from')),
    to: date(search.get('to')),
    sort: sorts.some((option) => option.value === sort) ? sort : sorts[0]!.value,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

export function applicationFilters(search: URLSearchParams): ApplicationFilters {
  const status = search.get('status') ?? '';
  return {
    ...baseFilters(search, APPLICATION_SORTS),
    status: (TRADE_APPLICATION_STATUSES as readonly string[]).includes(status) ? (status as TradeApplicationStatus) : undefined,
  };
}

export const accountFilters = (search: URLSearchParams): StaffSearchFilters => baseFilters(search, ACCOUNT_SORTS);

/** The sort the address names, else the first. */
export const sortOf = <S extends { value: string }>(sorts: readonly S[], value: string): S => sorts.find((option) => option.value === value) ?? sorts[0]!;

export function applicationSearchBody(filters: ApplicationFilters): TradeApplicationSearch {
  const sort = sortOf(APPLICATION_SORTS, filters.sort);
  return {
    text: filters.q,
    statuses: filters.status ? [filters.status] : undefined,
    bandCodes: filters.band ? [filters.band] : undefined,
    submittedFrom: filters.from,
    submittedTo: filters.to,
    sortBy: sort.sortBy,
    sortDirection: sort.sortDirection,
    pageNumber: filters.page,
    pageSize: STAFF_PAGE_SIZE,
  };
}

export function accountSearchBody(filters: StaffSearchFilters): TradeAccountSearch {
  const sort = sortOf(ACCOUNT_SORTS, filters.sort);
  return {
    text: filters.q,
    bandCodes: filters.band ? [filters.band] : undefined,
    createdFrom: filters.from,
    createdTo: filters.to,
    sortBy: sort.sortBy,
    sortDirection: sort.sortDirection,
    pageNumber: filters.page,
    pageSize: STAFF_PAGE_SIZE,
  };
}

/** The list's address with these filters (defaults and empty ones left out). */
function href(path: string, filters: StaffSearchFilters & { status?: string }, defaultSort: string): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.band) params.set('band', filters.band);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.sort !== defaultSort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export const applicationsHref = (filters: ApplicationFilters) => href(STAFF_TRADE_PATHS.queue, filters, APPLICATION_SORTS[0].value);
export const accountsHref = (filters: StaffSearchFilters) => href(STAFF_TRADE_PATHS.accounts, filters, ACCOUNT_SORTS[0].value);

/** Whether anything narrows the list (the sort does not). */
export const hasFilters = (filters: StaffSearchFilters & { status?: string }) =>
  Boolean(filters.q || filters.status || filters.band || filters.from || filters.to);
